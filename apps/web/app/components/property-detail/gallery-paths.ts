import { LABELS } from '@agency/domain'
import { COPY } from '#app/copy.ts'

/** The views of a property's gallery page: its photos (and videos and tours), floor plans and EPCs. */
export const GALLERY_VIEWS = ['photos', 'floor-plans', 'epc'] as const
export type GalleryView = (typeof GALLERY_VIEWS)[number]

/** What each view's tab is called (with its count: COPY.GALLERY_TAB_COUNT). */
export const GALLERY_VIEW_LABELS: Record<GalleryView, string> = { photos: COPY.DETAIL_PHOTOS, 'floor-plans': COPY.DETAIL_FLOOR_PLANS, epc: LABELS.EPC }

/** The query parameter of each view: which item of it is shown, counted from 1. */
export const GALLERY_VIEW_PARAM: Record<GalleryView, string> = { photos: 'photo', 'floor-plans': 'plan', epc: 'epc' }

/**
 * The address of a property's gallery page (routes/property-gallery.tsx) showing the `position`th
 * item (from 1) of a view: what the property page's pictures link to, so that a tap before the page's
 * script runs, or without it, lands on a page of the site rather than on a picture file.
 */
export function toGalleryPageUrl(detailPageUrl: string, view: GalleryView = 'photos', position = 1): string {
  return `${detailPageUrl}/gallery?${GALLERY_VIEW_PARAM[view]}=${position}`
}
