import { LIST_PATHS } from '@agency/domain'
import { redirect } from 'react-router'
import type { Route } from './+types/list-shortcut'

/**
 * '/sales' and '/lettings', as a board, a leaflet or a visitor typing the address has them: the list
 * of that search type, its query kept. Permanent, as the lists' addresses are.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url)
  throw redirect(`${LIST_PATHS[pathname.startsWith('/lettings') ? 'lettings' : 'sales']}${search}`, 301)
}
