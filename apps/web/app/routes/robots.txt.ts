import { toPublicUrl } from '#app/lib/urls.ts'
import type { Route } from './+types/robots.txt'

/**
 * /robots.txt: crawlers may read the catalogue, its pictures (under /api/media, and /api/m in the pages'
 * srcsets) and the public login page, not the account and alert-management pages or the rest of the
 * API; the sitemap lists the pages to read.
 */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /api/media/',
    'Allow: /api/m/',
    'Disallow: /api/',
    'Disallow: /logout',
    'Disallow: /account',
    'Disallow: /heads-up-alerts/profiles/',
    '',
    `Sitemap: ${toPublicUrl(context.publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
