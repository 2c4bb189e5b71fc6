import { LINK_MESSAGES } from '@agency/domain'
import { useState } from 'react'
import { useLocation } from 'react-router'

/**
 * Above the first page after an account action (a login link's Log in, an alert's confirmation link
 * that logged the person in, the header's Log out): what happened, as a status. Drawn by the server, so
 * it shows without JavaScript; in the browser it stays on the page where the root's data said so, and
 * goes with the next navigation (the root's data is not read again on the way). That page may be the
 * first one, or one reached after a form post.
 */
export function AccountNotice({ show, text }: { show: boolean; text: string }) {
  const location = useLocation()
  // The page the notice belongs to: the one on which `show` became true.
  const [shownOn, setShownOn] = useState(show ? location.key : null)
  const [wasShown, setWasShown] = useState(show)
  if (show !== wasShown) {
    // React renders again at once with these, before anything is shown.
    setWasShown(show)
    setShownOn(show ? location.key : null)
  }
  if (!show || location.key !== shownOn) return null
  return (
    <div className="container logged-in-notice-wrap">
      <div className="notice logged-in-notice" role="status">
        <p>
          <strong>{text}</strong>
        </p>
      </div>
    </div>
  )
}

/** After a login link, or an alert's confirmation link, has logged the person in: that it worked. */
export function LoggedInNotice({ show }: { show: boolean }) {
  return <AccountNotice show={show} text={LINK_MESSAGES.LOGGED_IN} />
}

/** After logging out: that it worked. */
export function LoggedOutNotice({ show }: { show: boolean }) {
  return <AccountNotice show={show} text={LINK_MESSAGES.LOGGED_OUT} />
}
