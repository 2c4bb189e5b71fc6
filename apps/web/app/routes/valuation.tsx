import { VALUATION_TYPE, checkValuationDetails, parseIdSegment } from '@agency/domain'
import { getBranches } from '#app/lib/branches.server.ts'
import type { LeadEnquiryContext } from '@agency/domain'
import { LEAD_COPY } from '#app/components/lead/lead-copy.ts'
import { LeadForm } from '#app/components/lead/lead-form.tsx'
import { getLeadFormData, handleLeadAction } from '#app/components/lead/lead.server.ts'
import { toValuationDetails, toValuationLeadValues } from '#app/components/lead/lead-form-values.ts'
import { VALUATION_BRANCH_PARAM, VALUATION_PATH } from '#app/components/lead/lead-paths.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { toPublicUrl } from '#app/lib/urls.ts'
import type { Route } from './+types/valuation'

/** The form field of the branch a valuation goes to (a branch page's 'Book a free valuation'). */
const BRANCH_FIELD = 'branch_id'

export async function loader({ request, context }: Route.LoaderArgs) {
  // `?branch=3`: booked from that branch's page, the valuation goes to it; else to the branch nearest the home (findLeadTarget).
  const branchId = parseIdSegment(new URL(request.url).searchParams.get(VALUATION_BRANCH_PARAM) ?? '')
  const [lead, branches] = await Promise.all([getLeadFormData(request, context), branchId === null ? [] : getBranches(context)])
  const branch = branches.find((b) => b.id === branchId) ?? null
  return { lead, branch: branch && { id: branch.id, branchName: branch.branchName }, canonicalUrl: toPublicUrl(context.publicUrl, VALUATION_PATH) }
}

/**
 * SPEC §9 valuation types (Sales 1, Lettings 2) are the enquiry's transaction type; the home to value is
 * at the visitor's address, and the valuation's questions are checked first (domain valuation.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = toPublicUrl(context.publicUrl, VALUATION_PATH)
  return handleLeadAction(
    request,
    context,
    (form, contactApplicantId, posted): LeadEnquiryContext => ({
      url,
      transaction_type_id: form.transaction_type_id === String(VALUATION_TYPE.LETTINGS) ? VALUATION_TYPE.LETTINGS : VALUATION_TYPE.SALES,
      property_profile_id: null,
      // The home to value is the visitor's own, at the address they chose.
      property_address: form.contact_address.trim() || null,
      price: null,
      bedrooms: form.valuation_bedrooms === '' ? null : Number(form.valuation_bedrooms),
      branch_id: parseIdSegment(String(posted.get(BRANCH_FIELD) ?? '')),
      contact_applicant_id: contactApplicantId,
    }),
    (values) => ({ failure: checkValuationDetails(toValuationDetails(values), new Date()), values: toValuationLeadValues(values) }),
  )
}

export default function ValuationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { branch } = loaderData
  return (
    <div className="container page valuation-page">
      <h1>{LEAD_COPY.VALUATION_TITLE}</h1>
      <p className="valuation-page__intro">{LEAD_COPY.VALUATION_INTRO}</p>
      {branch && <p className="valuation-page__intro">{LEAD_COPY.VALUATION_BRANCH(branch.branchName)}</p>}
      <LeadForm
        kind="valuation"
        heading={LEAD_COPY.VALUATION_HEADING}
        data={loaderData.lead}
        hidden={{ url: loaderData.canonicalUrl, ...(branch ? { [BRANCH_FIELD]: String(branch.id) } : {}) }}
        result={actionData}
      />
    </div>
  )
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    { title: toTitle(LEAD_COPY.VALUATION_TITLE, getAgencyName(matches)) },
    { name: 'description', content: LEAD_COPY.VALUATION_DESCRIPTION },
    ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : []),
  ]
}
