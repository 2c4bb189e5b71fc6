import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@agency/domain'
import { API_MESSAGES } from '#app/messages.ts'
import { isAltchaVerifier, type CaptchaClientConfig, type CaptchaVerifier } from './captcha.ts'

/** Options of the captcha routes. */
export interface CaptchaRoutesOptions {
  captcha: CaptchaVerifier
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
}

export default captchaRoutes
