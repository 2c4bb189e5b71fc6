import { LIST_PATHS, PropertySearchQuerySchema, SEARCH_TYPES, parseIdSegment, toBranchPageUrl, toGoogleMapsUrl, toOpeningHoursLines, toSearchParams, toTransactionTypeId } from '@agency/domain'
import type { BranchDetails } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { Link, data, redirect } from 'react-router'
import { VALUATION_BRANCH_PARAM, VALUATION_PATH } from '#app/components/lead/lead-paths.ts'
import { BranchMapSlot } from '#app/components/map/map-slot.tsx'
import { PropertyGrid } from '#app/components/property-card/property-grid.tsx'
import { toListCard } from '#app/components/property-card/types.ts'
import { BranchAddress } from '#app/components/branch/branch-address.tsx'
import { COPY } from '#app/copy.ts'
import { toRealEstateAgentJsonLd } from '#app/lib/branch-seo.ts'
import { hydrationDataApart } from '#app/lib/hydration.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders, toCataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'
import { toPublicUrl, toUrlWithParams } from '#app/lib/urls.ts'
import type { Route } from './+types/branch'

/** The newest properties of each kind a branch's page shows; the rest are on the list it links. */
const SHOWN_PER_TYPE = 6

/** The branch a page address names, or the 404 page. */
async function requireBranch(context: AppLoadContext, segment: string): Promise<BranchDetails> {
  const branchId = parseIdSegment(segment)
  if (branchId === null) throw data(COPY.BRANCH_NOT_FOUND_TITLE, { status: 404 })
  const branch = await context.services.getBranch(branchId)
  if (!branch) throw data(COPY.BRANCH_NOT_FOUND_TITLE, { status: 404 })
  return branch
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const branch = await requireBranch(context, params.branchId)
  const path = toBranchPageUrl(branch)
  const url = new URL(request.url)
  // One address per branch: a missing or stale name moves permanently to the canonical one.
  if (url.pathname !== path) throw redirect(path, 301)
  const properties = await Promise.all(
    SEARCH_TYPES.map(async (searchType) => {
      const query = PropertySearchQuerySchema.parse({ transaction_type_id: toTransactionTypeId(searchType), branch_id: branch.id, sort: 'newest', page_size: SHOWN_PER_TYPE })
      const results = await context.services.searchPropertyCards(query)
      return {
        searchType,
        total: results.total,
        cards: results.data.map(toListCard),
        listUrl: toUrlWithParams(LIST_PATHS[searchType], toSearchParams({ branch_id: branch.id })),
      }
    }),
  )
  return data({ branch, properties, path, canonicalUrl: toPublicUrl(context.publicUrl, path) }, { headers: toCataloguePageHeaders(request) })
}

export const headers = cataloguePageHeaders

// Read without JavaScript (addresses, hours, cards are links); the map starts its scripts when near the screen.
export const handle = hydrationDataApart()

/** A branch's own page: how to reach it and when, who works there, where it is, and what it is selling and letting. */
export default function BranchRoute({ loaderData }: Route.ComponentProps) {
  const { branch, properties, path } = loaderData
  const { property_card_variant: cardVariant } = useSiteSettings()
  const hours = toOpeningHoursLines(branch.openingHours)
  return (
    <div className="container page branch-page">
      <h1>{branch.name}</h1>
      <div className="branch-page__facts">
        <section aria-labelledby="branch-contact" className="branch-page__card">
          <h2 id="branch-contact">{COPY.BRANCH_CONTACT_HEADING}</h2>
          <BranchAddress branch={branch} />
          <p className="branch-page__actions">
            <Link to={`${VALUATION_PATH}?${VALUATION_BRANCH_PARAM}=${branch.id}`} className="button">
              {COPY.BRANCH_VALUATION_LINK}
            </Link>
            <a href={toGoogleMapsUrl(branch)} target="_blank" rel="noopener noreferrer">
              {COPY.BRANCH_MAP_LINK}
            </a>
          </p>
        </section>
        {hours.length > 0 && (
          <section aria-labelledby="branch-hours" className="branch-page__card">
            <h2 id="branch-hours">{COPY.BRANCH_OPENING_HOURS_HEADING}</h2>
            <dl className="branch-page__hours">
              {hours.map((line) => (
                <div key={line.days}>
                  <dt>{line.days}</dt>
                  <dd>{line.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        {branch.team.length > 0 && (
          <section aria-labelledby="branch-team" className="branch-page__card">
            <h2 id="branch-team">{COPY.BRANCH_TEAM_HEADING}</h2>
            <ul role="list" className="branch-page__team">
              {branch.team.map((member) => (
                <li key={`${member.name}-${member.role}`}>
                  <strong>{member.name}</strong>
                  <span>{member.role}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {properties.map(({ searchType, total, cards, listUrl }) => (
        <section key={searchType} className="home-latest" aria-labelledby={`branch-${searchType}`}>
          <div className="home-latest__header">
            <h2 id={`branch-${searchType}`}>{COPY.BRANCH_PROPERTIES_HEADING[searchType]}</h2>
            {total > 0 && <Link to={listUrl}>{COPY.BRANCH_SEE_ALL[searchType](total, branch.branchName)}</Link>}
          </div>
          {cards.length ? (
            <PropertyGrid properties={cards} variant={cardVariant} headingLevel={3} returnTo={path} />
          ) : (
            <p>{COPY.BRANCH_NO_PROPERTIES[searchType]}</p>
          )}
        </section>
      ))}
      <section aria-labelledby="branch-map" className="branch-page__map">
        <h2 id="branch-map">{COPY.BRANCH_MAP_HEADING}</h2>
        <BranchMapSlot branches={[branch]} />
      </section>
    </div>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const agencyName = getAgencyName(matches)
  if (!loaderData) return [{ title: toTitle(COPY.BRANCH_NOT_FOUND_TITLE, agencyName) }]
  const { branch, canonicalUrl } = loaderData
  return [
    { title: toTitle(`${branch.branchName} branch`, agencyName) },
    { name: 'description', content: COPY.BRANCH_DESCRIPTION(branch.name, branch.address) },
    toCanonicalLink(canonicalUrl),
    { 'script:ld+json': toRealEstateAgentJsonLd(branch, canonicalUrl, agencyName) },
  ]
}
