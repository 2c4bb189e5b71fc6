/**
 * The familiar EPC energy efficiency chart (bands A–G with current and potential ratings), as an SVG
 * for the preview image and as a one-page PDF written by hand (no PDF library needed: a PDF is text
 * objects plus a cross-reference table of byte offsets).
 */
import type { EpcRating } from '../pool-layout.ts'
import { renderPdfPage } from './pdf.ts'
import { esc, poly, rect, svgDocument } from './svg.ts'

/** Chart image size. */
export const EPC_WIDTH = 1100
/** Chart image height. */
export const EPC_HEIGHT = 900

/** The bands with their score ranges and the colours used on certificates. */
export const EPC_BANDS: ReadonlyArray<{ rating: EpcRating; range: string; min: number; max: number; colour: string }> = [
  { rating: 'A', range: '92 plus', min: 92, max: 100, colour: '#008054' },
  { rating: 'B', range: '81-91', min: 81, max: 91, colour: '#19b459' },
  { rating: 'C', range: '69-80', min: 69, max: 80, colour: '#8dce46' },
  { rating: 'D', range: '55-68', min: 55, max: 68, colour: '#ffd500' },
  { rating: 'E', range: '39-54', min: 39, max: 54, colour: '#fcaa65' },
  { rating: 'F', range: '21-38', min: 21, max: 38, colour: '#ef8023' },
  { rating: 'G', range: '1-20', min: 1, max: 20, colour: '#e9153b' },
]

/** A certificate's current and potential scores, with the bands they fall in. */
export interface EpcScores {
  current: number
  potential: number
}

function bandOf(score: number): (typeof EPC_BANDS)[number] {
  return EPC_BANDS.find((b) => score >= b.min) ?? (EPC_BANDS[EPC_BANDS.length - 1] as (typeof EPC_BANDS)[number])
}

const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"'

/**
 * The chart as the certificate draws it: a score column, the bands A–G as bars growing to the right,
 * and the current and potential ratings as arrows in their bands, each with its score and letter.
 */
export function renderEpcChart({ current, potential }: EpcScores): string {
  const left = 40
  const top = 40
  const scoreW = 150
  const barsW = 560
  const colW = 155
  const headH = 64
  const rowH = 88
  const tableW = scoreW + barsW + 2 * colW
  const tableH = headH + rowH * 7 + 10
  const stroke = 'stroke="#b1b4b6" stroke-width="2"'
  let body = rect(0, 0, EPC_WIDTH, EPC_HEIGHT, '#ffffff')
  body += rect(left, top, tableW, tableH, '#ffffff', stroke)
  body += rect(left, top, tableW, headH, '#f3f2f1', stroke)
  for (const x of [left + scoreW, left + scoreW + barsW, left + scoreW + barsW + colW]) body += `<line x1="${x}" y1="${top}" x2="${x}" y2="${top + tableH}" ${stroke}/>`
  const head = (x: number, text: string, anchor = 'middle') =>
    `<text x="${x}" y="${top + 42}" text-anchor="${anchor}" ${FONT} font-size="26" font-weight="bold" fill="#0b0c0c">${text}</text>`
  body += head(left + scoreW / 2, 'Score') + head(left + scoreW + 20, 'Energy rating', 'start')
  body += head(left + scoreW + barsW + colW / 2, 'Current') + head(left + scoreW + barsW + colW * 1.5, 'Potential')
  EPC_BANDS.forEach((band, i) => {
    const y = top + headH + 5 + i * rowH
    const w = 150 + i * 58
    const x0 = left + scoreW + 12
    const dark = band.rating === 'C' || band.rating === 'D' || band.rating === 'E'
    body += `<text x="${left + scoreW / 2}" y="${y + rowH / 2 + 11}" text-anchor="middle" ${FONT} font-size="30" fill="#0b0c0c">${band.range.replace(' plus', '+')}</text>`
    body += rect(x0, y + 10, w, rowH - 20, band.colour)
    body += `<text x="${x0 + 22}" y="${y + rowH / 2 + 19}" ${FONT} font-size="54" font-weight="bold" fill="${dark ? '#0b0c0c' : '#ffffff'}">${band.rating}</text>`
    for (const [value, col] of [[current, 0], [potential, 1]] as const) {
      if (bandOf(value).rating !== band.rating) continue
      const ax = left + scoreW + barsW + col * colW + 10
      const aw = colW - 22
      body += poly([[ax, y + rowH / 2], [ax + 34, y + 12], [ax + aw, y + 12], [ax + aw, y + rowH - 12], [ax + 34, y + rowH - 12]], band.colour)
      body += `<text x="${ax + 34 + (aw - 34) / 2}" y="${y + rowH / 2 + 13}" text-anchor="middle" ${FONT} font-size="36" font-weight="bold" fill="${dark ? '#0b0c0c' : '#ffffff'}">${value} ${band.rating}</text>`
    }
  })
  body += `<text x="${left}" y="${top + tableH + 56}" ${FONT} font-size="24" fill="#0b0c0c">${esc(`The graph shows this property\u2019s current and potential energy rating.`)}</text>`
  body += `<text x="${left}" y="${top + tableH + 92}" ${FONT} font-size="22" fill="#505a5f">${esc('Properties get a rating from A (best) to G (worst) and a score. The better the')}</text>`
  body += `<text x="${left}" y="${top + tableH + 122}" ${FONT} font-size="22" fill="#505a5f">${esc('rating and score, the lower your energy bills are likely to be.')}</text>`
  return svgDocument(EPC_WIDTH, EPC_HEIGHT, '', body)
}

