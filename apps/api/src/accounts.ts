import { randomBytes } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import type { LoginLinkSettings } from '#app/services/accounts.ts'
import fp from 'fastify-plugin'
import { anonymousWritesPlugin } from '#app/anonymous-writes.ts'
import { z } from 'zod'
import {
  createCaptchaVerifier,
  type CaptchaClientConfig,
  type CaptchaConfig,
  type CaptchaVerifier,
  type SpentChallengeStore,
} from '#app/auth/captcha.ts'
import captchaRoutes, { toCaptchaClientConfig } from '#app/auth/captcha-routes.ts'
import { DEFAULT_MAGIC_LINK_LIMITS, type MagicLinkLimits } from '#app/auth/magic-links.ts'
import { createOriginCheck } from '#app/auth/origin-check.ts'
import { createSpentChallengeStore } from '#app/auth/captcha-store.ts'
import { createQuestionChallenges, questionsAccepted, withQuestionChallenges, type Question } from '#app/auth/question-challenge.ts'
import { hitRateLimit, isPastRateLimit } from '#app/auth/rate-limit.ts'
import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  createSessionService,
  loadRequestSession,
  type SessionSettings,
} from '#app/auth/session.ts'
import { DEFAULT_MAIL_FROM, type MailConfig } from '#app/mail/transport.ts'
import contactsRoutes from '#app/routes/contacts/index.ts'

export { canSeeLocked, getActiveApplicantCriteria, type ActiveApplicant, type Session, type SessionService } from '#app/auth/session.ts'
export {
  createAltchaVerifier,
  createCaptchaVerifier,
  createFixedCaptchaVerifier,
  createRecaptchaVerifier,
  type CaptchaVerifier,
} from '#app/auth/captcha.ts'
export { createMailTransport, DEFAULT_MAIL_FROM, type MailConfig, type MailTransport } from '#app/mail/transport.ts'
export { enqueueMail, type OutboxMail } from '#app/mail/outbox.ts'
export { startWorker, type Worker, type WorkerOptions } from '#app/mail/worker.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The login form's captcha check, for other forms that take the same captcha (the lead enquiry). */
    captcha: CaptchaVerifier
    /** What the site's own pages show of the captcha: the widget, and a question for a form sent without JavaScript. */
    captchaForms: CaptchaForms
  }
}

/** The captcha as the site's pages show it (services/create-site-services.ts). */
export interface CaptchaForms {
  /** The widget (GET /api/captcha/config). */
  config: CaptchaClientConfig
  /** A new question for a form sent without JavaScript; null where questions are not accepted (reCAPTCHA without them). */
  question(): Question | null
}

/** Options of the accounts plugin: login links, sessions, the Origin check and the contact routes. */
export interface AccountsOptions {
  /** The site's public origin: links in e-mails, the cookie's Secure/`__Host-` choice, the Origin check. */
  publicUrl: string
  /**
   * The captcha check of login link requests, or a factory given the database-backed store of spent
   * ALTCHA solutions. Tests and the end-to-end run pass createFixedCaptchaVerifier(true); when left
   * out it follows `captchaConfig`.
   */
  captcha?: CaptchaVerifier | ((deps: { spent: SpentChallengeStore }) => CaptchaVerifier)
  /** reCAPTCHA keys or the ALTCHA key (see loadAccountsEnv); a key of this process only when left out. */
  captchaConfig?: CaptchaConfig
  /**
   * The key that signs the questions of forms sent without JavaScript (question-challenge.ts); the
   * ALTCHA key when left out, else a key of this process only.
   */
  questionKey?: string
  /** The questions of forms sent without JavaScript: beside reCAPTCHA or not, and how many an address may answer. */
  questions?: QuestionSettings
  /** Mutating requests under this path must come from the site's origin. */
  apiPrefix?: string
  magicLinkLimits?: MagicLinkLimits
  /** The shortest answer time of a login link request (see ContactsRoutesOptions). */
  magicLinkMinResponseMs?: number
  /** How the login link answer waits out that time: a timer unless a test records it. */
  sleep?: (ms: number) => Promise<void>
  idleTimeoutMs?: number
  absoluteTimeoutMs?: number
  /** The clock, for tests. */
  now?: () => Date
}

/** The questions of forms sent without JavaScript (question-challenge.ts). */
export interface QuestionSettings {
  /** Accept a question where reCAPTCHA is configured (CAPTCHA_QUESTIONS_WITH_RECAPTCHA); refused by default. */
  acceptWithRecaptcha: boolean
  /** Wrong answers to questions one address may give in an hour (CAPTCHA_QUESTIONS_PER_IP_HOUR; 0 takes no answer). */
  perIpHour: number
}

/** Questions refused beside reCAPTCHA; 4 answers an hour per address (the proof of work has no such limit). */
export const DEFAULT_QUESTION_SETTINGS: QuestionSettings = { acceptWithRecaptcha: false, perIpHour: 6 }

const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  MAIL_TRANSPORT: z.enum(['file', 'smtp']).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  CAPTCHA_QUESTIONS_WITH_RECAPTCHA: z.enum(['true', 'false']).default('false'),
  CAPTCHA_QUESTIONS_PER_IP_HOUR: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_QUESTION_SETTINGS.perIpHour),
})

/** Mail and captcha settings read from the environment. */
export interface AccountsEnv {
  mail: Omit<MailConfig, 'logger'>
  captcha: CaptchaConfig
  questions: QuestionSettings
}

