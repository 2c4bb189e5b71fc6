import {
  BUYER_TYPES,
  BUYER_TYPE_LABELS,
  PROPERTY_TAX_NAMES,
  calculateMortgage,
  calculatePropertyTax,
  toPounds,
  toPoundsAndPence,
  type BuyerType,
} from '@agency/domain'
import { useId, useState, type ReactNode } from 'react'
import type { CalculatorSummary } from './calculator-summary.ts'
import { CALCULATOR_COPY } from './calculator-copy.ts'

/** Reads what a visitor typed as a number: '£295,000' → 295000, '' → NaN. */
function toNumber(text: string): number {
  const clean = text.replace(/[£,\s%]/g, '')
  return clean === '' ? Number.NaN : Number(clean)
}

function Field(props: {
  label: string
  value: string
  onChange: (value: string) => void
  error: string | null
  inputMode: 'numeric' | 'decimal'
}) {
  const id = useId()
  return (
    <div className="extras-calc__field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        inputMode={props.inputMode}
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error && (
        <p id={`${id}-error`} className="extras-calc__error">
          {props.error}
        </p>
      )}
    </div>
  )
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="facts-list__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** The interactive stamp duty and mortgage calculator (loaded on intent by CalculatorsSection). */
export default function Calculators({ summary }: { summary: CalculatorSummary }) {
  const [price, setPrice] = useState(String(summary.price))
  const [buyerType, setBuyerType] = useState<BuyerType>('home_mover')
  const [deposit, setDeposit] = useState(String(summary.mortgage.deposit))
  const [rate, setRate] = useState(String(summary.mortgage.annualRate))
  const [term, setTerm] = useState(String(summary.mortgage.termYears))
  const buyerName = useId()

  const tax = calculatePropertyTax({ price: toNumber(price), buyerType, country: summary.country })
  const mortgage = calculateMortgage({
    price: toNumber(price),
    deposit: toNumber(deposit),
    annualRate: toNumber(rate),
    termYears: toNumber(term),
  })
  const errorOf = (field: string) => (!mortgage.success && mortgage.field === field ? mortgage.message : null)
  const priceError = !tax.success ? tax.message : errorOf('price')

  return (
    <form className="extras-calc__form" aria-label={CALCULATOR_COPY.FORM} onSubmit={(event) => event.preventDefault()}>
      <div className="extras-calc__inputs">
        <Field label={CALCULATOR_COPY.PRICE} value={price} onChange={setPrice} error={priceError} inputMode="numeric" />
        <fieldset className="extras-calc__buyer">
          <legend>{CALCULATOR_COPY.BUYER}</legend>
          {BUYER_TYPES.map((type) => (
            <label key={type}>
              <input type="radio" name={buyerName} value={type} checked={buyerType === type} onChange={() => setBuyerType(type)} />{' '}
              {BUYER_TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
        <Field label={CALCULATOR_COPY.DEPOSIT} value={deposit} onChange={setDeposit} error={errorOf('deposit')} inputMode="numeric" />
        <Field label={CALCULATOR_COPY.RATE} value={rate} onChange={setRate} error={errorOf('annualRate')} inputMode="decimal" />
        <Field label={CALCULATOR_COPY.TERM} value={term} onChange={setTerm} error={errorOf('termYears')} inputMode="numeric" />
      </div>
      <div className="extras-calc__results" role="status" aria-live="polite" aria-label={CALCULATOR_COPY.RESULTS}>
        {tax.success && (
          <dl className="facts-list">
            <Row term={PROPERTY_TAX_NAMES[tax.data.regime]}>{toPounds(tax.data.tax)}</Row>
            {tax.data.supplement > 0 && <Row term={CALCULATOR_COPY.SUPPLEMENT}>{toPounds(tax.data.supplement)}</Row>}
            <Row term={CALCULATOR_COPY.EFFECTIVE_RATE}>{`${tax.data.effectiveRate}%`}</Row>
            {tax.data.firstTimeRelief && <Row term={CALCULATOR_COPY.FIRST_TIME_RELIEF}>✓</Row>}
          </dl>
        )}
        {mortgage.success && (
          <dl className="facts-list">
            <Row term={CALCULATOR_COPY.LOAN}>{toPounds(mortgage.data.loan)}</Row>
            <Row term={CALCULATOR_COPY.REPAYMENT}>{toPoundsAndPence(mortgage.data.repaymentMonthly)}</Row>
            <Row term={CALCULATOR_COPY.INTEREST_ONLY}>{toPoundsAndPence(mortgage.data.interestOnlyMonthly)}</Row>
            <Row term={CALCULATOR_COPY.TOTAL_INTEREST}>{toPoundsAndPence(mortgage.data.repaymentInterest)}</Row>
          </dl>
        )}
      </div>
    </form>
  )
}
