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
