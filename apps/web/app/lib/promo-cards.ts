import type { PromoCard } from '@agency/domain'
import type { ListCard } from '#app/components/property-card/types.ts'

/** One entry of a v2 grid: a property or a promo card. */
export type GridItem = { kind: 'property'; property: ListCard } | { kind: 'promo'; promo: PromoCard }

/**
 * SPEC §2: promo cards inserted at their 1-based positions among the cards shown. Positions past the
 * end put the promo last, so a short page still shows it.
 */
export function insertPromoCards(properties: ListCard[], promos: PromoCard[]): GridItem[] {
  const items: GridItem[] = properties.map((property) => ({ kind: 'property', property }))
  const ordered = [...promos].sort((a, b) => a.position - b.position)
  for (const promo of ordered) items.splice(Math.min(promo.position - 1, items.length), 0, { kind: 'promo', promo })
  return items
}
