import { useMatches } from 'react-router'

/**
 * A route's `handle` that serves its page as plain HTML with no React in the browser. The page must
 * work without JavaScript anyway; this keeps React's ~110 KB (gzipped) off pages whose only
 * only interaction is a form post.
 */
export const SERVE_WITHOUT_HYDRATION = { hydrate: false } as const

/**
 * A route's `handle` whose page, for a visitor, asks for its scripts at their first sign of intent
 * (a pointer over the page, a touch, a key, a focus, a wheel: lib/paint-first.server.ts) rather than
 * once it has painted. The page works without JavaScript meanwhile, so a visitor who only reads it
 * never downloads React. `atOnce` names the page's data that needs its scripts without anyone
 * asking (a map shown from the start); a part of the page that needs them once it is seen carries
 * HYDRATE_ON_VIEW_ATTRIBUTE (lib/hydration-flag.ts) and starts them when it comes near the screen.
 */
export function hydrateOnIntent(atOnce: (loaderData: unknown) => boolean = () => false) {
  return { hydrate: 'on-intent', atOnce } as const
}

function isServedWithoutHydration(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'hydrate' in handle && handle.hydrate === false
}

/**
 * Whether the page loads React in the browser. Once React runs (after a hydrated page), it keeps the
 * scripts for every page it renders, so the answer only changes on the server.
 */
export function useHydration(): boolean {
  const matches = useMatches()
  if (typeof document !== 'undefined') return true
  return !matches.some((match) => isServedWithoutHydration(match.handle))
}
