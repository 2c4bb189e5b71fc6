import type { EntryContext } from 'react-router'

/**
 * How a rendered page starts its scripts (lib/boot-script.ts): always once it has painted, with
 * React Router's hydration data inline or, 'data-apart', asked for then beside the scripts.
 */
export type HydrationStart = 'after-paint' | 'data-apart'

interface DataApartHandle {
  hydrate: 'data-apart'
  dataInline: (loaderData: unknown) => boolean
}

function isDataApartHandle(handle: unknown): handle is DataApartHandle {
  return typeof handle === 'object' && handle !== null && 'hydrate' in handle && handle.hydrate === 'data-apart' && 'dataInline' in handle && typeof handle.dataInline === 'function'
}

/** Whether the root's data names a signed-in contact. */
function isSignedIn(rootData: unknown): boolean {
  return typeof rootData === 'object' && rootData !== null && 'contact' in rootData && rootData.contact != null
}

/**
 * How the page rendered for `context` starts its scripts. Its data come apart only when its route asks
 * for that (hydrationDataApart), the page's data are not wanted inline (`dataInline`: a map shown from
 * the start), and the reader is a visitor: a signed-in contact's pages are never cached for others,
 * so one request serves them best.
 */
export function toHydrationStart(context: EntryContext): HydrationStart {
  const { matches, loaderData, actionData, errors } = context.staticHandlerContext
  // A form's answer (an enquiry sent without JavaScript) and an error page start as every page did.
  if (errors || actionData) return 'after-paint'
  if (isSignedIn(loaderData.root)) return 'after-paint'
  const leaf = matches[matches.length - 1]
  if (!leaf) return 'after-paint'
  const handle = context.routeModules[leaf.route.id]?.handle
  if (!isDataApartHandle(handle)) return 'after-paint'
  return handle.dataInline(loaderData[leaf.route.id]) ? 'after-paint' : 'data-apart'
}
