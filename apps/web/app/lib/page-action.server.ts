import { ApiClientError } from '@agency/api-client'
import { data } from 'react-router'

/**
 * For a page action's call to the API that failed: an API 4xx (a cross-site post refused, a missing
 * session, a bad value) becomes a page with that status and the API's message, never the 500 of an
 * uncaught error; anything else is thrown on as it is.
 */
export function throwAsPage(error: unknown): never {
  if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) throw data(error.body.message, { status: error.status })
  throw error
}
