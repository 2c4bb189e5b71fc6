import { SAVED_PAGE_COPY } from '@agency/domain'
import { PropertyGrid } from '#app/components/property-card/property-grid.tsx'
import type { ListCard } from '#app/components/property-card/types.ts'
import { SaveButton } from '#app/components/saved/save-button.tsx'
import { SAVED_PATH } from '#app/lib/saved.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'

/** A saved property as the saved page lists it: its card now (null once off the market) and what changed. */
export interface SavedItem {
  id: number
  card: ListCard | null
  notes: string[]
}

/**
 * The saved properties in the company's card grid, each with what changed since it was saved; then
 * those no longer on the market, each with its heart to take it off the list.
 */
export function SavedList({ items }: { items: readonly SavedItem[] }) {
  const { property_card_variant: variant } = useSiteSettings()
  const cards = items.flatMap((item) => (item.card ? [item.card] : []))
  const gone = items.filter((item) => !item.card)
  return (
    <>
      {cards.length > 0 && (
        <PropertyGrid
          properties={cards}
          variant={variant}
          headingLevel={2}
          returnTo={SAVED_PATH}
          aboveTheFold
          notes={new Map(items.map((item) => [item.id, item.notes]))}
        />
      )}
      {gone.length > 0 && (
        <ul className="saved__gone-list" role="list">
          {gone.map((item) => (
            <li key={item.id} className="saved__gone">
              <p>{SAVED_PAGE_COPY.NO_LONGER_ON_MARKET}</p>
              <SaveButton propertyId={item.id} price={null} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
