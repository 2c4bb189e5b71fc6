import { data } from 'react-router'
import { COPY } from '#app/copy.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import type { Route } from './+types/not-found'

/** Any path no route claims: a real 404, rendered by the root error boundary. */
export async function loader() {
  throw data(COPY.NOT_FOUND_TITLE, { status: 404 })
}

// Never rendered (the loader always throws), but a route without a component would be a resource
// route and answer bare text instead of the 404 page.
export default function NotFoundRoute() {
  return null
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(COPY.NOT_FOUND_TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
