import { ApiClientError } from '@agency/api-client'
import { redirect } from 'react-router'
import { toSetCookieHeaders } from '#app/lib/session.server.ts'
import type { Route } from './+types/logout'

/** Logging out changes state, so only the header's POST form does it; a visit just goes home. */
export function loader() {
  return redirect('/')
}

/** The header's Log out: ends the session in the API and passes its cookie clearing on. */
export async function action({ context }: Route.ActionArgs) {
  try {
    const answer = await context.api.deleteSession()
    return redirect('/', { headers: toSetCookieHeaders(answer.setCookie) })
  } catch (error) {
    // A refused request (another site's form: 403) logs nobody out; the visitor simply lands home.
    if (error instanceof ApiClientError && error.status < 500) return redirect('/')
    throw error
  }
}
