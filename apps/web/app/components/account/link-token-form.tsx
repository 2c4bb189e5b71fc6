import { Form } from 'react-router'

/**
 * The one button of an e-mailed link's page (a login link, an alert's confirmation link): it posts the
 * link's token, so that only a person's press spends it, never a mail scanner opening the link.
 */
export function LinkTokenForm({ token, label }: { token: string; label: string }) {
  return (
    <Form method="post" className="login-form">
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="button button--large login-form__submit">
        {label}
      </button>
    </Form>
  )
}
