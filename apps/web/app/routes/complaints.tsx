import { loadLegalPage } from '#app/components/legal/legal-page.server.ts'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import type { Route } from './+types/complaints'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLegalPage(request, context, LEGAL_PATHS.complaints)
}

export const headers = cataloguePageHeaders

const TITLE = 'Complaints procedure'

/**
 * The in-house complaints procedure a redress scheme's members must have and publish: who handles a
 * complaint, how soon it is acknowledged and answered, and when it may go to the redress scheme
 * (The Property Ombudsman and the Property Redress Scheme: after the agent's final answer, or eight
 * weeks from the complaint, and within 12 months of the final answer).
 */
export default function ComplaintsRoute({ loaderData }: Route.ComponentProps) {
  const { complaints, redress_scheme: redress } = loaderData.company
  return (
    <div className="container page legal-page">
      <h1>{TITLE}</h1>
      <p>We want to hear when we have got something wrong. This is how to tell us and what will happen.</p>
      <ol className="legal-steps">
        <li>
          <h2>Talk to the branch</h2>
          <p>Most things are put right quickly by the manager of the branch you dealt with: call or e-mail them first.</p>
        </li>
        <li>
          <h2>Write to us</h2>
          <p>
            If that does not settle it, write to our {complaints.handler}: e-mail <a href={`mailto:${complaints.email}`}>{complaints.email}</a>, or
            post to {complaints.postal_address}. Tell us what happened and what you would like us to do.
          </p>
        </li>
        <li>
          <h2>Our answer</h2>
          <p>
            We acknowledge your complaint within {complaints.acknowledge_within_days} working days, investigate it, and send you our final written
            answer within {complaints.final_response_within_days} working days of receiving it.
          </p>
        </li>
        <li>
          <h2>The redress scheme</h2>
          <p>
            If you are still unhappy with our final answer, or eight weeks have passed since you complained, you can ask {redress.name} to review
            your complaint, free of charge, within 12 months of our final answer. Our membership number is {redress.membership_number}.{' '}
            <a href={redress.url} rel="noopener">
              {redress.name}’s website
            </a>{' '}
            explains how.
          </p>
        </li>
      </ol>
    </div>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: toTitle(TITLE, getAgencyName(matches)) }, { name: 'description', content: 'How to complain, how we answer, and our redress scheme.' }, ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : [])]
}
