import { Writable } from 'node:stream'
import type { ReactElement } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'

/** React's mark of a Suspense boundary it could not render on the server (it suspended or failed). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'

export interface RenderDocumentOptions {
  status: number
  headers: Headers
  /** How long the stream waits for what suspends before it gives up (React Router's `streamTimeout`). */
  timeoutMs: number
}

/**
 * Renders a document whole and answers it with its length, as React wrote it.
 *
 * A page has nothing to stream after it (its hydration data left out, or read first: entry.server.tsx),
 * so it is written to a string in one pass, sparing the stream's chunks and their encoding one by one:
 * a rendered list page 15% more a second, a property page 18% (docs/performance.md). Should a part of it suspend
 * after all (a lazy component, which a string cannot wait for) or fail, it is rendered again as a
 * stream (streamDocument), which waits for it or reports the error.
 */
export function renderDocument(element: ReactElement, options: RenderDocumentOptions): Response | Promise<Response> {
  const html = renderToString(element)
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return streamDocument(element, options)
  return documentResponse([Buffer.from(`<!DOCTYPE html>${html}`)], options.status, options.headers)
}

/**
 * Renders a document as a stream whose chunks are kept until all is ready: an error before the shell
 * is ready makes the page a 500 (or rejects, and React Router logs it and renders its error boundary);
 * a later one is logged and the page keeps its status.
 */
export function streamDocument(element: ReactElement, { status, headers, timeoutMs }: RenderDocumentOptions): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let answerStatus = status
    let shellRendered = false
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(timeoutId)
        resolve(documentResponse(chunks, answerStatus, headers))
        callback()
      },
    })

    // Abort after the timeout, leaving time to render what was rejected.
    const timeoutId = setTimeout(() => abort(), timeoutMs + 1000)

    const { pipe, abort } = renderToPipeableStream(element, {
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        pipe(body)
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId)
        reject(error)
      },
      onError(error: unknown) {
        if (shellRendered) console.error(error)
        else answerStatus = 500
      },
    })
  })
}

/** The whole document as an answer with its length. */
function documentResponse(chunks: readonly Uint8Array[], status: number, headers: Headers): Response {
  const html = Buffer.concat(chunks)
  headers.set('Content-Type', 'text/html')
  headers.set('Content-Length', String(html.byteLength))
  return new Response(html, { status, headers })
}
