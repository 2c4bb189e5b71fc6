import { parseIdSegment } from '@agency/domain'
import { data, redirect } from 'react-router'
import { GalleryPage, toGalleryItems } from '#app/components/property-detail/gallery-page.tsx'
import { GALLERY_VIEWS, GALLERY_VIEW_PARAM, toGalleryPageUrl } from '#app/components/property-detail/gallery-paths.ts'
import type { GalleryView } from '#app/components/property-detail/gallery-paths.ts'
import { COPY } from '#app/copy.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders, toCataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import type { Route } from './+types/property-gallery'

/** The view a gallery address asks for, and its item counted from 1 (the first when the number is odd). */
function toRequestedItem(params: URLSearchParams): { view: GalleryView; position: number } {
  const view = GALLERY_VIEWS.find((v) => params.has(GALLERY_VIEW_PARAM[v])) ?? 'photos'
  const position = Number(params.get(GALLERY_VIEW_PARAM[view]))
  return { view, position: Number.isSafeInteger(position) && position > 0 ? position : 1 }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const propertyId = parseIdSegment(params.propertyId)
  if (propertyId === null) throw data(COPY.PROPERTY_NOT_FOUND_TITLE, { status: 404 })
  const property = await context.services.getProperty(propertyId)
  if (!property) throw data(COPY.PROPERTY_NOT_FOUND_TITLE, { status: 404 })
  // SPEC §4: no gallery of a property locked for this visitor; its page says how to see it.
  if (property.is_locked) throw redirect(property.detail_page_url)
  const url = new URL(request.url)
  const { view, position } = toRequestedItem(url.searchParams)
  const items = toGalleryItems(property)[view]
  if (items.length === 0) throw redirect(view === 'photos' ? property.detail_page_url : toGalleryPageUrl(property.detail_page_url))
  // One address per picture: a stale slug, a number past the end or an odd query move to the canonical one.
  const canonical = toGalleryPageUrl(property.detail_page_url, view, Math.min(position, items.length))
  if (`${url.pathname}${url.search}` !== canonical) throw redirect(canonical, 301)
  return data({ property, view, index: Math.min(position, items.length) - 1 }, { headers: toCataloguePageHeaders(request) })
}

export const headers = cataloguePageHeaders

export default function PropertyGalleryRoute({ loaderData }: Route.ComponentProps) {
  return <GalleryPage property={loaderData.property} view={loaderData.view} index={loaderData.index} />
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const agencyName = getAgencyName(matches)
  if (!loaderData) return [{ title: toTitle(COPY.PROPERTY_NOT_FOUND_TITLE, agencyName) }, { name: 'robots', content: 'noindex' }]
  // The property page is the one to index; its gallery pages point there.
  return [{ title: toTitle(COPY.GALLERY_TITLE(loaderData.property.advert_heading), agencyName) }, { name: 'robots', content: 'noindex' }]
}
