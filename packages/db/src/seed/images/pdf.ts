/**
 * One-page A4 PDFs written by hand (no PDF library needed: a PDF is text objects plus a cross-reference
 * table of byte offsets), in Helvetica and Helvetica-Bold: the demo EPCs and the demo client money
 * protection certificate.
 */

/** An A4 page, drawn with text and filled or stroked boxes, in points from the bottom left. */
export interface PdfPage {
  text(x: number, y: number, size: number, value: string, bold?: boolean, colour?: string): void
  box(x: number, y: number, w: number, h: number, colour: string): void
  stroke(x: number, y: number, w: number, h: number, colour?: string, width?: number): void
}

/** Text as a PDF string literal's content (WinAnsi: Latin-1 characters only). */
function pdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`)
}

/** A #rrggbb colour as PDF's three 0–1 components. */
function rgb(hex: string): string {
  return [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ')
}

/** Draws a page with `draw` and returns it as a valid one-page A4 PDF. */
export function renderPdfPage(draw: (page: PdfPage) => void): Buffer {
  const ops: string[] = []
  draw({
    text: (x, y, size, value, bold = false, colour = '#1a1a1a') => ops.push(`${rgb(colour)} rg BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${pdfText(value)}) Tj ET`),
    box: (x, y, w, h, colour) => ops.push(`${rgb(colour)} rg ${x} ${y} ${w} ${h} re f`),
    stroke: (x, y, w, h, colour = '#000000', width = 1) => ops.push(`${rgb(colour)} RG ${width} w ${x} ${y} ${w} ${h} re S`),
  })
  const content = ops.join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'))
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(pdf, 'latin1')
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}
