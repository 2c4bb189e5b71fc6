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

/** A current rating's score and the potential rating and score a certificate would show for it. */
export function toEpcScores(rating: EpcRating): { current: number; potentialRating: EpcRating; potential: number } {
  const i = EPC_BANDS.findIndex((b) => b.rating === rating)
  const band = EPC_BANDS[i] as (typeof EPC_BANDS)[number]
  const better = EPC_BANDS[Math.max(0, i - (i >= 4 ? 2 : 1))] as (typeof EPC_BANDS)[number]
  return {
    current: Math.round((band.min + band.max) / 2),
    potentialRating: better.rating,
    potential: Math.min(100, Math.round((better.min + better.max) / 2) + 2),
  }
}

const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"'

/** The chart as SVG. */
export function renderEpcChart(rating: EpcRating): string {
  const { current, potentialRating, potential } = toEpcScores(rating)
  const left = 40
  const top = 120
  const chartW = 700
  const colW = 160
  const rowH = 84
  let body = rect(0, 0, EPC_WIDTH, EPC_HEIGHT, '#ffffff')
  body += rect(left, 30, EPC_WIDTH - 2 * left, 70, '#ffffff', 'stroke="#1a1a1a" stroke-width="2"')
  body += `<text x="${left + 20}" y="77" ${FONT} font-size="34" font-weight="bold" fill="#1a1a1a">Energy Efficiency Rating</text>`
  const tableH = rowH * 7 + 100
  body += rect(left, top, EPC_WIDTH - 2 * left, tableH, '#ffffff', 'stroke="#1a1a1a" stroke-width="2"')
  body += rect(left + chartW, top, colW, tableH, 'none', 'stroke="#1a1a1a" stroke-width="2"')
  body += `<text x="${left + chartW + colW / 2}" y="${top + 32}" text-anchor="middle" ${FONT} font-size="24" font-weight="bold" fill="#1a1a1a">Current</text>`
  body += `<text x="${left + chartW + colW * 1.5}" y="${top + 32}" text-anchor="middle" ${FONT} font-size="24" font-weight="bold" fill="#1a1a1a">Potential</text>`
  body += `<text x="${left + 16}" y="${top + 34}" ${FONT} font-size="20" fill="#1a1a1a">Very energy efficient - lower running costs</text>`
  EPC_BANDS.forEach((band, i) => {
    const y = top + 50 + i * rowH
    const w = 220 + i * 62
    body += poly([[left + 16, y + 6], [left + 16 + w, y + 6], [left + 16 + w + 34, y + rowH / 2], [left + 16 + w, y + rowH - 6], [left + 16, y + rowH - 6]], band.colour)
    const dark = band.rating === 'D' || band.rating === 'E' || band.rating === 'C'
    body += `<text x="${left + 30}" y="${y + rowH / 2 + 9}" ${FONT} font-size="24" fill="${dark ? '#1a1a1a' : '#ffffff'}">(${band.range})</text>`
    body += `<text x="${left + 16 + w - 14}" y="${y + rowH / 2 + 18}" text-anchor="end" ${FONT} font-size="52" font-weight="bold" fill="${dark ? '#1a1a1a' : '#ffffff'}">${band.rating}</text>`
    for (const [value, r, col] of [[current, rating, 0], [potential, potentialRating, 1]] as const) {
      if (r !== band.rating) continue
      const x0 = left + chartW + col * colW + 14
      body += poly([[x0, y + rowH / 2], [x0 + 30, y + 8], [x0 + colW - 28, y + 8], [x0 + colW - 28, y + rowH - 8], [x0 + 30, y + rowH - 8]], band.colour)
      body += `<text x="${x0 + colW / 2 + 2}" y="${y + rowH / 2 + 14}" text-anchor="middle" ${FONT} font-size="40" font-weight="bold" fill="${dark ? '#1a1a1a' : '#ffffff'}">${value}</text>`
    }
  })
  body += `<text x="${left + 16}" y="${top + 50 + 7 * rowH + 34}" ${FONT} font-size="20" fill="#1a1a1a">Not energy efficient - higher running costs</text>`
  body += `<text x="${left}" y="${EPC_HEIGHT - 40}" ${FONT} font-size="22" fill="#1a1a1a">${esc('England, Scotland & Wales')}</text>`
  body += `<text x="${EPC_WIDTH - left}" y="${EPC_HEIGHT - 40}" text-anchor="end" ${FONT} font-size="18" fill="#555555">Demonstration chart - sample data</text>`
  return svgDocument(EPC_WIDTH, EPC_HEIGHT, '', body)
}

/** A one-page A4 EPC summary as a valid PDF (Helvetica, coloured bands, current and potential). */
export function renderEpcPdf(rating: EpcRating, agencyName: string): Buffer {
  const { current, potentialRating, potential } = toEpcScores(rating)
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
