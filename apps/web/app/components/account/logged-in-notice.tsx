import { LINK_MESSAGES } from '@agency/domain'
import { useState } from 'react'
import { useLocation } from 'react-router'

/**
 * Above the first page after a login link, or an alert's confirmation link, has logged the person in:
 * that it worked. Drawn by the server, so it shows without JavaScript; in the browser it stays on that
 * page only, and goes with the first navigation (the root's data, which says it, is not read again on the way).
 */
export function LoggedInNotice({ show }: { show: boolean }) {
  const location = useLocation()
  const [firstPage] = useState(location.key)
  if (!show || location.key !== firstPage) return null
  return (
    <div className="container logged-in-notice-wrap">
      <div className="notice logged-in-notice" role="status">
        <p>
          <strong>{LINK_MESSAGES.LOGGED_IN}</strong>
        </p>
      </div>
    </div>
  )
}
