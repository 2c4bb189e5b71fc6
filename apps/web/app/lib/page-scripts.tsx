import { createContext, useContext } from 'react'
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_useScrollRestoration as useScrollRestoration,
  matchRoutes,
} from 'react-router'
import { BOOT_SCRIPT_PATH, PAGE_SCRIPTS_ATTRIBUTE, type PageScriptsData } from './boot-script.ts'

/**
 * How the server starts a page's scripts (entry.server.tsx): with React Router's hydration data in
 * the page, with them apart (asked for by the boot script: a visitor's home, list and property pages),
 * or not at all (the data could not be read: the page stays as it works without JavaScript).
 */
export type PageScriptsStart = { data: string } | { data: 'apart' } | null

/** The server's PageScriptsStart for the page being rendered; the browser has none. */
export const PageScriptsContext = createContext<PageScriptsStart>(null)

type Manifest = NonNullable<React.ContextType<typeof FrameworkContext>>['manifest']
type Router = NonNullable<React.ContextType<typeof DataRouterContext>>['router']

/** Text as it may stand inside a <script> data block: no '<' (so no '</script>'), '>' or '&', and no JS line breaks. */
function escapeForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * React Router's manifest of the routes a page needs at first (its matches and those of the paths
 * above it), as its <Scripts> writes it when routes are discovered lazily (`getPartialManifest`).
 */
export function partialManifest(built: Manifest, router: Router): Record<string, unknown> {
  const { sri, ...manifest } = built
  const ids = new Set(router.state.matches.map((m) => m.route.id))
  const segments = router.state.location.pathname.split('/').filter(Boolean)
  segments.pop()
  const paths = ['/']
  for (; segments.length > 0; segments.pop()) paths.push(`/${segments.join('/')}`)
  for (const path of paths) for (const id of routeIdsMatching(built, router, path)) ids.add(id)
  return { ...manifest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])), sri: sri ? true : undefined }
}

/** The most paths whose matching routes are kept, per build (the oldest goes first). */
const KEPT_PATHS = 1_000

/**
 * The ids of the routes matching each path lately asked, per build's manifest: React Router makes the
 * route objects again for each render, from the one manifest of the build, which says the routes.
 */
const matchedLately = new WeakMap<Manifest, Map<string, readonly string[]>>()

/**
 * The ids of the routes that match `path`. React Router's matchRoutes flattens and ranks the whole
 * route tree at every call: three calls a page were 7% of a rendered property page's server time
 * (a CPU profile, one process, the page cache bypassed). The answer depends on the path and the
 * routes alone, and the paths above a page ('/', '/property', '/sales') are few, so it is kept.
 */
function routeIdsMatching(manifest: Manifest, router: Router, path: string): readonly string[] {
  let kept = matchedLately.get(manifest)
  if (!kept) matchedLately.set(manifest, (kept = new Map()))
  let ids = kept.get(path)
  if (!ids) {
    ids = (matchRoutes(router.routes, path, router.basename || '/') ?? []).map((m) => m.route.id)
    if (kept.size >= KEPT_PATHS) kept.delete(kept.keys().next().value!)
    kept.set(path, ids)
  }
  return ids
}

/**
 * The page's scripts, as data for its boot script: what React Router's <Scripts> and
 * <ScrollRestoration> write as inline scripts (the context, the manifest, the routes' modules and
 * the entry, the hydration data, the scroll position), written here as one JSON block that no
 * browser runs, followed by the boot script, a file (boot-script.ts). So the page holds no inline
 * script: the Content-Security-Policy allows scripts by 'self' alone, needs no per-answer nonce and no
 * hash, and a page kept for visitors is the same bytes for each of them (a cache between may keep
 * it). A visitor's text in the loaders' data stays data: it is JSON inside the block, read with
 * JSON.parse, and no hash of anything in the page is ever taken, so no text a visitor wrote can be
 * made an allowed script.
 *
 * Why not hashes of React Router's inline scripts, or 'strict-dynamic' from a hashed inline boot
 * script: the module script and the hydration data differ from page to page (the data carry what
 * visitors wrote), so their hashes would be made from each page's output, and 'strict-dynamic' lets
 * whatever the trusted script creates run, 'self' or not; with no inline script there is nothing to
 * hash and 'self' keeps every script a file of the site.
 *
 * The same order and the same files as <Scripts>: the route modules of the matches, root first,
 * each one's client chunks merged under its main module; the preloads the entry's imports and the
 * routes' modules. Rendered on the server only; the browser's render keeps the server's elements
 * (suppressHydrationWarning) and React Router's scroll restoration.
 */
export function PageScripts() {
  useScrollRestoration()
  const framework = useContext(FrameworkContext)
  const dataRouter = useContext(DataRouterContext)
  const state = useContext(DataRouterStateContext)
  const start = useContext(PageScriptsContext)
  const boot = <script src={BOOT_SCRIPT_PATH} defer suppressHydrationWarning />
  if (typeof document !== 'undefined') {
    return (
      <>
        <script type="application/json" {...{ [PAGE_SCRIPTS_ATTRIBUTE]: '' }} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
        {boot}
      </>
    )
  }
  if (!framework || !dataRouter || !state || !start) return null
  const { manifest, routeDiscovery, ssr } = framework
  const lazyDiscovery = routeDiscovery.mode === 'lazy' && ssr === true
  const routes = state.matches.map((match): [string, string[]] => {
    const route = manifest.routes[match.route.id]
    if (!route) throw new Error(`Route ${match.route.id} not found in manifest`)
    const chunks = [route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule].filter((m) => m !== undefined)
    return [match.route.id, [...chunks, route.module]]
  })
  const preloads = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...state.matches.flatMap((match) => {
      const route = manifest.routes[match.route.id]
      if (!route) return []
      return [route.module, route.clientActionModule, route.clientLoaderModule, route.hydrateFallbackModule, ...(route.imports ?? [])].filter((m) => m !== undefined)
    }),
  ]
  const data: Omit<PageScriptsData, 'context'> = {
    manifest: lazyDiscovery ? partialManifest(manifest, dataRouter.router) : null,
    first: [...(manifest.hmr?.runtime ? [manifest.hmr.runtime] : []), ...(lazyDiscovery ? [] : [manifest.url])],
    routes,
    entry: manifest.entry.module,
    preloads: [...new Set(preloads)],
    data: start.data === 'apart' ? null : start.data,
  }
  // React Router's handoff is JSON already, written safe for a script (escapeHtml).
  const json = `{"context":${framework.serverHandoffString ?? '{}'},${escapeForScript(JSON.stringify(data).slice(1))}`
  return (
    <>
      <script type="application/json" {...{ [PAGE_SCRIPTS_ATTRIBUTE]: '' }} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
      {boot}
    </>
  )
}
