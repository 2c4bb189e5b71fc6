import { LIST_PATHS, toBranchPageUrl } from '@agency/domain'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'
import { getBranches } from '#app/lib/branches.server.ts'
import { VALUATION_PATH } from '#app/components/lead/lead-paths.ts'
import { toPublicUrl } from '#app/lib/urls.ts'
import type { Route } from './+types/sitemap.xml'

/** The sitemap protocol's limit of addresses in one file. */
const SITEMAP_MAX_URLS = 50_000

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c)

const toUrl = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`

/**
 * /sitemap.xml: the home and list pages, the branches and each branch's page, the valuation and the
 * trust and legal pages, then every property page anyone may see (the API leaves
 * locked, pre-market ones out), streamed a page of the API's keyset-paged list at a time, so a large
 * catalogue is never held in memory. One file holds up to 50,000 addresses (the protocol's limit).
 */
export function loader({ context }: Route.LoaderArgs) {
  const encoder = new TextEncoder()
  const origin = context.publicUrl
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(encoder.encode('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'))
        const branches = await getBranches(context)
        const pages = [
          '/',
          LIST_PATHS.sales,
          LIST_PATHS.lettings,
          '/branches',
          ...branches.map(toBranchPageUrl),
          VALUATION_PATH,
          ...Object.values(LEGAL_PATHS),
        ].map((path) => toPublicUrl(origin, path))
        controller.enqueue(encoder.encode(pages.map((page) => toUrl(page)).join('')))
        let count = pages.length
        let after: number | null = 0
        while (after !== null && count < SITEMAP_MAX_URLS) {
          const page = await context.services.getSitemapPage(after)
          const entries = page.data.slice(0, SITEMAP_MAX_URLS - count)
          controller.enqueue(encoder.encode(entries.map((entry) => toUrl(toPublicUrl(origin, entry.detail_page_url), entry.updated_at.slice(0, 10))).join('')))
          count += entries.length
          after = page.next_after
        }
        controller.enqueue(encoder.encode('</urlset>\n'))
        controller.close()
      } catch (error) {
        controller.error(error)
      }
    },
  })
  return new Response(stream, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
