import { parseIdSegment, toLeadEnquiryContext, toLondonDate, toSearchType } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import type { AppLoadContext, ShouldRevalidateFunctionArgs } from 'react-router'
import { data, redirect } from 'react-router'
import { BackToList } from '#app/components/property-card/from-list.tsx'
import { BranchContact, ContactBar } from '#app/components/property-detail/branch-contact.tsx'
import { CalculatorsSection } from '#app/components/property-detail/extras/calculators-section.tsx'
import { EpcChart, hasEpcChart } from '#app/components/property-detail/extras/epc-chart.tsx'
import { startLoadingExtras, toPropertyExtras } from '#app/components/property-detail/extras/extras.server.ts'
import { SimilarProperties } from '#app/components/property-detail/extras/similar-properties.tsx'
import { Brochures, Epcs, FloorPlans } from '#app/components/property-detail/documents.tsx'
import { Gallery } from '#app/components/property-detail/gallery.tsx'
import { LockedPanel } from '#app/components/property-detail/locked-panel.tsx'
import { MaterialInformation } from '#app/components/property-detail/material-information.tsx'
import { PriceHistory } from '#app/components/property-detail/price-history.tsx'
import { PropertyFacts } from '#app/components/property-detail/property-facts.tsx'
import { PropertyNeighbourhood } from '#app/components/property-detail/neighbourhood.tsx'
import { LEAD_COPY } from '#app/components/lead/lead-copy.ts'
import { LeadForm } from '#app/components/lead/lead-form.tsx'
import { PotentialViewing } from '#app/components/lead/potential-viewing.tsx'
import { getLeadFormData, handleLeadAction } from '#app/components/lead/lead.server.ts'
import { COPY } from '#app/copy.ts'
import { hydrationDataApart } from '#app/lib/hydration.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { catalogueFormPageHeaders, toCataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { getCurrentContact } from '#app/lib/session.server.ts'
import { toMetaDescription, toParagraphs, toPropertyTitle } from '#app/lib/property-text.ts'
import { toPublicUrl } from '#app/lib/urls.ts'
import type { Route } from './+types/property-detail'

/** The property id a page address names, or the 404 page. */
function requirePropertyId(segment: string): number {
  // An id no record can have (0, 00, beyond the integer range) names no property: the 404 page.
  const propertyId = parseIdSegment(segment)
  if (propertyId === null) throw data(COPY.PROPERTY_NOT_FOUND_TITLE, { status: 404 })
  return propertyId
}

/** The property, or the 404 page. */
async function requireProperty(context: AppLoadContext, propertyId: number): Promise<PropertyDetail> {
  const property = await context.services.getProperty(propertyId)
  if (!property) throw data(COPY.PROPERTY_NOT_FOUND_TITLE, { status: 404 })
  return property
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const propertyId = requirePropertyId(params.propertyId)
  const extras = startLoadingExtras(context.services, propertyId)
  const property = await requireProperty(context, propertyId)
  const url = new URL(request.url)
  // One address per property: a missing or stale slug moves permanently to the canonical one.
  if (url.pathname !== property.detail_page_url) {
    throw redirect(`${property.detail_page_url}${url.search}`, 301)
  }
  const title = toPropertyTitle(property)
  const canonicalUrl = toPublicUrl(context.publicUrl, property.detail_page_url)
  const description = toMetaDescription(property.summary ?? `${property.advert_heading}, ${property.display_address}.`)
  const [lead, contact, loadedExtras, nearby] = await Promise.all([
    getLeadFormData(request, context),
    getCurrentContact(request, context),
    toPropertyExtras(property, extras, { canonicalUrl, title, description }),
    // Issue 46: no map or neighbourhood for a property the visitor may not see. A failure leaves the
    // neighbourhood out rather than failing the page.
    property.is_locked ? [] : context.services.getNearbyPlaces({ lat: property.lat, lng: property.lng }).catch(() => []),
  ])
  return data(
    {
      property,
      title,
      canonicalUrl,
      description,
      lead,
      // SPEC §7 'recording a potential viewing': for a logged-in applicant, once the page runs.
      recordsViewing: contact !== null && contact.applicants.length > 0,
      extras: loadedExtras,
      nearby,
      // The server's date, so the page and its hydration agree on it.
      today: toLondonDate(new Date()),
    },
    { headers: toCataloguePageHeaders(request) },
  )
}

