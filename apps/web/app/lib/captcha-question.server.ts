/**
 * The API's `recaptcha_token` for an answered question, as a form sent without JavaScript posts it
 * (apps/api/src/auth/question-challenge.ts): the question's token and the answer in base64url, joined
 * by a dot. The lead form and the login form both send it.
 */
export function toQuestionCaptchaToken(questionToken: string, answer: string): string {
  return `${questionToken}.${Buffer.from(answer, 'utf8').toString('base64url')}`
}