/** A one-page A4 EPC summary as a valid PDF (Helvetica, coloured bands, current and potential). */
export function renderEpcPdf({ current, potential }: EpcScores, agencyName: string): Buffer {
  const rating = bandOf(current).rating
  const potentialRating = bandOf(potential).rating
  return renderPdfPage(({ text, box, stroke }) => {

    text(50, 780, 22, 'Energy performance certificate (EPC)', true)
    text(50, 752, 11, `Demonstration certificate produced for ${agencyName} sample data. Not a real assessment.`)
    text(50, 730, 11, 'Certificate number: 0000-0000-0000-0000-0000')
    text(50, 700, 14, 'Energy rating and score', true)
    text(50, 680, 11, `This property's current energy rating is ${rating}. It has the potential to be ${potentialRating}.`)
    const top = 640
    const rowH = 34
    stroke(50, top - 7 * rowH - 40, 495, 7 * rowH + 60)
    text(60, top + 4, 10, 'Very energy efficient - lower running costs')
    text(380, top + 4, 10, 'Current', true)
    text(460, top + 4, 10, 'Potential', true)
    const bandRows = [
      ['A', '92+', '#008054'], ['B', '81-91', '#19b459'], ['C', '69-80', '#8dce46'], ['D', '55-68', '#ffd500'],
      ['E', '39-54', '#fcaa65'], ['F', '21-38', '#ef8023'], ['G', '1-20', '#e9153b'],
    ] as const
    bandRows.forEach(([band, range, colour], i) => {
      const y = top - (i + 1) * rowH
      const dark = band === 'C' || band === 'D' || band === 'E'
      box(60, y, 120 + i * 28, rowH - 6, colour)
      text(66, y + 9, 10, range, false, dark ? '#1a1a1a' : '#ffffff')
      text(60 + 120 + i * 28 - 20, y + 8, 16, band, true, dark ? '#1a1a1a' : '#ffffff')
      if (band === rating) {
        box(372, y, 64, rowH - 6, colour)
        text(382, y + 8, 16, `${current} ${band}`, true, dark ? '#1a1a1a' : '#ffffff')
      }
      if (band === potentialRating) {
        box(452, y, 64, rowH - 6, colour)
        text(462, y + 8, 16, `${potential} ${band}`, true, dark ? '#1a1a1a' : '#ffffff')
      }
    })
    text(60, top - 7 * rowH - 22, 10, 'Not energy efficient - higher running costs')
    text(50, 320, 14, 'Breakdown of property\'s energy performance', true)
    text(50, 298, 11, 'Walls: Cavity wall, filled cavity - Good')
    text(50, 282, 11, 'Windows: Fully double glazed - Good')
    text(50, 266, 11, 'Main heating: Boiler and radiators, mains gas - Good')
    text(50, 250, 11, 'Lighting: Low energy lighting in all fixed outlets - Very good')
    text(50, 210, 9, 'The graph shows this property\'s current and potential energy rating. Properties get a rating from A (best)')
    text(50, 198, 9, 'to G (worst) and a score. The better the rating and score, the lower your energy bills are likely to be.')
  })
}
