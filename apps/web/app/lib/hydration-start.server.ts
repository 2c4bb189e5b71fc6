import type { EntryContext } from 'react-router'

/** When a rendered page starts its scripts (lib/paint-first.server.ts). */
export type HydrationStart = 'after-paint' | 'on-intent'

interface OnIntentHandle {
  hydrate: 'on-intent'
  atOnce: (loaderData: unknown) => boolean
}

function isOnIntentHandle(handle: unknown): handle is OnIntentHandle {
  return typeof handle === 'object' && handle !== null && 'hydrate' in handle && handle.hydrate === 'on-intent' && 'atOnce' in handle && typeof handle.atOnce === 'function'
}

/** Whether the root's data names a signed-in contact. */
function isSignedIn(rootData: unknown): boolean {
  return typeof rootData === 'object' && rootData !== null && 'contact' in rootData && rootData.contact != null
}

/**
 * When the page rendered for `context` starts its scripts. On intent only when its route asks for it
 * (hydrateOnIntent), the page's data does not need them at once, and the reader is a visitor: a
 * signed-in contact's pages do work on load (a property page records a potential viewing) and are
 * never cached for others.
 */
export function toHydrationStart(context: EntryContext): HydrationStart {
  const { matches, loaderData, actionData, errors } = context.staticHandlerContext
  // A form's answer (an enquiry sent without JavaScript) and an error page start as every page did.
  if (errors || actionData) return 'after-paint'
  if (isSignedIn(loaderData.root)) return 'after-paint'
  const leaf = matches[matches.length - 1]
  if (!leaf) return 'after-paint'
  const handle = context.routeModules[leaf.route.id]?.handle
  if (!isOnIntentHandle(handle)) return 'after-paint'
  return handle.atOnce(loaderData[leaf.route.id]) ? 'after-paint' : 'on-intent'
}
