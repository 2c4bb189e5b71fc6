import { LIST_PATHS } from '@agency/domain'
import { redirect } from 'react-router'
import { getApplicantSearchType } from '#app/lib/applicant.server.ts'
import { getSiteSettings } from '#app/lib/site-settings.server.ts'
import type { Route } from './+types/properties'

/**
 * SPEC §2 PROPERTIES: the logged-in applicant's profile picks sales or lettings, else the company
 * default (setting 101). The query is kept, so a search survives the hop.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const searchType = (await getApplicantSearchType(request, context)) ?? (await getSiteSettings(context)).default_search_type
  const { search } = new URL(request.url)
  // 302: the destination depends on who asks and on a setting, so it must not be cached as permanent.
  throw redirect(`${LIST_PATHS[searchType]}${search}`)
}
