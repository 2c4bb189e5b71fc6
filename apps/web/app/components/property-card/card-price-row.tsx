import { LABELS, toLongDate } from '@agency/domain'
import { MatchBadge } from '#app/components/property-card/match-badge.tsx'
import type { ListCard } from '#app/components/property-card/types.ts'
import { COPY } from '#app/copy.ts'

/**
 * A card's price type and price (none on a locked card) beside the match percentage, when there is one,
 * the date of its last reduction when its price fell, and the early-access mark of a pre-market
 * property shown in full to an applicant.
 */
export function CardPriceRow({ property }: { property: ListCard }) {
  return (
    <div className="card__price-row">
      {property.price && (
        <p className="card__price">
          <span className="card__price-type">{property.price.type.name}</span>
          <span className="card__price-value">{property.price.price}</span>
        </p>
      )}
      {property.is_pre_market && <p className="badge badge--pre-market">{LABELS.PRE_MARKET_EARLY_ACCESS}</p>}
      {property.reduced_at && (
        <p className="badge badge--reduced">
          {COPY.REDUCED_ON} {toLongDate(property.reduced_at)}
        </p>
      )}
      {property.match_percentage !== null && (
        <MatchBadge percentage={property.match_percentage} reasons={property.match_reasons ?? []} />
      )}
    </div>
  )
}
