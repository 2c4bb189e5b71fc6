import { EPC_BANDS, isEpcRating, type EpcRating, type MaterialInformation } from '@agency/domain'
import { EXTRAS_COPY } from './copy.ts'

/** The colours every EPC prints its bands in, A green to G red. */
const BAND_COLOURS: Record<EpcRating, string> = {
  A: '#008054',
  B: '#19b459',
  C: '#8dce46',
  D: '#ffd500',
  E: '#fcaa65',
  F: '#ef8023',
  G: '#e9153b',
}
/** Letters that need dark text on their band for contrast. */
const DARK_TEXT = new Set<EpcRating>(['B', 'C', 'D', 'E', 'F'])

const ROW = 30
const TOP = 28
const BAR_X = 8
const BAR_MIN = 96
const BAR_STEP = 24
const COLUMN_WIDTH = 78
const CURRENT_X = 300
const POTENTIAL_X = CURRENT_X + COLUMN_WIDTH + 4
const WIDTH = POTENTIAL_X + COLUMN_WIDTH
const HEIGHT = TOP + EPC_BANDS.length * ROW + 26

const rowOf = (rating: EpcRating) => EPC_BANDS.findIndex((band) => band.rating === rating)

/** A rating's label: the letter with its score when known, 'C 72'. */
const toLabel = (rating: EpcRating, score: number | null) => (score === null ? rating : `${rating} ${score}`)

/** An arrow pointing left at a band row, with the rating inside. */
function Marker({ x, rating, score }: { x: number; rating: EpcRating; score: number | null }) {
  const y = TOP + rowOf(rating) * ROW
  const h = ROW - 4
  const tip = 12
  return (
    <g>
      <polygon
        points={`${x},${y + 2 + h / 2} ${x + tip},${y + 2} ${x + COLUMN_WIDTH - 6},${y + 2} ${x + COLUMN_WIDTH - 6},${y + 2 + h} ${x + tip},${y + 2 + h}`}
        fill={BAND_COLOURS[rating]}
      />
      <text x={x + tip + (COLUMN_WIDTH - 6 - tip) / 2} y={y + 2 + h / 2} className={DARK_TEXT.has(rating) ? 'extras-epc__text--dark' : 'extras-epc__text--light'} textAnchor="middle" dominantBaseline="central">
        {toLabel(rating, score)}
      </text>
    </g>
  )
}

/** Whether the chart has a rating to draw (a visitor's locked property, and many homes, have none). */
export function hasEpcChart(info: MaterialInformation | null): info is MaterialInformation {
  return info !== null && isEpcRating(info.epc_rating)
}

/**
 * The EPC energy efficiency chart, A–G bars with the current and potential ratings, drawn from the
 * data. The picture is one image to assistive technology, named by the caption that states both ratings.
 */
export function EpcChart({ info, embedded = false }: { info: MaterialInformation | null; embedded?: boolean }) {
  // (isEpcRating again narrows the rating's type.)
  if (!hasEpcChart(info) || !isEpcRating(info.epc_rating)) return null
  const current = info.epc_rating
  const potential = info.epc_potential_rating
  const Wrapper = embedded ? 'div' : 'section'
  const Heading = embedded ? 'h3' : 'h2'
  const summary = EXTRAS_COPY.EPC_SUMMARY(toLabel(current, info.epc_current_score), potential ? toLabel(potential, info.epc_potential_score) : null)
  return (
    // Embedded: a part of the property page's one energy section, beside its EPC documents (documents.tsx).
    <Wrapper id="energy-efficiency" className={embedded ? 'extras-epc extras-epc--embedded' : 'detail-section extras-epc'} aria-labelledby="energy-efficiency-heading">
      <Heading id="energy-efficiency-heading">{EXTRAS_COPY.EPC_HEADING}</Heading>
      <figure className="extras-epc__figure">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="epc-chart-caption" className="extras-epc__chart">
          <text x={BAR_X} y={TOP - 10} className="extras-epc__small">
            {EXTRAS_COPY.EPC_MORE_EFFICIENT}
          </text>
          <text x={CURRENT_X + COLUMN_WIDTH / 2} y={TOP - 10} textAnchor="middle" className="extras-epc__heading">
            {EXTRAS_COPY.EPC_CURRENT}
          </text>
          <text x={POTENTIAL_X + COLUMN_WIDTH / 2} y={TOP - 10} textAnchor="middle" className="extras-epc__heading">
            {EXTRAS_COPY.EPC_POTENTIAL}
          </text>
          {EPC_BANDS.map((band, i) => {
            const y = TOP + i * ROW
            const width = BAR_MIN + i * BAR_STEP
            const range = band.max === null ? `(${band.min}+)` : `(${band.min}-${band.max})`
            return (
              <g key={band.rating}>
                <rect x={BAR_X} y={y + 2} width={width} height={ROW - 4} fill={BAND_COLOURS[band.rating]} />
                <text x={BAR_X + 6} y={y + ROW / 2} dominantBaseline="central" className={DARK_TEXT.has(band.rating) ? 'extras-epc__range extras-epc__text--dark' : 'extras-epc__range extras-epc__text--light'}>
                  {range}
                </text>
                <text x={BAR_X + width - 8} y={y + ROW / 2} dominantBaseline="central" textAnchor="end" className={DARK_TEXT.has(band.rating) ? 'extras-epc__letter extras-epc__text--dark' : 'extras-epc__letter extras-epc__text--light'}>
                  {band.rating}
                </text>
              </g>
            )
          })}
          <line x1={CURRENT_X - 2} y1={TOP - 26} x2={CURRENT_X - 2} y2={TOP + EPC_BANDS.length * ROW} className="extras-epc__rule" />
          <line x1={POTENTIAL_X - 2} y1={TOP - 26} x2={POTENTIAL_X - 2} y2={TOP + EPC_BANDS.length * ROW} className="extras-epc__rule" />
          <Marker x={CURRENT_X} rating={current} score={info.epc_current_score} />
          {potential && <Marker x={POTENTIAL_X} rating={potential} score={info.epc_potential_score} />}
          <text x={BAR_X} y={HEIGHT - 8} className="extras-epc__small">
            {EXTRAS_COPY.EPC_LESS_EFFICIENT}
          </text>
        </svg>
        <figcaption id="epc-chart-caption" className="extras-epc__caption">
          {summary}
        </figcaption>
      </figure>
    </Wrapper>
  )
}
