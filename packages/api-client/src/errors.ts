import type { ApiError } from '@agency/domain'

/**
 * An API answer other than 2xx, with its status and body (API.md: `{ message }`, plus field `errors`
 * for 400/422). Apart from the client (client.ts) so that the small browser clients (map-api.ts) can
 * throw it without bringing the full client and its schemas along.
 */
export class ApiClientError extends Error {
  override readonly name = 'ApiClientError'
  readonly status: number
  readonly body: ApiError

  constructor(status: number, body: ApiError, options?: ErrorOptions) {
    super(body.message, options)
    this.status = status
    this.body = body
  }

  /** True for a 404: an unknown id, which pages turn into their own "not found" answer. */
  get isNotFound(): boolean {
    return this.status === 404
  }
}

