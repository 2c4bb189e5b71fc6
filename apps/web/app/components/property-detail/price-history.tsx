import { toLongDate, toPriceLabel, toSearchType } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { COPY } from '#app/copy.ts'

/** Whether the price has come down since the property was listed. */
export function isReduced(property: PropertyDetail): boolean {
  const [first] = [...property.price_history].sort((a, b) => a.changed_at.localeCompare(b.changed_at))
  return Boolean(first && property.price && property.price.numberPrice < first.price)
}

/** The price changes, newest first, shown only when the price has been reduced. */
export function PriceHistory({ property }: { property: PropertyDetail }) {
  if (!isReduced(property)) return null
  const searchType = toSearchType(property.transaction_type_id)
  const history = [...property.price_history].sort((a, b) => b.changed_at.localeCompare(a.changed_at))
  return (
    <section id="price-history" className="detail-section" aria-labelledby="price-history-heading">
      <h2 id="price-history-heading">{COPY.DETAIL_PRICE_HISTORY}</h2>
      <table className="price-history">
        <caption className="visually-hidden">{COPY.DETAIL_PRICE_HISTORY}</caption>
        <thead>
          <tr>
            <th scope="col">{COPY.DETAIL_DATE}</th>
            <th scope="col">{COPY.DETAIL_PRICE}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry, index) => {
            const previous = history[index + 1]
            return (
              <tr key={entry.changed_at}>
                <td>{toLongDate(entry.changed_at)}</td>
                <td>
                  {toPriceLabel(entry.price, searchType)}
                  {previous && entry.price < previous.price && <span className="badge badge--small">{COPY.DETAIL_PRICE_REDUCED}</span>}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
