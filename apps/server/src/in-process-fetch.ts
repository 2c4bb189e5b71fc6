import type { FastifyInstance } from 'fastify'

/**
 * A `fetch` for the api-client that calls the API in the same process through `app.inject`, so a
 * server render costs no network hop. The visitor's cookie travels with it, so the API sees the same
 * session as a browser call would.
 */
export function createInProcessFetch(app: FastifyInstance, incoming: Headers, remoteAddress: string): typeof fetch {
  // The API checks Origin (against PUBLIC_URL or the Host asked for) on mutating calls and
  // rate-limits by client: pass on what the browser sent.
  const passOn = ['cookie', 'origin', 'referer', 'host', 'x-forwarded-host', 'user-agent', 'x-forwarded-for', 'accept-language']
    .map((name) => [name, incoming.get(name)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, key) => {
      headers[key] = value
    })
    for (const [name, value] of passOn) if (!headers[name]) headers[name] = value
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer())
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      // The API sees the visitor's address, not loopback, so per-IP limits apply per visitor.
      remoteAddress,
      ...(body ? { payload: body } : {}),
    })
    const responseHeaders = new Headers()
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      if (Array.isArray(value)) for (const v of value) responseHeaders.append(key, v)
      else responseHeaders.set(key, String(value))
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: responseHeaders,
    })
  }
}
