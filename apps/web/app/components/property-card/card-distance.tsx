import { toDistanceLabel } from '@agency/domain'
import type { ListCard } from '#app/components/property-card/types.ts'
import { COPY } from '#app/copy.ts'

/**
 * How far the property lies from the nearest searched location ('0.4 mile away'), in a location search
 * only: from a searched town's outline (`milesFromLocation`), so nothing for a home inside the town.
 */
export function CardDistance({ property }: { property: Pick<ListCard, 'distance'> }) {
  if (!property.distance) return null
  return (
    <p className="card__distance">
      {toDistanceLabel(property.distance)} {COPY.DISTANCE_AWAY}
    </p>
  )
}
