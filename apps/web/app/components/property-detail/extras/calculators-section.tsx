import { toPounds, toPoundsAndPence } from '@agency/domain'
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import type { CalculatorSummary } from './calculator-summary.ts'
import type * as CalculatorsModuleType from './calculators.tsx'
import { EXTRAS_COPY } from './copy.ts'

// The interactive calculator is its own chunk, fetched on intent: when the section nears the viewport,
// or the visitor points at or opens it. The page itself carries only this section's few lines.
type CalculatorsModule = typeof CalculatorsModuleType
let calculatorsModule: Promise<CalculatorsModule> | undefined
const loadCalculators = () => (calculatorsModule ??= import('./calculators.tsx'))
const Calculators = lazy(loadCalculators)

/** The figures the server worked out: what each buyer pays, and a repayment example. */
function ServerFigures({ summary }: { summary: CalculatorSummary }) {
  const { mortgage } = summary
  return (
    <dl className="facts-list extras-calc__figures">
      {summary.figures.map((figure) => (
        <div key={figure.buyerType} className="facts-list__row">
          <dt>{figure.label}</dt>
          <dd>{toPounds(figure.tax)}</dd>
        </div>
      ))}
      <div className="facts-list__row">
        <dt>{EXTRAS_COPY.CALCULATOR_EXAMPLE(toPounds(mortgage.deposit), String(mortgage.annualRate), mortgage.termYears)}</dt>
        <dd>{toPoundsAndPence(mortgage.repaymentMonthly)}</dd>
      </div>
    </dl>
  )
}

/**
 * Stamp duty (or LBTT, LTT) and mortgage calculators of a sales page. The server renders the tax of a
 * standard purchase and, inside the disclosure, every buyer type's figure, so the section works
 * without JavaScript; opening it with JavaScript swaps those figures for the calculator.
 */
export function CalculatorsSection({ summary }: { summary: CalculatorSummary | null }) {
  const sectionRef = useRef<HTMLElement>(null)
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    // Opened before React took over: the toggle event went unheard.
    if (detailsRef.current?.open) setOpen(true)
    const section = sectionRef.current
    if (!section || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          void loadCalculators()
          observer.disconnect()
        }
      },
      { rootMargin: '400px' },
    )
    observer.observe(section)
    return () => observer.disconnect()
  }, [])

  if (!summary) return null
  return (
    <section ref={sectionRef} id="calculators" className="detail-section extras-calc" aria-labelledby="calculators-heading">
      <h2 id="calculators-heading">{EXTRAS_COPY.CALCULATOR_HEADING}</h2>
      <p className="extras-calc__headline">
        {summary.taxName} ({EXTRAS_COPY.TAX_COUNTRY[summary.country]}) {EXTRAS_COPY.CALCULATOR_HOME_MOVER_AT} {toPounds(summary.price)}:{' '}
        <strong>{toPounds(summary.taxes.home_mover)}</strong>
      </p>
      <details ref={detailsRef} className="extras-calc__details" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary onPointerEnter={() => void loadCalculators()} onFocus={() => void loadCalculators()}>
          {EXTRAS_COPY.CALCULATOR_OPEN}
        </summary>
        {open ? (
          <Suspense fallback={<ServerFigures summary={summary} />}>
            <Calculators summary={summary} />
          </Suspense>
        ) : (
          <ServerFigures summary={summary} />
        )}
      </details>
      <p className="extras-calc__note">{EXTRAS_COPY.CALCULATOR_NOTE}</p>
    </section>
  )
}
