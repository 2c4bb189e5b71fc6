import { FURNISHING_LABELS, toLongDate, toPounds, toSearchType } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { COPY } from '#app/copy.ts'

/** UK material information: tenure, council tax and EPC; for lettings also furnishing, deposit and date. */
export function MaterialInformation({ property }: { property: PropertyDetail }) {
  const info = property.material_information
  if (!info) return null
  const lettings = toSearchType(property.transaction_type_id) === 'lettings'
  // Sales must state tenure, council tax and EPC even when unknown; lettings show what is known.
  const rows: Array<[string, string | null]> = lettings
    ? [
        [COPY.DETAIL_COUNCIL_TAX, info.council_tax_band ?? COPY.DETAIL_NOT_KNOWN],
        [COPY.DETAIL_EPC_RATING, info.epc_rating ?? COPY.DETAIL_NOT_KNOWN],
        [COPY.DETAIL_TENURE, info.tenure],
        [COPY.DETAIL_FURNISHING, info.furnishing ? FURNISHING_LABELS[info.furnishing] : null],
        [COPY.DETAIL_DEPOSIT, info.deposit === null ? null : toPounds(info.deposit)],
        [COPY.DETAIL_AVAILABLE_FROM, info.available_from ? toLongDate(info.available_from) : null],
      ]
    : [
        [COPY.DETAIL_TENURE, info.tenure ?? COPY.DETAIL_NOT_KNOWN],
        [COPY.DETAIL_COUNCIL_TAX, info.council_tax_band ?? COPY.DETAIL_NOT_KNOWN],
        [COPY.DETAIL_EPC_RATING, info.epc_rating ?? COPY.DETAIL_NOT_KNOWN],
      ]
  return (
    <section id="material-information" className="detail-section" aria-labelledby="material-heading">
      <h2 id="material-heading">{COPY.DETAIL_MATERIAL}</h2>
      <dl className="facts-list">
        {rows.map(([term, value]) =>
          value === null ? null : (
            <div key={term} className="facts-list__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
    </section>
  )
}