/** SPEC §3–§5: the lead enquiry, posted with or without JavaScript; the payload's property fields come from the property itself. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const property = await requireProperty(context, requirePropertyId(params.propertyId))
  if (property.is_locked) throw data(COPY.PROPERTY_NOT_FOUND_TITLE, { status: 404 })
  const url = toPublicUrl(context.publicUrl, property.detail_page_url)
  return handleLeadAction(request, context, (_form, contactApplicantId) => toLeadEnquiryContext(property, url, contactApplicantId))
}

// The lightboxes' history entries (the gallery's, a floor plan's or an EPC's) have the page's own
// address (gallery-history.ts): Back and Forward between them and the page are no new page, and keep
// the data shown; a form sent still reloads them.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === undefined && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate
}

export const headers = catalogueFormPageHeaders

// A visitor who only reads the page never downloads React (the gallery, the form and the rest work without it).
export const handle = hydrationDataApart()

/** SPEC §3's hidden property fields of the lead form. */
function toLeadHiddenFields(property: PropertyDetail, canonicalUrl: string): Record<string, string> {
  const fields: Record<string, string> = {
    url: canonicalUrl,
    transaction_type_id: String(property.transaction_type_id),
    property_profile_id: String(property.property_profile_id),
  }
  if (property.price?.numberPrice != null) fields.price = String(property.price.numberPrice)
  if (property.bedroom != null) fields.bedrooms = String(property.bedroom)
  if (property.branch_id != null) fields.branch_id = String(property.branch_id)
  return fields
}

export default function PropertyDetailRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { property, extras, lead, canonicalUrl, recordsViewing, nearby, today } = loaderData
  const searchType = toSearchType(property.transaction_type_id)
  const description = toParagraphs(property.description)
  return (
    <article className="container page detail" aria-labelledby="detail-heading">
      {recordsViewing && <PotentialViewing propertyId={property.property_profile_id} />}
      <p className="detail__back">
        <BackToList searchType={searchType} />
      </p>
      <div className="detail__layout">
        <div className="detail__top">
          <PropertyFacts property={property} />
          <Gallery property={property} />
          {property.is_locked && <LockedPanel returnTo={property.detail_page_url} />}
        </div>
        {/* After the photos on a phone, before the long sections; beside them on a wide screen. */}
        <aside className="detail__aside" aria-label={COPY.DETAIL_CONTACT}>
          {property.branch && <BranchContact branch={property.branch} />}
          {!property.is_locked && (
            <p className="detail__enquire">
              <a href="#enquiry" className="button">
                {LEAD_COPY.PROPERTY_HEADING}
              </a>
            </p>
          )}
        </aside>
        <div className="detail__main">
          {property.summary && (
            <section className="detail-section" aria-labelledby="summary-heading">
              <h2 id="summary-heading">{COPY.DETAIL_SUMMARY}</h2>
              <p className="detail__summary">{property.summary}</p>
            </section>
          )}
          {property.features.length > 0 && (
            <section className="detail-section" aria-labelledby="features-heading">
              <h2 id="features-heading">{COPY.DETAIL_FEATURES}</h2>
              <ul className="features-list">
                {property.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </section>
          )}
          {description.length > 0 && (
            <section className="detail-section" aria-labelledby="description-heading">
              <h2 id="description-heading">{COPY.DETAIL_DESCRIPTION}</h2>
              {description.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          )}
          <FloorPlans floorPlans={property.floor_plans} />
          {/* One energy section: the chart with the EPC documents beside it. */}
          <Epcs epcs={property.epcs} chart={hasEpcChart(property.material_information) ? <EpcChart info={property.material_information} embedded /> : undefined} />
          <Brochures documents={property.documents} />
          <MaterialInformation property={property} today={today} />
          <PriceHistory property={property} />
          {/* SPEC §1 map, after the facts a buyer checks first; never for a property the visitor may not see. */}
          {!property.is_locked && <PropertyNeighbourhood property={property} nearby={nearby} />}
          <CalculatorsSection summary={extras.calculator} />
          {/* SPEC §2: the lead enquiry form on every property page a visitor may see in full. */}
          {!property.is_locked && (
            <LeadForm
              kind="property"
              heading={LEAD_COPY.PROPERTY_HEADING}
              data={lead}
              hidden={toLeadHiddenFields(property, canonicalUrl)}
              result={actionData}
            />
          )}
          <SimilarProperties cards={extras.similar} />
        </div>
      </div>
      {!property.is_locked && property.branch && <ContactBar branch={property.branch} />}
    </article>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const agencyName = getAgencyName(matches)
  if (!loaderData) return [{ title: toTitle(COPY.PROPERTY_NOT_FOUND_TITLE, agencyName) }, { name: 'robots', content: 'noindex' }]
  const { title, canonicalUrl, description, extras } = loaderData
  return [
    { title: toTitle(title, agencyName) },
    { name: 'description', content: description },
    toCanonicalLink(canonicalUrl),
    { property: 'og:site_name', content: agencyName },
    ...extras.seo,
  ]
}
