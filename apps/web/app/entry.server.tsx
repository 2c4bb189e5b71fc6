import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { HYDRATION_DATA_HEADER, HYDRATION_DATA_TYPE } from '#app/lib/hydration-flag.ts'
import { readHydrationDataAhead } from '#app/lib/hydration-data-ahead.server.ts'
import { toHydrationStart } from '#app/lib/hydration-start.server.ts'
import { renderDocument } from '#app/lib/render-document.server.tsx'

// How long loader data may stay pending before the render gives up on it (React Router reads it).
export const streamTimeout = 5_000

/**
 * Renders a page as one HTML answer with its length. The pages have nothing worth streaming (every
 * loader awaits its data and nothing suspends on the server), so the whole document is rendered
 * first and sent in one write: no chain of Node and web streams carrying small chunks, and the
 * server's gzip sees the page at once; it is written to a string in one pass (renderDocument). The server hands each answer's CSP nonce in the load context;
 * ServerRouter gives it to React Router's inline scripts (<Scripts>, <ScrollRestoration>) and <Links>.
 * The whole document at hand, compactDocument writes React Router's manifest and preloads shorter,
 * and paintBeforeHydration makes the page's scripts wait for its first paint, or for a visitor's
 * first sign of intent where the route asks for that (toHydrationStart); finishDocument reads as text
 * only the parts of the document they change.
 *
 * A page that waits for intent leaves React Router's hydration data out of its HTML (the loaders'
 * answers again, as a script: about a fifth of a list page's bytes, and of the work of rendering it):
 * its boot script asks for them when it starts the scripts, at the same address with
 * HYDRATION_DATA_HEADER, and that request is answered with the data alone, rendering nothing. A visitor
 * who only reads never downloads them. Any other page has its data read whole first, so that its
 * scripts are written with the page in the same pass (readHydrationDataAhead).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  const start = toHydrationStart(routerContext)
  if (start === 'data-apart') {
    // Both answers vary with the header: a cache between keeps them apart, as the site's own does.
    responseHeaders.append('Vary', HYDRATION_DATA_HEADER)
    const data = routerContext.serverHandoffStream
    routerContext.serverHandoffStream = undefined
    if (request.headers.has(HYDRATION_DATA_HEADER)) {
      responseHeaders.set('Content-Type', `${HYDRATION_DATA_TYPE}; charset=utf-8`)
      return new Response(data ?? null, { status: responseStatusCode, headers: responseHeaders })
    }
    void data?.cancel()
  } else {
    await readHydrationDataAhead(routerContext)
  }

  return renderDocument(<ServerRouter context={routerContext} url={request.url} nonce={loadContext?.cspNonce} />, {
    start,
    status: responseStatusCode,
    headers: responseHeaders,
    timeoutMs: streamTimeout,
  })
}
