import { PropertyListPage } from '#app/components/property-list/property-list-page.tsx'
import { toListMeta } from '#app/lib/list-meta.ts'
import { getAgencyName } from '#app/lib/meta.ts'
import { cataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { loadPropertyList } from '#app/lib/property-list.server.ts'
import type { Route } from './+types/lettings'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPropertyList(request, context, 'lettings')
}

export const headers = cataloguePageHeaders

export default function LettingsRoute({ loaderData }: Route.ComponentProps) {
  return <PropertyListPage data={loaderData} />
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return toListMeta('lettings', loaderData, getAgencyName(matches))
}
