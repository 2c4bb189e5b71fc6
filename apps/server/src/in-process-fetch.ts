import type { ApiResponse, FetchFunction } from '@agency/api-client'
import { INTERNAL_CALL_HEADER } from '@agency/api'
import type { FastifyInstance, LightMyRequestResponse as InjectedResponse } from 'fastify'

/**
 * A `fetch` for the api-client that calls the API in the same process through `app.inject`, so a
 * server render costs no network hop. The visitor's cookie travels with it, so the API sees the same
 * session as a browser call would.
 *
 * It reads the client's call as it comes (a URL, a method, headers and a JSON text) and answers with
 * what the client reads (status, headers, text), rather than building a WHATWG Request and Response
 * around each call: their streams and header lists were some 6% of the server's thread on a
 * rendered page. A call with another kind of body goes through a Request as before.
 */
export function createInProcessFetch(app: FastifyInstance, incoming: Headers, remoteAddress: string): FetchFunction {
  // The API checks Origin (against PUBLIC_URL or the Host asked for) on mutating calls and
  // rate-limits by client: pass on what the browser sent.
  const passOn = ['cookie', 'origin', 'referer', 'host', 'x-forwarded-host', 'user-agent', 'x-forwarded-for', 'accept-language']
    .map((name) => [name, incoming.get(name)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
  const internalCallKey = app.hasDecorator('internalCallKey') ? app.internalCallKey : undefined
  return async (input, init) => {
    const body = init?.body
    const call = body === undefined || body === null || typeof body === 'string' ? plainCall(input, init, body ?? undefined) : await requestCall(input, init)
    for (const [name, value] of passOn) if (!(name in call.headers)) call.headers[name] = value
    // The API tells the site's own pages from anyone else by this key (a question is issued to them only).
    if (internalCallKey !== undefined) call.headers[INTERNAL_CALL_HEADER] = internalCallKey
    const answer = await app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers: call.headers,
      // The API sees the visitor's address, not loopback, so per-IP limits apply per visitor.
      remoteAddress,
      ...(call.payload === undefined ? {} : { payload: call.payload }),
    })
    return new InProcessResponse(answer)
  }
}

interface Call {
  method: string
  /** The path and query. */
  url: string
  /** Lower-case names. */
  headers: Record<string, string>
  payload: string | Buffer | undefined
}

/** A call whose body is JSON text, or none: read as it is. */
function plainCall(input: string, init: RequestInit | undefined, payload: string | undefined): Call {
  const headers = new Headers(init?.headers)
  if (payload !== undefined && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8')
  return toCall(input, (init?.method ?? 'GET').toUpperCase(), headers, payload)
}

/** Any other call, through a WHATWG Request, which reads its body whatever its kind. */
async function requestCall(input: string, init: RequestInit | undefined): Promise<Call> {
  const request = new Request(input, init)
  const payload = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer())
  return toCall(request.url, request.method, request.headers, payload)
}

function toCall(input: string, method: string, given: Headers, payload: string | Buffer | undefined): Call {
  const url = new URL(input)
  const headers: Record<string, string> = {}
  given.forEach((value, key) => {
    headers[key] = value
  })
  return { method, url: url.pathname + url.search, headers, payload }
}

/** The API's answer as the client reads it; its headers made a Headers only when asked for. */
class InProcessResponse implements ApiResponse {
  readonly ok: boolean
  readonly status: number
  #answer: InjectedResponse
  #headers: Headers | undefined

  constructor(answer: InjectedResponse) {
    this.#answer = answer
    this.status = answer.statusCode
    this.ok = answer.statusCode >= 200 && answer.statusCode <= 299
  }

  get headers(): Headers {
    if (!this.#headers) {
      const headers = new Headers()
      for (const [key, value] of Object.entries(this.#answer.headers)) {
        if (value === undefined) continue
        if (Array.isArray(value)) for (const v of value) headers.append(key, v)
        else headers.set(key, String(value))
      }
      this.#headers = headers
    }
    return this.#headers
  }

  text(): Promise<string> {
    // 204 and 304 carry no body.
    return Promise.resolve(this.status === 204 || this.status === 304 ? '' : this.#answer.payload)
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }
}
