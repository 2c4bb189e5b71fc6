import type { EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { HYDRATION_DATA_HEADER, HYDRATION_DATA_TYPE } from '#app/lib/hydration-flag.ts'
import { takeHydrationData } from '#app/lib/hydration-data.server.ts'
import { toHydrationStart } from '#app/lib/hydration-start.server.ts'
import { PageScriptsContext, type PageScriptsStart } from '#app/lib/page-scripts.tsx'
import { renderDocument } from '#app/lib/render-document.server.tsx'

// How long loader data may stay pending before the render gives up on it (React Router reads it).
export const streamTimeout = 5_000

/**
 * Renders a page as one HTML answer with its length. The pages have nothing worth streaming (every
 * loader awaits its data and nothing suspends on the server), so the whole document is rendered
 * first and sent in one write: no chain of Node and web streams carrying small chunks, and the
 * server's gzip sees the page at once; it is written to a string in one pass (renderDocument).
 * The page's scripts are the site's files only: PageScripts (root.tsx) writes what React Router's
 * inline scripts would carry as one block of JSON for the boot script, which starts them after the
 * first paint; nothing in the document is rewritten after React has written it, and no answer
 * carries anything of its own (no CSP nonce), so a page kept for visitors is the same for each.
 *
 * A page that waits for intent leaves React Router's hydration data out of its HTML (the loaders'
 * answers again: about a fifth of a list page's bytes, and of the work of rendering it): its boot
 * script asks for them when it starts the scripts, at the same address with HYDRATION_DATA_HEADER,
 * and that request is answered with the data alone, rendering nothing. A visitor who only reads
 * never downloads them. Any other page has its data read whole first (takeHydrationData), and
 * PageScripts writes them into the page.
 */
export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  let start: PageScriptsStart
  if (toHydrationStart(routerContext) === 'data-apart') {
    // Both answers vary with the header: a cache between keeps them apart, as the site's own does.
    responseHeaders.append('Vary', HYDRATION_DATA_HEADER)
    const data = routerContext.serverHandoffStream
    routerContext.serverHandoffStream = undefined
    if (request.headers.has(HYDRATION_DATA_HEADER)) {
      responseHeaders.set('Content-Type', `${HYDRATION_DATA_TYPE}; charset=utf-8`)
      return new Response(data ?? null, { status: responseStatusCode, headers: responseHeaders })
    }
    void data?.cancel()
    start = { data: 'apart' }
  } else {
    try {
      const data = await takeHydrationData(routerContext)
      start = data === null ? null : { data }
    } catch (error) {
      // The page still works without JavaScript: it is sent without its scripts rather than not at all.
      console.error(error)
      start = null
    }
  }

  return renderDocument(
    <PageScriptsContext value={start}>
      <ServerRouter context={routerContext} url={request.url} />
    </PageScriptsContext>,
    { status: responseStatusCode, headers: responseHeaders, timeoutMs: streamTimeout },
  )
}
