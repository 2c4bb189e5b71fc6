import type { Db } from '@agency/db'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { IDEMPOTENCY_KEY_HEADER, idempotentCommand, type IdempotentAnswer, type StoredAnswer } from '#app/alerts/idempotency.ts'
import { ALERT_MESSAGES } from '#app/alerts/messages.ts'
import type { Answer, Caller, CookieJar } from '#app/auth/caller.ts'
import { ACCOUNT_MESSAGES } from '#app/auth/messages.ts'
import { hitRateLimit, type RateLimitRule } from '#app/auth/rate-limit.ts'
import { createToken, hashToken } from '#app/auth/tokens.ts'

/** The captcha's refusal, in the login form's words, at the captcha's field. */
export function captchaRefused(): Answer {
  return { status: 422, body: { message: ACCOUNT_MESSAGES.CAPTCHA_FAILED, errors: { recaptcha_token: [ACCOUNT_MESSAGES.CAPTCHA_FAILED] } } }
}

/** A payload checked: its data, or the 422 answer of its messages. */
export type CheckedPayload<T> = { ok: true; data: T } | { ok: false; message: string; errors: Record<string, string[]> }

/**
 * One write a visitor may make, as its route declares it: whose idempotency keys it uses, how its
 * payload is checked, whether it takes the captcha and a per-address limit, the work, and what it
 * answers. `app.anonymousWrite` (runAnonymousWrite) does the rest, the same way for every such write.
 */
export interface AnonymousWrite<T, R> {
  /** Whose keys these are: a visitor's writes share one scope, a contact's are theirs alone. */
  scope: string
  /** What makes a retry the same request: the body without its captcha token (a retry solves it afresh). */
  payload: unknown
  /** Checks the payload (SPEC §5's messages, in order): the data, or the 422 answer. */
  check: () => Promise<CheckedPayload<T>>
  /** The captcha's solution when the caller must give one (a visitor); null when a session is enough. */
  captchaToken: string | null
  /** The writes one address may make in a window, and the 429 answer's words; null when there is no such limit. */
  perAddress: { name: string; rule: RateLimitRule; message: string } | null
  /** The work, in the transaction that keeps its answer under the key. */
  work: (tx: Db, data: T, at: Date) => Promise<R>
  /** What the work answers, kept under the key for a retry. */
  answer: (result: R) => IdempotentAnswer
  /** More work in the same transaction once the answer is kept (the session's active alert). */
  afterStore?: (tx: Db, result: R) => Promise<void>
  /** What a retry's answer does besides (the retrying browser remembers its pending item again). */
  onReplay?: (stored: StoredAnswer) => Promise<void>
  /** What the first answer does besides, before it is sent (its cookies, a log line, a wait). */
  onDone?: (result: R) => void | Promise<void>
  /** The route's clock: when the limits count and the work is done. */
  now: () => Date
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs a write a visitor may make (a login link, an alert's registration, an enquiry or a
     * valuation) through the one protocol of runAnonymousWrite, for an API request or a page's
     * (services/): the answer to send.
     */
    anonymousWrite<T, R>(caller: Caller, write: AnonymousWrite<T, R>): Promise<Answer>
  }
}

/**
 * The protocol of every write a visitor may make, in one order:
 * 1. a retry under its Idempotency-Key gets the first answer; another body under the key is 409;
 * 2. the payload is checked (422 with its messages), before anything is spent;
 * 3. the captcha, when the caller needs one; a solution already spent by a twin of this request
 *    (same key, same body) gets the twin's answer;
 * 4. the per-address limit (429);
 * 5. the work, and its answer kept under the key in the same transaction; a concurrent twin that kept
 *    its answer first undoes this one, and its answer is this one's.
 * The client address is `request.ip`, which TRUST_PROXY alone decides (config.ts).
 */
async function runAnonymousWrite<T, R>(app: FastifyInstance, request: Caller, write: AnonymousWrite<T, R>): Promise<Answer> {
  const { now } = write
  const command = idempotentCommand(app.db, { scope: write.scope, header: request.headers[IDEMPOTENCY_KEY_HEADER], payload: write.payload })
  const reused: Answer = { status: 409, body: { message: ALERT_MESSAGES.IDEMPOTENCY_KEY_REUSED } }
  const replay = async (): Promise<Answer | null> => {
    const outcome = await command.stored()
    if (!outcome) return null
    if (outcome.kind === 'conflict') return reused
    await write.onReplay?.(outcome.answer)
    // The stored body is the first answer, which the route's response schema already let through.
    return { status: outcome.answer.response_status, body: outcome.answer.response_body }
  }
  const replayed = await replay()
  if (replayed) return replayed

  const checked = await write.check()
  if (!checked.ok) return { status: 422, body: { message: checked.message, errors: checked.errors } }
  if (write.captchaToken !== null && !(await app.captcha.verify(write.captchaToken, request.ip))) {
    return (await replay()) ?? captchaRefused()
  }
  if (write.perAddress && !(await hitRateLimit(app.db, `${write.perAddress.name}:ip:${request.ip}`, write.perAddress.rule, now())).allowed) {
    return { status: 429, body: { message: write.perAddress.message } }
  }
  const at = now()
  const result = await command.run((tx) => write.work(tx, checked.data, at), {
    now: at,
    answer: write.answer,
    ...(write.afterStore ? { afterStore: write.afterStore } : {}),
  })
  if (result === null) return (await replay()) ?? reused
  await write.onDone?.(result)
  const answer = write.answer(result)
  return { status: answer.status, body: answer.body }
}

/**
 * The plugin that owns the anonymous writes' protocol: the idempotency keys, the captcha (the accounts
 * plugin's, which registers this one), the per-address limits and the stored answers. The writes
 * (services/) declare themselves and call `app.anonymousWrite`; the one-time tokens (auth/one-time-tokens.ts), the
 * pending-item cookie (pendingCookie) and the captcha's refusal (captchaRefused) are its parts the
 * routes use besides.
 */
export const anonymousWritesPlugin = fp(
  async (app) => {
    app.decorate('anonymousWrite', function <T, R>(this: FastifyInstance, caller: Caller, write: AnonymousWrite<T, R>) {
      return runAnonymousWrite(this, caller, write)
    })
  },
  { name: 'anonymous-writes' },
)

/**
 * The cookie that remembers a visitor's pending item in their own browser (an alert awaiting its
 * e-mailed confirmation, an enquiry): `__Host-` prefixed over https. It carries a random token; the
 * database keeps only its hash, so the cookie names the item and grants nothing else.
 */
export function pendingCookie(options: { publicUrl: string; names: { readonly HTTPS: string; readonly HTTP: string }; maxAgeS: number }) {
  const https = new URL(options.publicUrl).protocol === 'https:'
  const name = https ? options.names.HTTPS : options.names.HTTP
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: https }
  return {
    /** A new token: its hash to keep, and `set` to hand the token to the browser once the item is kept. */
    issue() {
      const token = createToken()
      return { hash: hashToken(token), set: (reply: CookieJar) => void reply.setCookie(name, token, { ...cookieOptions, maxAge: options.maxAgeS }) }
    },
    /** The hash of the token this browser holds, or null. */
    read(request: Pick<Caller, 'cookies'>, isShaped: (value: string) => boolean): string | null {
      const value = request.cookies[name]
      return value && isShaped(value) ? hashToken(value) : null
    },
    clear(reply: CookieJar) {
      void reply.clearCookie(name, cookieOptions)
    },
  }
}
