import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@agency/domain'
import { API_MESSAGES } from '#app/messages.ts'
import { isAltchaVerifier, type CaptchaClientConfig, type CaptchaVerifier } from './captcha.ts'
import type { QuestionChallenges } from './question-challenge.ts'

/** The header that carries the key of the site's own in-process calls to the API. */
export const INTERNAL_CALL_HEADER = 'x-internal-call'

function sameKey(given: string, key: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(key)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Options of the captcha routes. */
export interface CaptchaRoutesOptions {
  captcha: CaptchaVerifier
  /** The questions of forms sent without JavaScript. */
  questions: QuestionChallenges
  /** False where reCAPTCHA is configured and questions are not accepted beside it: none is issued. */
  questionsAccepted: boolean
  /** The key of the site's own in-process calls (INTERNAL_CALL_HEADER): the only callers given a question. */
  internalCallKey: string
  recaptchaSiteKey?: string | undefined
}

const CaptchaConfigSchema = z.object({
  data: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha'), challenge_url: z.string() }),
    z.object({ provider: z.literal('recaptcha'), site_key: z.string() }),
    z.object({ provider: z.literal('none') }),
  ]),
})

/** An ALTCHA challenge, in the shape the ALTCHA widget reads. */
const AltchaChallengeSchema = z
  .object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() })
  .loose()

const QuestionSchema = z.object({
  data: z.object({ text: z.string(), token: z.string(), expires_at: z.string() }),
})

/** Which captcha widget the forms show, its challenges fetched from `challengeUrl` for ALTCHA. */
export function toCaptchaClientConfig(captcha: CaptchaVerifier, recaptchaSiteKey: string | undefined, challengeUrl: string): CaptchaClientConfig {
  if (captcha.provider === 'recaptcha' && recaptchaSiteKey) return { provider: 'recaptcha', site_key: recaptchaSiteKey }
  if (isAltchaVerifier(captcha)) return { provider: 'altcha', challenge_url: challengeUrl }
  return { provider: 'none' }
}

/**
 * What the login form needs for its captcha: which widget to show, and for ALTCHA the challenges
 * its widget fetches (`challengeurl`); for a form sent without JavaScript, a question to answer instead.
 */
const captchaRoutes: FastifyPluginAsyncZod<CaptchaRoutesOptions> = async (app, options) => {
  const { captcha } = options

  app.get(
    '/config',
    {
      schema: {
        summary: 'Which captcha the forms show',
        tags: ['contacts'],
        response: { 200: CaptchaConfigSchema },
      },
    },
    async () => ({ data: toCaptchaClientConfig(captcha, options.recaptchaSiteKey, `${app.prefix}/challenge`) }),
  )

  app.get(
    '/challenge',
    {
      schema: {
        summary: 'A new ALTCHA proof-of-work challenge for the login form',
        tags: ['contacts'],
        response: { 200: AltchaChallengeSchema, 404: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      if (!isAltchaVerifier(captcha)) return reply.code(404).send({ message: API_MESSAGES.NOT_FOUND })
      const challenge = await captcha.createChallenge()
      return { parameters: { ...challenge.parameters }, signature: challenge.signature }
    },
  )

  // A question is issued with a page's form only: the site's pages ask for it in-process, with the
  // key of this process; to anyone else the route does not exist, so no script fetches questions.
  app.get(
    '/question',
    {
      schema: {
        hide: true,
        summary: "A question for a form sent without JavaScript, for the site's own pages only",
        tags: ['contacts'],
        response: { 200: QuestionSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const key = request.headers[INTERNAL_CALL_HEADER]
      if (!options.questionsAccepted || typeof key !== 'string' || !sameKey(key, options.internalCallKey)) {
        return reply.code(404).send({ message: API_MESSAGES.NOT_FOUND })
      }
      return { data: options.questions.create() }
    },
  )
}

export default captchaRoutes
