import { LIST_PATHS, PropertySearchQuerySchema, SEARCH_TYPES, toTransactionTypeId } from '@agency/domain'
import { Link, data } from 'react-router'
import { HeroSearch } from '#app/components/home/hero-search.tsx'
import { BranchMapSlot } from '#app/components/map/map-slot.tsx'
import { PropertyGrid } from '#app/components/property-card/property-grid.tsx'
import { toListCard } from '#app/components/property-card/types.ts'
import { COPY } from '#app/copy.ts'
import { getBranches } from '#app/lib/branches.server.ts'
import { hydrationDataApart } from '#app/lib/hydration.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders, toCataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'
import { toPublicUrl } from '#app/lib/urls.ts'
import type { Route } from './+types/home'

const LATEST_COUNT = 3

export async function loader({ request, context }: Route.LoaderArgs) {
  const [latest, branches] = await Promise.all([
    Promise.all(
      SEARCH_TYPES.map(async (searchType) => {
        const query = PropertySearchQuerySchema.parse({ transaction_type_id: toTransactionTypeId(searchType), sort: 'newest', page_size: LATEST_COUNT })
        const results = await context.services.searchPropertyCards(query)
        return { searchType, properties: results.data.map(toListCard) }
      }),
    ),
    // The branch map's markers (the root's data has the footer's fields only).
    getBranches(context),
  ])
  return data({ latest, branches, canonicalUrl: toPublicUrl(context.publicUrl, '/') }, { headers: toCataloguePageHeaders(request) })
}

export const headers = cataloguePageHeaders

// A visitor's home page works without JavaScript (the hero search is a form, the cards are links): its
// scripts wait for their first sign of intent, or for the branch map to come near the screen.
export const handle = hydrationDataApart()

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  const { property_card_variant: cardVariant } = useSiteSettings()
  const { branches } = loaderData
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero__inner">
          <h1 id="hero-heading" className="hero__heading">
            {COPY.HOME_HEADING}
          </h1>
          <p className="hero__intro">{COPY.HOME_INTRO}</p>
          <HeroSearch />
        </div>
      </section>
      {loaderData.latest.map(({ searchType, properties }) =>
        properties.length === 0 ? null : (
          <section key={searchType} className="container page home-latest" aria-labelledby={`latest-${searchType}`}>
            <div className="home-latest__header">
              <h2 id={`latest-${searchType}`}>{COPY.HOME_LATEST[searchType]}</h2>
              <Link to={LIST_PATHS[searchType]}>{COPY.HOME_SEE_ALL[searchType]}</Link>
            </div>
            <PropertyGrid properties={properties} variant={cardVariant} headingLevel={3} returnTo="/" />
          </section>
        ),
      )}
      {branches.length > 0 && (
        <section className="container page home-branches" aria-labelledby="home-branches">
          <div className="home-latest__header">
            <h2 id="home-branches">{COPY.BRANCHES_HOME_HEADING}</h2>
            <Link to="/branches">{COPY.BRANCHES_SEE_ALL}</Link>
          </div>
          <BranchMapSlot branches={branches} />
        </section>
      )}
    </>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const agencyName = getAgencyName(matches)
  return [
    { title: toTitle(COPY.HOME_TITLE, agencyName) },
    { name: 'description', content: COPY.HOME_DESCRIPTION },
    ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : []),
  ]
}
