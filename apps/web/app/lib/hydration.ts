import { useMatches } from 'react-router'

/**
 * A route's `handle` that serves its page as plain HTML with no React in the browser. The page must
 * work without JavaScript anyway; this keeps React's ~110 KB (gzipped) off pages whose only
 * only interaction is a form post.
 */
export const SERVE_WITHOUT_HYDRATION = { hydrate: false } as const

/**
 * A route's `handle` whose page, for a visitor, leaves React Router's hydration data out of its HTML
 * (a fifth of a list page's bytes): the boot script asks for them beside the scripts once the page has
 * painted (lib/boot-script.ts), and the page cache keeps them apart. `dataInline` names the
 * page's data better written inline (a map shown from the start, which hydrates with the page).
 */
export function hydrationDataApart(dataInline: (loaderData: unknown) => boolean = () => false) {
  return { hydrate: 'data-apart', dataInline } as const
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
