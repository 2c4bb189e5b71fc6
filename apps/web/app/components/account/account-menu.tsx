import type { Avatar } from '@agency/domain'
import { LABELS } from '@agency/domain'
import { Form, Link, useLocation } from 'react-router'
import { COPY } from '#app/copy.ts'
import { isLoginPath, useSignedInContact } from '#app/lib/session.ts'
import { ALERT_ACCOUNT_PATHS, toLoginUrl } from '#app/lib/urls.ts'

/**
 * The header's account corner: 'Login' for a visitor (coming back to this page afterwards), or who
 * is logged in with a Log out button. Log out is a POST form, so it works without JavaScript and no
 * link or image elsewhere can log anybody out.
 */
export function AccountMenu() {
  const contact = useSignedInContact()
  const location = useLocation()

  if (!contact) {
    const here = `${location.pathname}${location.search}`
    return (
      <Link to={isLoginPath(location.pathname) ? here : toLoginUrl(here)} className="site-nav__link account-login">
        {LABELS.LOGIN}
      </Link>
    )
  }

  return (
    <div className="account" role="group" aria-label={COPY.ACCOUNT_LABEL}>
      <AvatarIcon avatar={contact.avatar} />
      <p className="account__name">
        <span className="account__signed-in-as">{COPY.ACCOUNT_SIGNED_IN_AS} </span>
        <strong>{contact.name}</strong>
      </p>
      <Link to={ALERT_ACCOUNT_PATHS.UPDATE} className="account__link">
        {COPY.ACCOUNT_UPDATE_ALERT}
      </Link>
      <Link to={ALERT_ACCOUNT_PATHS.MY_ALERTS} className="account__link">
        {COPY.ACCOUNT_MY_ALERTS}
      </Link>
      <Form method="post" action="/logout" className="account__logout-form">
        <button type="submit" className="button button--inverse button--small account__logout">
          {COPY.ACCOUNT_LOG_OUT}
        </button>
      </Form>
    </div>
  )
}

/** SPEC §3: a male avatar for salutation 3 (Mr), a female one for any other; decoration beside the name. */
function AvatarIcon({ avatar }: { avatar: Avatar }) {
  return (
    <svg className={`account__avatar account__avatar--${avatar}`} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" className="account__avatar-bg" />
      {avatar === 'female' ? (
        <>
          <path d="M8.5 19c0-8 2.5-12.5 7.5-12.5S23.5 11 23.5 19c0 1.5-1 2.5-2 2.5h-11c-1 0-2-1-2-2.5z" className="account__avatar-hair" />
          <circle cx="16" cy="14" r="5" className="account__avatar-face" />
          <path d="M6.5 28.5c1.5-4.5 5-7 9.5-7s8 2.5 9.5 7A15.9 15.9 0 0 1 16 32a15.9 15.9 0 0 1-9.5-3.5z" className="account__avatar-body" />
        </>
      ) : (
        <>
          <circle cx="16" cy="13" r="5.5" className="account__avatar-face" />
          <path d="M10.5 11.5c0-3.5 2.5-5.5 5.5-5.5s5.5 2 5.5 5.5c-1.5-1.5-3.5-2-5.5-2s-4 .5-5.5 2z" className="account__avatar-hair" />
          <path d="M6 28c1.5-5 5.5-8 10-8s8.5 3 10 8a15.9 15.9 0 0 1-10 4 15.9 15.9 0 0 1-10-4z" className="account__avatar-body" />
        </>
      )}
    </svg>
  )
}
