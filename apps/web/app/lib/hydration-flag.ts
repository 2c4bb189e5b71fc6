/** Set on `window` by entry.client.tsx just before React starts to hydrate the page (lib/paint-first.server.ts). */
export const HYDRATING_FLAG = '__agencyHydrating'
