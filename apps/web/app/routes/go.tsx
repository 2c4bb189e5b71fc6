import { REDIRECT_SLUG_PATTERN, RedirectUrlSchema, SLUG_MAX_LENGTH } from '@agency/domain'
import { data, redirect } from 'react-router'
import { COPY } from '#app/copy.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import type { Route } from './+types/go'

/**
 * SPEC §2 Redirect screen: `/go/:slug` sends the visitor to the URL configured for the slug (company
 * setting 107, read through the site's services). An unknown slug is the 404 page; nothing that is not
 * configured is ever a destination. A temporary redirect, so a changed setting takes effect at once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.slug.length > SLUG_MAX_LENGTH || !REDIRECT_SLUG_PATTERN.test(params.slug)) throw data(COPY.NOT_FOUND_TITLE, { status: 404 })
  const target = await context.services.getRedirect(params.slug)
  if (!target) throw data(COPY.NOT_FOUND_TITLE, { status: 404 })
  // The services check the target too; checked again here because a redirect is only as safe as its URL.
  if (!RedirectUrlSchema.safeParse(target.url).success) throw data(COPY.NOT_FOUND_TITLE, { status: 404 })
  throw redirect(target.url, { status: 302, headers: { 'cache-control': 'no-store' } })
}

// Never rendered (the loader always throws), but a route without a component would be a resource
// route and answer bare text instead of the 404 page.
export default function GoRoute() {
  return null
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(COPY.NOT_FOUND_TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
