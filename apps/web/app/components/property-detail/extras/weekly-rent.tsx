import { TRANSACTION_TYPE, toPounds, toWeeklyRent } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { EXTRAS_COPY } from './copy.ts'

/** A lettings price per week beside the PCM one (SPEC §9 labels rents '£1,200 PCM'; weekly is pcm × 12 ÷ 52). */
export function WeeklyRent({ property }: { property: PropertyDetail }) {
  if (property.transaction_type_id !== TRANSACTION_TYPE.LETTINGS || !property.price) return null
  return (
    <span className="extras-weekly-rent">
      {toPounds(toWeeklyRent(property.price.numberPrice))} {EXTRAS_COPY.PER_WEEK}
    </span>
  )
}
