import { toBranchPageUrl, toGoogleMapsUrl } from '@agency/domain'
import { Link, data } from 'react-router'
import { BranchMapSlot } from '#app/components/map/map-slot.tsx'
import { BranchAddress } from '#app/components/branch/branch-address.tsx'
import { COPY } from '#app/copy.ts'
import { getBranches } from '#app/lib/branches.server.ts'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders, toCataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { toPublicUrl } from '#app/lib/urls.ts'
import type { Route } from './+types/branches'

// The branches with their map markers' fields (the root's data has the footer's fields only).
export async function loader({ request, context }: Route.LoaderArgs) {
  return data(
    { branches: await getBranches(context), canonicalUrl: toPublicUrl(context.publicUrl, '/branches') },
    { headers: toCataloguePageHeaders(request) },
  )
}

export const headers = cataloguePageHeaders

/** 'Our branches': the branch map (SPEC §2 Map) and, as its accessible twin, every branch's card. */
export default function BranchesRoute({ loaderData }: Route.ComponentProps) {
  const { branches } = loaderData
  return (
    <div className="container page branches-page">
      <h1>{COPY.BRANCHES_TITLE}</h1>
      <p>{COPY.BRANCHES_INTRO}</p>
      <BranchMapSlot branches={branches} />
      <ul className="branches-page__list" role="list">
        {branches.map((branch) => (
          <li key={branch.id} className="branches-page__branch">
            <h2 className="branches-page__name">
              <Link to={toBranchPageUrl(branch)}>{branch.branchName}</Link>
            </h2>
            <BranchAddress branch={branch} />
            <p>
              <a href={toGoogleMapsUrl(branch)} target="_blank" rel="noopener noreferrer">
                {COPY.BRANCH_MAP_LINK}
                <span className="visually-hidden">: {branch.branchName}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: toTitle(COPY.BRANCHES_TITLE, getAgencyName(matches)) }, { name: 'description', content: COPY.BRANCHES_DESCRIPTION }, ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : [])]
}
