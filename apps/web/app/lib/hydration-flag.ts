/** Set on `window` by entry.client.tsx just before React starts to hydrate the page (lib/paint-first.server.ts). */
export const HYDRATING_FLAG = '__agencyHydrating'

/**
 * Marks an element whose arrival near the screen starts a page that waits for a visitor's intent
 * (lib/paint-first.server.ts): something that needs the page's scripts once it is seen, as the home
 * page's branch map at its foot.
 */
export const HYDRATE_ON_VIEW_ATTRIBUTE = 'data-hydrate-on-view'
