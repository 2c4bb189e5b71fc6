/**
 * Brand colours on screens and in e-mails (company setting 109's brand_colours): which text reads on
 * them, by WCAG 2's contrast ratio.
 */

/** WCAG 2 AA's least contrast for body text. */
export const MIN_TEXT_CONTRAST = 4.5

/** The relative luminance of a #rrggbb colour (WCAG 2). */
export function toLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** The contrast ratio of two #rrggbb colours, 1 to 21. */
export function toContrastRatio(a: string, b: string): number {
  const [light, dark] = [toLuminance(a), toLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** Whether white text reads on a colour (a header, a button): AA contrast. */
export function isReadableUnderWhite(background: string): boolean {
  return toContrastRatio(background, '#ffffff') >= MIN_TEXT_CONTRAST
}

/** White or `ink`, whichever reads better on `background` (a brand colour may be light or dark). */
export function toTextColourOn(background: string, ink: string): string {
  return toContrastRatio(background, '#ffffff') >= toContrastRatio(background, ink) ? '#ffffff' : ink
}
