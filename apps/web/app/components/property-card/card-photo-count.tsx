import type { ListCard } from '#app/components/property-card/types.ts'
import { toPhotoCountPhrase } from '#app/lib/property-text.ts'

/** The number of a card's photos, on its picture as a camera and a count ('12 photos' to a screen reader). */
export function CardPhotoCount({ property }: { property: Pick<ListCard, 'photo_count'> }) {
  const count = property.photo_count
  if (count === undefined || count === null || count < 1) return null
  return (
    <p className="card__photos" title={toPhotoCountPhrase(count)}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{toPhotoCountPhrase(count)}</span>
    </p>
  )
}
