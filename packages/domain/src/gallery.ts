/**
 * SPEC §2/§4 full-screen gallery and lightbox: the photo counter, wrap-around navigation, and when it
 * may open.
 */

/** The gallery's state. `index` is 0-based; the counter shows it 1-based. */
export interface GalleryState {
  readonly open: boolean
  readonly index: number
  readonly total: number
}

/** The gallery's transitions. */
export type GalleryAction =
  | { readonly type: 'opened'; readonly index?: number; readonly isLocked: boolean; readonly isOtherLightboxOpen: boolean }
  | { readonly type: 'closed' }
  | { readonly type: 'next' }
  | { readonly type: 'previous' }
  | { readonly type: 'moved'; readonly index: number }

/** SPEC §4: a gallery or lightbox opens only when the property is not locked and no other lightbox is open. */
export function canOpenGallery(input: { readonly isLocked: boolean; readonly isOtherLightboxOpen: boolean }): boolean {
  return !input.isLocked && !input.isOtherLightboxOpen
}

/** SPEC §2 photo counter 'index/total', e.g. '3/12' for the third of twelve; '0/0' when empty. */
export function toGalleryCounter(state: Pick<GalleryState, 'index' | 'total'>): string {
  return state.total === 0 ? '0/0' : `${state.index + 1}/${state.total}`
}

const wrap = (index: number, total: number): number => (total === 0 ? 0 : ((index % total) + total) % total)

/** A closed gallery of `total` photos. */
export function initGallery(total: number): GalleryState {
  return { open: false, index: 0, total }
}

/** The gallery's reducer: next and previous wrap around (SPEC §2); opening obeys canOpenGallery. */
export function galleryReducer(state: GalleryState, action: GalleryAction): GalleryState {
  switch (action.type) {
    case 'opened':
      if (!canOpenGallery(action) || state.total === 0) return state
      return { ...state, open: true, index: wrap(action.index ?? 0, state.total) }
    case 'closed':
      return { ...state, open: false }
    case 'next':
      return { ...state, index: wrap(state.index + 1, state.total) }
    case 'previous':
      return { ...state, index: wrap(state.index - 1, state.total) }
    case 'moved':
      return { ...state, index: wrap(action.index, state.total) }
  }
}

/** SPEC §2 swipe on touch: the least sideways travel, in CSS pixels, that turns the photo. */
export const GALLERY_SWIPE_MIN_PX = 50

/**
 * SPEC §2 swipe: a drag of `dx`, `dy` pixels from where the finger went down to where it came up.
 * Mostly sideways and far enough: to the left shows the next photo, to the right the previous one;
 * anything else (a tap, a scroll) is null.
 */
export function toSwipeAction(dx: number, dy: number): GalleryAction | null {
  if (Math.abs(dx) < GALLERY_SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null
  return dx < 0 ? { type: 'next' } : { type: 'previous' }
}

/**
 * SPEC §2 keyboard: the arrow keys turn the photo, Home and End go to the first and last; other keys
 * are null (Escape belongs to the dialog, which closes the gallery).
 */
export function toGalleryKeyAction(key: string, total: number): GalleryAction | null {
  switch (key) {
    case 'ArrowRight':
      return { type: 'next' }
    case 'ArrowLeft':
      return { type: 'previous' }
    case 'Home':
      return { type: 'moved', index: 0 }
    case 'End':
      return { type: 'moved', index: Math.max(0, total - 1) }
    default:
      return null
  }
}

/** What a gallery slide shows: a photo, a video (SPEC §3 isIframePlayable) or a virtual tour (isVirtualTour). */
export type GallerySlideKind = 'photo' | 'video' | 'tour'

/** The kind of slide a media makes. */
export function toGallerySlideKind(media: { readonly isIframePlayable: boolean; readonly isVirtualTour: boolean }): GallerySlideKind {
  return media.isIframePlayable ? 'video' : media.isVirtualTour ? 'tour' : 'photo'
}
