import type { CaptchaQuestion } from '@agency/api-client'
import type { AppLoadContext } from 'react-router'
import { QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD } from '#app/components/account/captcha-question.ts'

/**
 * The API's `recaptcha_token` for an answered question, as a form sent without JavaScript posts it
 * (apps/api/src/auth/question-challenge.ts): the question's token and the answer in base64url, joined
 * by a dot. The lead form and the login form both send it.
 */
export function toQuestionCaptchaToken(questionToken: string, answer: string): string {
  return `${questionToken}.${Buffer.from(answer, 'utf8').toString('base64url')}`
}

/**
 * The captcha token of a form post: the browser captcha's token when the page's script sent one,
 * else the question the page asked with its answer (toQuestionCaptchaToken), else null: the post has
 * neither, and the page asks a question.
 */
export function readFormCaptchaToken(form: FormData, browserToken: string): string | null {
  if (browserToken !== '') return browserToken.slice(0, 8192)
  const question = form.get(QUESTION_TOKEN_FIELD)
  const answer = form.get(QUESTION_ANSWER_FIELD)
  if (typeof question !== 'string' || question === '' || typeof answer !== 'string' || answer.trim() === '') return null
  return toQuestionCaptchaToken(question.slice(0, 1024), answer.slice(0, 64))
}

/** A new question for the page that answers a post (null where questions are not accepted). */
export function issueCaptchaQuestion(context: AppLoadContext): Promise<CaptchaQuestion | null> {
  return context.services.issueCaptchaQuestion().catch((): CaptchaQuestion | null => null)
}

/**
 * Whether the API refused a post's captcha (its error at `recaptcha_token`): for a form sent without
 * JavaScript, the answer to the question the page asked.
 */
export function isCaptchaRefused(error: { readonly errors?: Readonly<Record<string, readonly string[]>> | undefined }): boolean {
  return error.errors?.['recaptcha_token'] !== undefined
}
