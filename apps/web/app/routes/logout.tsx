import { redirect } from 'react-router'
import { toNoticeCookie } from '#app/lib/logged-in-notice.ts'
import { toSetCookieHeaders } from '#app/lib/session.server.ts'
import type { Route } from './+types/logout'

/** Logging out changes state, so only the header's POST form does it; a visit just goes home. */
export function loader() {
  return redirect('/')
}

/** The header's Log out: ends the session and passes its cookie clearing on. */
export async function action({ request, context }: Route.ActionArgs) {
  // A refused request (another site's form: 403) logs nobody out and clears nothing; the visitor simply lands home.
  const answer = await context.services.logOut()
  const headers = toSetCookieHeaders(answer.setCookie)
  // The page it lands on says so, once (root.tsx); only when the session did end.
  if (answer.ok) headers.append('Set-Cookie', toNoticeCookie(request, 'logged_out'))
  return redirect('/', { headers })
}
