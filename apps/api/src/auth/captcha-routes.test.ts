import type { FastifyPluginAsync } from 'fastify'
import { outbox } from '@agency/db'
import { solveCaptchaQuestion } from '@agency/domain'
import { testDatabaseKinds } from '@agency/db/testing'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccountsTestApp, insertTestContact, requestLink, SAME_ORIGIN, type AccountsTestApp } from '#app/routes/contacts/test-support.ts'
import { createAltchaVerifier, createFixedCaptchaVerifier, createRecaptchaVerifier } from './captcha.ts'
import { ACCOUNT_MESSAGES } from './messages.ts'
import { createQuestionChallenges, toQuestionCaptchaToken } from './question-challenge.ts'
import { loadAccountsEnv } from '#app/accounts.ts'

describe.each(testDatabaseKinds())('the login form captcha on %s', (kind) => {
  let t: AccountsTestApp

  beforeAll(async () => {
    t = await createAccountsTestApp(kind, {
      captcha: ({ spent }) => createAltchaVerifier({ hmacKey: 'a-test-hmac-key-of-enough-length', cost: 1, minCounter: 1, maxCounter: 20, spent }),
    })
    await insertTestContact(t, { email: 'buyer@example.com' })
  })
  afterAll(async () => {
    await t.close()
  })

  it('names the ALTCHA widget and its challenge URL', async () => {
    const response = await t.app.inject({ url: '/api/captcha/config' })
    expect(response.json()).toEqual({ data: { provider: 'altcha', challenge_url: '/api/captcha/challenge' } })
  })

  it('accepts a solved challenge once: a replayed solution sends nothing', async () => {
    const response = await t.app.inject({ url: '/api/captcha/challenge' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const challenge = response.json<Challenge>()
    const solution = await solveChallenge({ challenge, deriveKey })
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contacts/oauth/magic-links',
        headers: SAME_ORIGIN,
        payload: { email: 'buyer@example.com', request_page_url: '/', recaptcha_token: token },
      })
    expect((await send()).statusCode).toBe(202)
    const replay = await send()
    expect(replay.statusCode).toBe(422)
    expect(replay.json()).toEqual({ message: ACCOUNT_MESSAGES.CAPTCHA_FAILED, errors: { recaptcha_token: [ACCOUNT_MESSAGES.CAPTCHA_FAILED] } })
    expect(await t.database.db.select().from(outbox)).toHaveLength(1)
  })

  it('refuses a request without a solution', async () => {
    const response = await requestLink(t.app, 'buyer@example.com')
    expect(response.statusCode).toBe(422)
  })
})

describe('the captcha configuration for other verifiers', () => {
  it('gives the reCAPTCHA site key, and nothing for a fixed verifier', async () => {
    const recaptcha = await createAccountsTestApp('pglite', {
      captcha: createRecaptchaVerifier({ secret: 's' }),
      captchaConfig: { recaptchaSecret: 's', recaptchaSiteKey: 'site-key-1' },
    })
    const fixed = await createAccountsTestApp('pglite', { captcha: createFixedCaptchaVerifier(true) })
    try {
      expect((await recaptcha.app.inject({ url: '/api/captcha/config' })).json()).toEqual({
        data: { provider: 'recaptcha', site_key: 'site-key-1' },
      })
      expect((await recaptcha.app.inject({ url: '/api/captcha/challenge' })).statusCode).toBe(404)
      expect((await fixed.app.inject({ url: '/api/captcha/config' })).json()).toEqual({ data: { provider: 'none' } })
    } finally {
      await recaptcha.close()
      await fixed.close()
    }
  })
})

describe('the questions of forms sent without JavaScript where reCAPTCHA is configured', () => {
  /** A question token answered right, made with the app's own question key. */
  function answered(questionKey: string): string {
    const question = createQuestionChallenges({ hmacKey: questionKey, spent: async () => true }).create()
    return toQuestionCaptchaToken(question.token, solveCaptchaQuestion(question.text)!)
  }

  it('issues none and accepts none, unless the configuration accepts them beside reCAPTCHA', async () => {
    const questionKey = 'question-key-of-the-recaptcha-test'
    // Google is never asked for a question's token: a verifier that would accept anything shows it.
    const recaptchaLike = { provider: 'recaptcha' as const, verify: async () => true }
    // What the site's pages would be given (app.captchaForms, in the API's scope), read by a route of this test's own.
    const pagesQuestion: FastifyPluginAsync = async (app) => {
      app.get('/pages-question', async () => ({ question: app.captchaForms.question() }))
    }
    const refusing = await createAccountsTestApp('pglite', { captcha: recaptchaLike, questionKey }, pagesQuestion)
    const accepting = await createAccountsTestApp('pglite', { captcha: recaptchaLike, questionKey, questions: { acceptWithRecaptcha: true, perIpHour: 4 } }, pagesQuestion)
    const questionFor = async (app: AccountsTestApp['app']) => (await app.inject({ url: '/api/pages-question' })).json<{ question: unknown }>().question
    try {
      // A question is issued with a page's form only (app.captchaForms, the site's services): no route gives one.
      expect(await questionFor(refusing.app)).toBeNull()
      expect((await refusing.app.inject({ url: '/api/captcha/question' })).statusCode).toBe(404)
      const ask = (app: AccountsTestApp['app'], token: string) =>
        app.inject({ method: 'POST', url: '/api/contacts/oauth/magic-links', headers: SAME_ORIGIN, payload: { email: 'buyer@example.com', request_page_url: '/', recaptcha_token: token } })
      expect((await ask(refusing.app, answered(questionKey))).statusCode).toBe(422)
      expect(await questionFor(accepting.app)).toEqual({ text: expect.any(String), token: expect.any(String), expires_at: expect.any(String) })
      expect((await accepting.app.inject({ url: '/api/captcha/question' })).statusCode).toBe(404)
      expect((await ask(accepting.app, answered(questionKey))).statusCode).toBe(202)
      // Google's own tokens still go to Google's check.
      expect((await ask(refusing.app, 'a-recaptcha-token')).statusCode).toBe(202)
    } finally {
      await refusing.close()
      await accepting.close()
    }
  })

  it('reads CAPTCHA_QUESTIONS_WITH_RECAPTCHA and CAPTCHA_QUESTIONS_PER_IP_HOUR from the environment', () => {
    expect(loadAccountsEnv({}, { dataDir: '/tmp' }).questions).toEqual({ acceptWithRecaptcha: false, perIpHour: 6 })
    expect(loadAccountsEnv({ CAPTCHA_QUESTIONS_WITH_RECAPTCHA: 'true', CAPTCHA_QUESTIONS_PER_IP_HOUR: '2' }, { dataDir: '/tmp' }).questions).toEqual({
      acceptWithRecaptcha: true,
      perIpHour: 2,
    })
  })
})
