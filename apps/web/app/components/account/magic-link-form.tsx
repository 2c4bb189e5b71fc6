import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import type { CaptchaClientConfig, CaptchaQuestion } from '@agency/api-client'
import { MESSAGES } from '@agency/domain'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import { QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD } from '#app/components/account/captcha-question.ts'
import { CaptchaQuestionField } from '#app/components/account/captcha-question-field.tsx'
import { toMagicLinkEmailMessage } from '#app/components/account/magic-link-email.ts'
import { useCaptchaToken } from '#app/components/account/use-captcha-token.ts'
import { COPY } from '#app/copy.ts'
import { PrivacyNoticeLink } from '#app/components/legal/privacy-link.tsx'
import { FieldError, fieldErrorProps } from '#app/components/ui/field-error.tsx'
import { FORM_TOASTS } from '#app/components/ui/form-toast.tsx'
import { focusWarnedField } from '#app/lib/focus-field.ts'

/**
 * What the login action answers: the e-mail's SPEC §5 message, the SPEC §4 "request sent" state, or
 * for a post without the captcha's token (no JavaScript) a question to answer instead.
 */
export type MagicLinkResult =
  | { status: 'invalid'; message: string; email: string }
  | { status: 'sent'; email: string }
  | { status: 'question'; email: string; question: CaptchaQuestion; refused?: string }

export { QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD }

/** The question's classes in the login form's styles. */
const QUESTION_CLASSES = {
  field: 'login-form__field login-question',
  legend: 'login-form__label',
  label: 'login-form__label',
  input: 'login-form__input',
  hint: 'login-form__hint',
}

interface MagicLinkFormProps {
  captcha: CaptchaClientConfig
  /** The page to return to after login, posted with the form. */
  returnTo: string | null
  /** This rendering's submission key, posted with the form (the login route's loader makes it). */
  idempotencyKey: string
  result: MagicLinkResult | undefined
  /** The login page's own address, to start again with another e-mail. */
  restartUrl: string
}

/**
 * SPEC §2 magic link login: e-mail entry, then the confirmation (SPEC §4: the input hidden, the
 * entered e-mail and the success text shown). SPEC §8 shows the e-mail's messages as warning toasts;
 * the message also stands beside the field, which is what a visitor without JavaScript sees.
 */
export function MagicLinkForm({ captcha, returnTo, idempotencyKey, result, restartUrl }: MagicLinkFormProps) {
  if (result?.status === 'sent') return <MagicLinkSent email={result.email} restartUrl={restartUrl} />
  return <MagicLinkEntry captcha={captcha} returnTo={returnTo} idempotencyKey={idempotencyKey} result={result} />
}

function MagicLinkEntry({ captcha, returnTo, idempotencyKey, result }: Omit<MagicLinkFormProps, 'restartUrl'>) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const submit = useSubmit()
  const navigation = useNavigation()
  const { prepare, take } = useCaptchaToken(captcha)
  // undefined: the server's verdict stands (a post made before React ran); null: the visitor has typed since.
  const [clientError, setClientError] = useState<string | null | undefined>(undefined)
  const [solving, setSolving] = useState(false)
  // Until React runs, the form posts natively and the server checks it; then the page checks it first.
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])
  const serverError = result?.status === 'invalid' ? result.message : null
  const error = clientError === undefined ? serverError : clientError
  const busy = solving || navigation.state === 'submitting'

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const formData = new FormData(event.currentTarget)
    const message = toMagicLinkEmailMessage(formData.get('email'))
    if (message) {
      setClientError(message)
      FORM_TOASTS.login.warn(message)
      focusWarnedField(input.current)
      return
    }
    setClientError(null)
    // A warning about an earlier attempt must not hang over the confirmation.
    FORM_TOASTS.login.dismiss()
    setSolving(true)
    try {
      formData.set('recaptcha_token', await take())
    } finally {
      setSolving(false)
    }
    await submit(formData, { method: 'post' })
  }

  return (
    <Form method="post" noValidate className="login-form" onSubmit={onSubmit} data-enhanced={enhanced || undefined}>
      {/* The browser's own bubble would show its words, not SPEC's: the form validates itself. */}
      <div className="login-form__field">
        <label htmlFor={inputId} className="login-form__label">
          {COPY.LOGIN_EMAIL}
        </label>
        <input
          ref={input}
          id={inputId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={320}
          defaultValue={result?.email}
          {...fieldErrorProps(inputId, error ?? undefined)}
          className="login-form__input"
          onFocus={prepare}
          onInput={() => setClientError(null)}
        />
        <FieldError fieldId={inputId} message={error ?? undefined} className="login-form__error" />
      </div>
      {result?.status === 'question' && (
        <>
          {result.refused && (
            <p className="login-form__error" role="alert">
              {result.refused}
            </p>
          )}
          <CaptchaQuestionField question={result.question} id={inputId} classes={QUESTION_CLASSES} hint={COPY.LOGIN_QUESTION_HINT} invalid={result.refused !== undefined} />
        </>
      )}
      {returnTo && <input type="hidden" name="redirect" value={returnTo} />}
      {/* Posted as it is with or without JavaScript: a retry of this submission sends the same key. */}
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      <button type="submit" className="button button--large login-form__submit" aria-disabled={busy || undefined}>
        {busy ? COPY.LOGIN_SENDING : COPY.LOGIN_SUBMIT}
      </button>
      <PrivacyNoticeLink />
      {captcha.provider !== 'none' && (
        <noscript>
          <p className="login-form__no-script">{COPY.LOGIN_NO_SCRIPT}</p>
        </noscript>
      )}
    </Form>
  )
}

function MagicLinkSent({ email, restartUrl }: { email: string; restartUrl: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The form the visitor was in has gone; their focus moves to what replaced it.
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <div className="login-sent">
      <h2 ref={heading} tabIndex={-1} className="login-sent__heading">
        {COPY.LOGIN_SENT_HEADING}
      </h2>
      <p className="login-sent__message">{MESSAGES.MAGIC_LINK_SENT}</p>
      <p className="login-sent__email">
        {COPY.LOGIN_SENT_TO} <strong>{email}</strong>
      </p>
      <p className="login-sent__help">{COPY.LOGIN_SENT_HELP}</p>
      <p>
        <Link to={restartUrl}>{COPY.LOGIN_OTHER_EMAIL}</Link>
      </p>
    </div>
  )
}
