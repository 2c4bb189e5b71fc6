import { PROPERTIES_PATH, parseMagicLinkEmail, toSafeReturnPath } from '@agency/domain'
import { Link, data, redirect } from 'react-router'
import { FormToaster } from '#app/components/ui/form-toast.tsx'
import { MagicLinkForm, QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD } from '#app/components/account/magic-link-form.tsx'
import type { MagicLinkResult } from '#app/components/account/magic-link-form.tsx'
import { COPY } from '#app/copy.ts'
import { getCaptchaConfig } from '#app/lib/captcha-config.server.ts'
import { isCaptchaRefused, issueCaptchaQuestion, toQuestionCaptchaToken } from '#app/lib/captcha-question.server.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { getCurrentContact, getLoginReturnPath } from '#app/lib/session.server.ts'
import { REGISTER_PATH, toLoginUrl } from '#app/lib/urls.ts'
import type { Route } from './+types/login'

/** The longest e-mail a form echoes back (RFC 5321 allows 254; anything longer is not one). */
const ECHO_MAX_LENGTH = 320

/** An idempotency key as the form posts it (a UUID; the API takes up to 100 characters). */
const IDEMPOTENCY_KEY_SHAPE = /^[A-Za-z0-9-]{8,100}$/

export async function loader({ request, context }: Route.LoaderArgs) {
  // SPEC §2: a logged-in user who reaches the login component goes to the properties route.
  if (await getCurrentContact(request, context)) throw redirect(PROPERTIES_PATH)
  const captcha = await getCaptchaConfig(context)
  // Each rendering of the form names its submission: a browser's retry of the post (a resend after a
  // lost answer, with or without JavaScript) carries the same key, and the API sends no second e-mail.
  return { captcha, returnTo: getLoginReturnPath(request, context.publicUrl), idempotencyKey: crypto.randomUUID() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const parsed = parseMagicLinkEmail({ email: field('email') })
  if (!parsed.success) {
    const result: MagicLinkResult = { status: 'invalid', message: parsed.message, email: field('email').slice(0, ECHO_MAX_LENGTH) }
    return data(result, { status: 400 })
  }
  const returnTo = toSafeReturnPath(field('redirect'))
  // Without JavaScript there is no captcha token: the page asks the lead form's question instead
  // (question-challenge.ts in the API), and sends the answered question as the token.
  let captchaToken = field('recaptcha_token').slice(0, 8192)
  if (captchaToken === '') {
    const questionToken = field(QUESTION_TOKEN_FIELD)
    const answer = field(QUESTION_ANSWER_FIELD)
    if (questionToken === '' || answer.trim() === '') {
      const question = await issueCaptchaQuestion(context)
      if (question) return { status: 'question', email: parsed.data.email, question } satisfies MagicLinkResult
    } else {
      captchaToken = toQuestionCaptchaToken(questionToken.slice(0, 1024), answer.slice(0, 64))
    }
  }
  const answeredQuestion = field('recaptcha_token') === '' && captchaToken !== ''
  const key = field('idempotency_key')
  // SPEC §7: any refusal or error is swallowed and the confirmation is shown anyway, so the page
  // never tells whether an address is registered. A wrong answer to the question is the exception:
  // the captcha is checked before anything about the address, so saying so tells nothing of it, and
  // a person told 'sent' would wait for a link that never comes.
  const sent = await context.services
    .requestLoginLink(
      {
        email: parsed.data.email,
        // The path as it is: the API applies the same guard, so it arrives unchanged.
        request_page_url: returnTo ?? '',
        recaptcha_token: captchaToken,
      },
      IDEMPOTENCY_KEY_SHAPE.test(key) ? { idempotencyKey: key } : {},
    )
    .catch(() => null)
  if (answeredQuestion && sent && !sent.ok && isCaptchaRefused(sent.error)) {
    const question = await issueCaptchaQuestion(context)
    if (question) return data({ status: 'question', email: parsed.data.email, question, refused: sent.error.message } satisfies MagicLinkResult, { status: 400 })
  }
  const result: MagicLinkResult = { status: 'sent', email: parsed.data.email }
  return result
}

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { captcha, returnTo, idempotencyKey } = loaderData
  const sent = actionData?.status === 'sent'
  return (
    <div className="container page login-page">
      <section className="login-card" aria-labelledby="login-heading">
        <h1 id="login-heading">{COPY.LOGIN_HEADING}</h1>
        {!sent && <p className="login-card__intro">{COPY.LOGIN_INTRO}</p>}
        <MagicLinkForm
          captcha={captcha}
          returnTo={returnTo}
          idempotencyKey={idempotencyKey}
          result={actionData}
          restartUrl={returnTo ? toLoginUrl(returnTo) : '/login'}
        />
        {!sent && (
          <p className="login-card__register">
            {COPY.LOGIN_NOT_REGISTERED} <Link to={REGISTER_PATH}>{COPY.LOGIN_REGISTER}</Link>
          </p>
        )}
      </section>
      <FormToaster />
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(COPY.LOGIN_TITLE, getAgencyName(matches)) }, { name: 'description', content: COPY.LOGIN_DESCRIPTION }]
}
