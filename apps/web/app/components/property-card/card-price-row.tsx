import { MatchBadge } from '#app/components/property-card/match-badge.tsx'
import type { ListCard } from '#app/components/property-card/types.ts'

/** A card's price type and price (none on a locked card) beside the match percentage, when there is one. */
export function CardPriceRow({ property }: { property: ListCard }) {
  return (
    <div className="card__price-row">
      {property.price && (
        <p className="card__price">
          <span className="card__price-type">{property.price.type.name}</span>
          <span className="card__price-value">{property.price.price}</span>
        </p>
      )}
      {property.match_percentage !== null && (
        <MatchBadge percentage={property.match_percentage} reasons={property.match_reasons ?? []} />
      )}
    </div>
  )
}
