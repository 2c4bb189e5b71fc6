import { createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { z } from 'zod'

/**
 * Checks the captcha token a form sends (SPEC §7 `recaptcha_token`). Implementations: ALTCHA proof of
 * work (self-hosted, works offline; the default) and Google reCAPTCHA (when keys are configured).
 */
export interface CaptchaVerifier {
  readonly provider: 'altcha' | 'recaptcha' | 'fixed'
  verify(token: string, ip: string): Promise<boolean>
}

/** What the page needs to show the right widget. */
export type CaptchaClientConfig =
  | { provider: 'altcha'; challenge_url: string }
  | { provider: 'recaptcha'; site_key: string }
  | { provider: 'none' }

// ---------------------------------------------------------------------------------------------
// ALTCHA
// ---------------------------------------------------------------------------------------------

/** Records a solved challenge once; false for a replay. Shared by every process (the database). */
export type SpentChallengeStore = (challengeId: string, expiresAt: Date) => Promise<boolean>

/** Options of the ALTCHA verifier. */
export interface AltchaOptions {
  /** The HMAC secret that signs challenges; the same on every process of the site. */
  hmacKey: string
  /** PBKDF2 iterations per attempt. */
  cost?: number
  /** The solver's counter is drawn from [minCounter, maxCounter]: the expected work. */
  minCounter?: number
  maxCounter?: number
  /** How long a challenge may be solved and submitted, in seconds. */
  ttlSeconds?: number
  /** Refuses a solution seen before. Without it, a solution could be replayed until it expires. */
  spent?: SpentChallengeStore
  /** The clock, for tests. */
  now?: () => Date
}

/** The ALTCHA verifier, plus the challenge factory the page's widget fetches. */
export interface AltchaVerifier extends CaptchaVerifier {
  readonly provider: 'altcha'
  createChallenge(): Promise<Challenge>
}

const AltchaPayloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string().max(32),
        nonce: z.string().max(128),
        salt: z.string().max(128),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string().max(128),
        keySignature: z.string().max(256).optional(),
        memoryCost: z.number().optional(),
        parallelism: z.number().optional(),
        expiresAt: z.number().optional(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .loose(),
    signature: z.string().max(256).optional(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(1024), time: z.number().optional() }),
})

function parseAltchaPayload(token: string): z.infer<typeof AltchaPayloadSchema> | null {
  if (token.length === 0 || token.length > 8192) return null
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'))
    const parsed = AltchaPayloadSchema.safeParse(decoded)
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** A second key from the first, so the challenge signature and the key signature never share one. */
function deriveSubKey(key: string, purpose: string): string {
  return createHmac('sha256', key).update(purpose).digest('hex')
}

/**
 * ALTCHA proof of work: the browser searches for a counter whose PBKDF2 key has a given prefix;
 * checking it costs the server one HMAC. Challenges are signed, expire, and are spent once.
 */
export function createAltchaVerifier(options: AltchaOptions): AltchaVerifier {
  if (options.hmacKey.length < 16) throw new Error('The ALTCHA HMAC key must be at least 16 characters')
  const now = options.now ?? (() => new Date())
  const hmacSignatureSecret = deriveSubKey(options.hmacKey, 'altcha-challenge')
  const hmacKeySignatureSecret = deriveSubKey(options.hmacKey, 'altcha-key')
  const cost = options.cost ?? 1_000
  const minCounter = options.minCounter ?? 1_000
  const maxCounter = options.maxCounter ?? 4_000
  const ttlSeconds = options.ttlSeconds ?? 600

  return {
    provider: 'altcha',
    createChallenge() {
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(maxCounter, minCounter),
        deriveKey,
        expiresAt: new Date(now().getTime() + ttlSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      })
    },
    async verify(token) {
      const payload = parseAltchaPayload(token)
      if (!payload) return false
      const { expiresAt } = payload.challenge.parameters
      // verifySolution checks expiry on the wall clock too; this check follows the injected clock.
      if (expiresAt === undefined || expiresAt * 1000 <= now().getTime()) return false
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null)
      if (!result?.verified) return false
      if (!options.spent) return true
      return options.spent(payload.challenge.parameters.nonce, new Date(expiresAt * 1000))
    },
  }
}

// ---------------------------------------------------------------------------------------------
// reCAPTCHA
// ---------------------------------------------------------------------------------------------

/** Google's siteverify endpoint. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify'

/** Options of the reCAPTCHA verifier. */
export interface RecaptchaOptions {
  secret: string
  /** reCAPTCHA v3 answers a score; below this the request is refused. v2 answers none. */
  minScore?: number
  /** When set, the token must have been issued on this host name. */
  hostname?: string
  fetch?: typeof fetch
  timeoutMs?: number
}

const SiteverifyResponseSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
})

/** Google reCAPTCHA (v2 or v3), checked server-side through siteverify. Any failure refuses. */
export function createRecaptchaVerifier(options: RecaptchaOptions): CaptchaVerifier {
  const fetchFn = options.fetch ?? fetch
  const minScore = options.minScore ?? 0.5
  return {
    provider: 'recaptcha',
    async verify(token, ip) {
      if (token.length === 0 || token.length > 4096) return false
      const body = new URLSearchParams({ secret: options.secret, response: token })
      if (ip) body.set('remoteip', ip)
      try {
        const response = await fetchFn(RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        })
        if (!response.ok) return false
        const parsed = SiteverifyResponseSchema.safeParse(await response.json())
        if (!parsed.success || !parsed.data.success) return false
        if (parsed.data.score !== undefined && parsed.data.score < minScore) return false
        if (options.hostname && parsed.data.hostname !== options.hostname) return false
        return true
      } catch {
        return false
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Fixed answer (tests and end-to-end runs only)
// ---------------------------------------------------------------------------------------------

/**
 * A verifier that always answers `accept`. Only for automated tests and the end-to-end run, chosen in
 * code by whoever builds the app; no request can switch it on.
 */
export function createFixedCaptchaVerifier(accept: boolean): CaptchaVerifier {
  return { provider: 'fixed', verify: async () => accept }
}

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

/** Captcha configuration as read from the environment. */
export interface CaptchaConfig {
  recaptchaSecret?: string | undefined
  recaptchaSiteKey?: string | undefined
  altchaHmacKey?: string | undefined
}

/**
 * reCAPTCHA when RECAPTCHA_SECRET is configured, else ALTCHA. `spent` makes ALTCHA solutions
 * single-use across processes.
 */
export function createCaptchaVerifier(
  config: CaptchaConfig,
  deps: { spent?: SpentChallengeStore; publicUrl?: string; fetch?: typeof fetch } = {},
): CaptchaVerifier {
  if (config.recaptchaSecret) {
    return createRecaptchaVerifier({
      secret: config.recaptchaSecret,
      hostname: deps.publicUrl ? new URL(deps.publicUrl).hostname : undefined,
      fetch: deps.fetch,
    })
  }
  if (!config.altchaHmacKey) throw new Error('An ALTCHA HMAC key is required when reCAPTCHA is not configured')
  return createAltchaVerifier({ hmacKey: config.altchaHmacKey, spent: deps.spent })
}

/** Whether a verifier is the ALTCHA one (and can issue challenges). */
export function isAltchaVerifier(verifier: CaptchaVerifier): verifier is AltchaVerifier {
  return verifier.provider === 'altcha' && 'createChallenge' in verifier
}
