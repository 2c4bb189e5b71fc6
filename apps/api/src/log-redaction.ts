import { isTokenShaped } from '@agency/domain'
import { LogController } from 'fastify'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** What stands in a logged URL for a secret or an e-mail address. */
export const REDACTED = '[redacted]'

/**
 * Query parameters whose values are secrets or personal: login and confirmation tokens, keys, e-mails.
 * A search's `keyword` or `keywords` is not a key: what a place or property search asked for stays in
 * the log (a value shaped like a secret or holding an '@' is still redacted, whatever its name).
 */
const SECRET_PARAMETER = /token|key(?!words?$)|e-?mail|secret|signature|^sig$|^code$|password/i

/** Path segments that name a secret: the applicant key of /contact_applicants/u/KEY and /heads-up-alerts/profiles/KEY. */
const SECRET_AFTER_SEGMENT = new Set(['u', 'profiles'])

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

/** Whether a decoded value is a secret or an e-mail address wherever it stands. */
function isSecretValue(value: string): boolean {
  return value.includes('@') || isTokenShaped(value)
}

/**
 * A request URL as the logs may keep it: the values of token, key and e-mail parameters, any value
 * shaped like one of the site's secrets or holding an '@', and the applicant key in a path, replaced
 * by '[redacted]'. The rest is kept as it came, so a log still tells which page was asked for.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#')
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt)
  const queryAt = withoutHash.indexOf('?')
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt)
  const segments = path.split('/')
  const redactedPath = segments
    .map((segment, i) => (segment !== '' && (isSecretValue(decode(segment)) || (i > 0 && SECRET_AFTER_SEGMENT.has(segments[i - 1]!))) ? REDACTED : segment))
    .join('/')
  if (queryAt === -1) return redactedPath
  const query = withoutHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals === -1) return pair
      const name = decode(pair.slice(0, equals))
      const value = decode(pair.slice(equals + 1))
      return SECRET_PARAMETER.test(name) || isSecretValue(value) ? `${pair.slice(0, equals)}=${REDACTED}` : pair
    })
    .join('&')
  return `${redactedPath}?${query}`
}

/** Route parameters as the logs may keep them: a secret-shaped value or a key parameter redacted. */
export function redactParams(params: unknown): unknown {
  if (typeof params !== 'object' || params === null) return params
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, SECRET_PARAMETER.test(name) || (typeof value === 'string' && isSecretValue(value)) ? REDACTED : value]),
  )
}

/**
 * Fastify's request serializer with the URL redacted (redactUrl): the one every request log line
 * (OneLineRequestLog's 'request completed', errors) writes.
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      version: [request.headers['accept-version']].flat()[0],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }
  },
}

/**
 * The request log: one line per request at `info`, written when the answer has gone ('request
 * completed': the request as `requestLogSerializers` writes it, its status and the milliseconds it
 * took), where Fastify writes two (an 'incoming request' line as well) and a third for a route not
 * found. A request that failed is one line at `error` with its error ('request errored'), and an error
 * answered 5xx by Fastify's own handler is logged as before; a 4xx says all in its one line.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply)
  }
}