/**
 * Reads MAIL_TRANSPORT (file | smtp; smtp when SMTP_URL is set), SMTP_URL, MAIL_FROM,
 * RECAPTCHA_SECRET, RECAPTCHA_SITE_KEY and ALTCHA_HMAC_KEY from the environment the caller passes
 * (the server's configuration). Throws a readable error listing every bad variable.
 */
export function loadAccountsEnv(env: NodeJS.ProcessEnv, options: { dataDir: string }): AccountsEnv {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.RECAPTCHA_SECRET && !e.RECAPTCHA_SITE_KEY) throw new Error('Invalid environment:\n  RECAPTCHA_SITE_KEY is required with RECAPTCHA_SECRET')
  const transport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'file')
  if (transport === 'smtp' && !e.SMTP_URL) throw new Error('Invalid environment:\n  SMTP_URL is required with MAIL_TRANSPORT=smtp')
  return {
    mail: {
      transport,
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      dataDir: options.dataDir,
      logLinks: e.NODE_ENV === 'development',
    },
    captcha: {
      recaptchaSecret: e.RECAPTCHA_SECRET,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
      altchaHmacKey: e.ALTCHA_HMAC_KEY,
    },
    questions: { acceptWithRecaptcha: e.CAPTCHA_QUESTIONS_WITH_RECAPTCHA === 'true', perIpHour: e.CAPTCHA_QUESTIONS_PER_IP_HOUR },
  }
}

/**
 * Accounts: session cookies read on every API request (`request.session`), the Origin check of
 * mutating requests, `app.sessions` for other routes that log a contact in, and the routes under
 * /contacts (login links, sessions, the contact) and /captcha. Register it inside the API scope
 * before the routes that read `request.session`.
 */
export const accountsPlugin = fp<AccountsOptions>(
  async (app, options) => {
    const now = options.now ?? (() => new Date())
    const settings: SessionSettings = {
      publicUrl: options.publicUrl,
      idleTimeoutMs: options.idleTimeoutMs ?? SESSION_IDLE_TIMEOUT_MS,
      absoluteTimeoutMs: options.absoluteTimeoutMs ?? SESSION_ABSOLUTE_TIMEOUT_MS,
      now,
    }

    if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie)

    const spent: SpentChallengeStore = createSpentChallengeStore(app.db)
    let captcha = typeof options.captcha === 'function' ? options.captcha({ spent }) : options.captcha
    let captchaConfig = options.captchaConfig
    if (!captcha) {
      captchaConfig ??= {}
      if (!captchaConfig.recaptchaSecret && !captchaConfig.altchaHmacKey) {
        app.log.warn('no ALTCHA_HMAC_KEY: captcha challenges are signed with a key of this process only')
        captchaConfig = { ...captchaConfig, altchaHmacKey: randomBytes(32).toString('hex') }
      }
      captcha = createCaptchaVerifier(captchaConfig, { spent, publicUrl: options.publicUrl })
    }
    const questionKey = options.questionKey ?? captchaConfig?.altchaHmacKey
    if (!questionKey) app.log.warn('no question key: the no-JavaScript captcha questions are signed with a key of this process only')
    const questionSettings = options.questions ?? DEFAULT_QUESTION_SETTINGS
    const questionRule = { limit: questionSettings.perIpHour, windowMs: 60 * 60_000 }
    const wrongAnswersKey = (ip: string) => `captcha-question:ip:${ip}`
    const questions = createQuestionChallenges({
      hmacKey: questionKey ?? randomBytes(32).toString('hex'),
      spent,
      now,
      wrongAnswers: {
        pastLimit: (ip) => isPastRateLimit(app.db, wrongAnswersKey(ip), questionRule, now()),
        count: async (ip) => void (await hitRateLimit(app.db, wrongAnswersKey(ip), questionRule, now())),
      },
    })
    // The browser's captcha, or for a form sent without JavaScript an answered question.
    const browserCaptcha = captcha
    captcha = withQuestionChallenges(browserCaptcha, questions, questionSettings)

    app.decorate('captcha', captcha)
    await app.register(anonymousWritesPlugin)
    app.decorateRequest('session', null)
    app.decorate('sessions', createSessionService(app.db, settings))

    app.addHook('onRequest', createOriginCheck(options.publicUrl, options.apiPrefix ?? '/api'))
    app.addHook('onRequest', async (request) => {
      await loadRequestSession(request, app.db, settings)
    })

    app.decorate('loginLinks', {
      magicLinks: { publicUrl: options.publicUrl, limits: options.magicLinkLimits ?? DEFAULT_MAGIC_LINK_LIMITS, now },
      minResponseMs: options.magicLinkMinResponseMs ?? 250,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    } satisfies LoginLinkSettings)
    await app.register(contactsRoutes, { prefix: '/contacts' })
    const accepted = questionsAccepted(browserCaptcha, questionSettings)
    const captchaPrefix = `${options.apiPrefix ?? '/api'}/captcha`
    app.decorate('captchaForms', {
      config: toCaptchaClientConfig(browserCaptcha, captchaConfig?.recaptchaSiteKey, `${captchaPrefix}/challenge`),
      question: () => (accepted ? questions.create() : null),
    } satisfies CaptchaForms)
    await app.register(captchaRoutes, {
      prefix: '/captcha',
      captcha: browserCaptcha,
      recaptchaSiteKey: captchaConfig?.recaptchaSiteKey,
    })
  },
  { name: 'accounts', dependencies: ['db'] },
)

export default accountsPlugin
