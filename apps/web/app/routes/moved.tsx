import { redirect } from 'react-router'
import { toMovedPath } from '../moved-paths.ts'
import type { Route } from './+types/moved'

/**
 * An address that has moved (moved-paths.ts: '/sales' as a board or a leaflet gives it, '/privacy',
 * '/contact-us'): permanently to its page, the query kept.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url)
  const to = toMovedPath(pathname)
  if (to === null) throw new Response('Not Found', { status: 404 })
  throw redirect(`${to}${search}`, 301)
}
