/** Set on `window` by entry.client.tsx just before React starts to hydrate the page (lib/boot-script.ts). */
export const HYDRATING_FLAG = '__agencyHydrating'

/**
 * A visitor's home, list and property pages leave React Router's hydration data (the loaders' answers,
 * some 17 KB of a list page) out of their HTML; the boot script asks for them when it starts the scripts
 * (lib/boot-script.ts): the same address, with this header, answered by entry.server.tsx with
 * the data alone, of HYDRATION_DATA_TYPE. The server's page cache keeps the two answers apart.
 */
export const HYDRATION_DATA_HEADER = 'X-Hydration-Data'

/** The content type of a page's hydration data asked for with HYDRATION_DATA_HEADER. */
export const HYDRATION_DATA_TYPE = 'text/x-hydration-data'

/** Where a visitor's saved properties are kept in the browser (localStorage, lib/saved-browser.ts). */
export const BROWSER_SAVES_KEY = 'agency.saved-properties'
