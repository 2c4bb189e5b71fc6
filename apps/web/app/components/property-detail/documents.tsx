import { LABELS } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import type { ReactNode } from 'react'
import { COPY } from '#app/copy.ts'

/** A titled section of the detail page holding a list of document links. */
function DocumentSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section id={id} className="detail-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <ul className="document-list" role="list">
        {children}
      </ul>
    </section>
  )
}

/**
 * SPEC §2 floor plan grid, 'Floor Plan 1..n', as plain links for now; the lightbox arrives with the
 * gallery work and takes over these links.
 */
export function FloorPlans({ floorPlans }: { floorPlans: PropertyDetail['floor_plans'] }) {
  if (floorPlans.length === 0) return null
  return (
    <DocumentSection id="floor-plans" heading={COPY.DETAIL_FLOOR_PLANS}>
      {floorPlans.map((plan, index) => (
        <li key={plan.image}>
          <a href={plan.image} className="document-list__link">
            {LABELS.FLOOR_PLAN} {index + 1}
          </a>
        </li>
      ))}
    </DocumentSection>
  )
}

/** SPEC §2 EPC grid, 'EPC 1..n'; PDFs open in a new tab (SPEC §2). */
export function Epcs({ epcs }: { epcs: PropertyDetail['epcs'] }) {
  if (epcs.length === 0) return null
  return (
    <DocumentSection id="epcs" heading={COPY.DETAIL_EPCS}>
      {epcs.map((epc, index) => (
        <li key={epc.fileURL}>
          {epc.isPDF ? (
            <a href={epc.fileURL} className="document-list__link" target="_blank" rel="noopener noreferrer">
              {LABELS.EPC} {index + 1} <span className="document-list__note">({COPY.DETAIL_PDF})</span>
            </a>
          ) : (
            <a href={epc.fileURL} className="document-list__link">
              {LABELS.EPC} {index + 1}
            </a>
          )}
        </li>
      ))}
    </DocumentSection>
  )
}
