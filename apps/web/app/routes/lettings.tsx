import { PropertyListPage, showsMapFromTheStart } from '#app/components/property-list/property-list-page.tsx'
import { hydrationDataApart } from '#app/lib/hydration.ts'
import { toListMeta } from '#app/lib/list-meta.ts'
import { getAgencyName } from '#app/lib/meta.ts'
import { cataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { loadPropertyList } from '#app/lib/property-list.server.ts'
import type { Route } from './+types/lettings'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPropertyList(request, context, 'lettings')
}

export const headers = cataloguePageHeaders

// A visitor who only reads the list never downloads React; a map shown from the start needs it.
export const handle = hydrationDataApart(showsMapFromTheStart)

export default function LettingsRoute({ loaderData }: Route.ComponentProps) {
  return <PropertyListPage data={loaderData} />
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return toListMeta('lettings', loaderData, getAgencyName(matches))
}
