import { redirect } from 'react-router'
import { toSetCookieHeaders } from '#app/lib/session.server.ts'
import type { Route } from './+types/logout'

/** Logging out changes state, so only the header's POST form does it; a visit just goes home. */
export function loader() {
  return redirect('/')
}

/** The header's Log out: ends the session and passes its cookie clearing on. */
export async function action({ context }: Route.ActionArgs) {
  // A refused request (another site's form: 403) logs nobody out and clears nothing; the visitor simply lands home.
  const answer = await context.services.logOut()
  return redirect('/', { headers: toSetCookieHeaders(answer.setCookie) })
}
