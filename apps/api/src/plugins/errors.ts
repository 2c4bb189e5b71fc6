import { isDatabaseBusy, isDatabaseUnavailable } from '@agency/db'
import type { ApiError } from '@agency/domain'
import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { API_MESSAGES } from '#app/messages.ts'
import { redactParams, redactUrl } from '#app/log-redaction.ts'

/** A validation issue as Fastify reports it: where in the request part (a JSON pointer), and what. */
export interface ValidationIssue {
  instancePath: string
  message?: string | undefined
}

/**
 * The 400 answer's body of a request part its schema refuses: the issues grouped by the request key
 * they concern (`page`, `locations`, `property_profile_id`; an issue of the whole part under the
 * part's name, `body`), the `errors` shape of API.md.
 */
export function toValidationError(issues: readonly ValidationIssue[], context: string | undefined): ApiError {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const field = issue.instancePath.split('/').find(Boolean) ?? context ?? 'request'
    const messages = (errors[field] ??= [])
    if (!messages.includes(issue.message ?? '')) messages.push(issue.message ?? API_MESSAGES.INVALID_DATA)
  }
  return { message: API_MESSAGES.INVALID_DATA, errors }
}

/** The Retry-After of a request the database was too busy to take, or lost its connection under, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5

/**
 * The one error handler of the API and its JSON 404, for the scope it is registered in (under
 * `/api`), so pages served by the same Fastify instance keep their own handling.
 */
export default fp(
  async (app) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      if (error.validation) {
        return reply.code(400).type('application/json').send(toValidationError(error.validation, error.validationContext))
      }
      const status = error.statusCode ?? 500
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, too large a body): its message, never a stack.
        return reply.code(status).type('application/json').send({ message: error.message } satisfies ApiError)
      }
      const busy = isDatabaseBusy(error)
      if (busy || isDatabaseUnavailable(error)) {
        // No connection within the pool's acquire timeout (or a statement over its time): the request
        // waited long enough, and may be sent again in a moment. A connection lost under the request
        // (a terminated backend, a database restarting or failing over, a reset or refused socket) is
        // no fault of the request either; a read was already tried again on another connection.
        request.log.warn(
          { url: redactUrl(request.url), method: request.method, ...(busy ? {} : { reason: error.message }) },
          busy ? 'database busy: request refused' : 'database unavailable: request refused',
        )
        return reply
          .code(503)
          .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .type('application/json')
          .send({ message: API_MESSAGES.BUSY } satisfies ApiError)
      }
      request.log.error({ err: error, url: redactUrl(request.url), method: request.method, params: redactParams(request.params) }, 'request failed')
      return reply.code(500).type('application/json').send({ message: API_MESSAGES.SERVER_ERROR } satisfies ApiError)
    })

    app.setNotFoundHandler((_request, reply) => {
      return reply.code(404).type('application/json').send({ message: API_MESSAGES.NOT_FOUND } satisfies ApiError)
    })
  },
  { name: 'errors' },
)
