import { isReadableUnderWhite, type FooterCompany } from '@agency/domain'
import type { CSSProperties } from 'react'

/**
 * The agency's primary brand colour (company setting 109) as the header's, the footer's and the
 * headings' colour (the stylesheet's --navy): only a colour white text reads on, which then also reads
 * on white (contrast is the same both ways). Any other keeps the site's own.
 */
export function toBrandStyle(company: Pick<FooterCompany, 'brand_colours'> | null): CSSProperties | undefined {
  const primary = company?.brand_colours.primary
  return primary && isReadableUnderWhite(primary) ? ({ '--navy': primary } as CSSProperties) : undefined
}
