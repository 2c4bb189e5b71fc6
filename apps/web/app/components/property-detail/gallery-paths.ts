/** The views of a property's gallery page: its photos (and videos and tours), floor plans and EPCs. */
export const GALLERY_VIEWS = ['photos', 'floor-plans', 'epc'] as const
export type GalleryView = (typeof GALLERY_VIEWS)[number]

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
