/** Set on `window` by entry.client.tsx just before React starts to hydrate the page (lib/paint-first.server.ts). */
export const HYDRATING_FLAG = '__agencyHydrating'

/**
 * Marks an element whose arrival near the screen starts a page that waits for a visitor's intent
 * (lib/paint-first.server.ts): something that needs the page's scripts once it is seen, as the home
 * page's branch map at its foot.
 */
export const HYDRATE_ON_VIEW_ATTRIBUTE = 'data-hydrate-on-view'

/**
 * A page that waits for a visitor's intent leaves React Router's hydration data (the loaders' answers,
 * some 17 KB of a list page) out of its HTML; its boot script asks for them when it starts the scripts
 * (lib/paint-first.server.ts): the same address, with this header, answered by entry.server.tsx with
 * the data alone, of HYDRATION_DATA_TYPE. The server's page cache keeps the two answers apart.
 */
export const HYDRATION_DATA_HEADER = 'X-Hydration-Data'

/** The content type of a page's hydration data asked for with HYDRATION_DATA_HEADER. */
export const HYDRATION_DATA_TYPE = 'text/x-hydration-data'

/**
 * Where a visitor's saved properties are kept in the browser (localStorage, lib/saved-browser.ts): the
 * boot script starts a page's scripts after painting when it holds any (their hearts are the script's).
 */
export const BROWSER_SAVES_KEY = 'agency.saved-properties'
