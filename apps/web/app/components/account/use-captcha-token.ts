import { useCallback, useEffect, useRef } from 'react'
import type { CaptchaClientConfig } from '@agency/api-client'
import { solveChallenge } from 'altcha-lib'
import { deriveKey as derivePbkdf2Key } from 'altcha-lib/algorithms/web/pbkdf2'
import { deriveKey as deriveShaKey } from 'altcha-lib/algorithms/web/sha'
import type { Challenge } from 'altcha-lib/types'

/** A solved captcha, ready to send as `recaptcha_token`. */
interface Prepared {
  token: Promise<string>
  /** When the challenge stops being accepted, in ms since the epoch (Infinity when it never does). */
  expiresAt: number
}

/** A solution this close to its challenge's expiry is solved again rather than sent to be refused. */
const EXPIRY_MARGIN_MS = 30_000

function isChallenge(value: unknown): value is Challenge {
  if (typeof value !== 'object' || value === null || !('parameters' in value)) return false
  const { parameters } = value
  return (
    typeof parameters === 'object' &&
    parameters !== null &&
    'algorithm' in parameters &&
    typeof parameters.algorithm === 'string' &&
    'nonce' in parameters &&
    'salt' in parameters &&
    'keyPrefix' in parameters
  )
}

/**
 * Fetches an ALTCHA challenge and solves it in the browser (the proof of work: PBKDF2 or SHA rounds
 * through WebCrypto until the key has the challenge's prefix). The token is what the API decodes:
 * base64 of `{ challenge, solution }`.
 */
async function solveAltcha(challengeUrl: string, controller: AbortController): Promise<{ token: string; expiresAt: number }> {
  const response = await fetch(challengeUrl, { headers: { accept: 'application/json' }, signal: controller.signal, cache: 'no-store' })
  if (!response.ok) throw new Error(`captcha challenge: status ${response.status}`)
  const challenge: unknown = await response.json()
  if (!isChallenge(challenge)) throw new Error('captcha challenge: unexpected shape')
  const { algorithm, expiresAt } = challenge.parameters
  const solution = await solveChallenge({
    challenge,
    controller,
    deriveKey: algorithm.startsWith('PBKDF2/') ? derivePbkdf2Key : deriveShaKey,
  })
  if (!solution) throw new Error('captcha challenge: not solved')
  return {
    token: btoa(JSON.stringify({ challenge, solution })),
    expiresAt: typeof expiresAt === 'number' ? expiresAt * 1000 : Number.POSITIVE_INFINITY,
  }
}

interface Grecaptcha {
  ready(callback: () => void): void
  execute(siteKey: string, options: { action: string }): Promise<string>
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

const RECAPTCHA_SCRIPT_ID = 'recaptcha-script'

/** reCAPTCHA v3: loads Google's script once and asks it for a token at submit time. */
function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const ready = () => {
      const grecaptcha = window.grecaptcha
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha))
      else reject(new Error('reCAPTCHA did not load'))
    }
    if (window.grecaptcha) return ready()
    let script = document.getElementById(RECAPTCHA_SCRIPT_ID) as HTMLScriptElement | null
    if (!script) {
      script = document.createElement('script')
      script.id = RECAPTCHA_SCRIPT_ID
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`
      script.async = true
      document.head.append(script)
    }
    script.addEventListener('load', ready, { once: true })
    script.addEventListener('error', () => reject(new Error('reCAPTCHA did not load')), { once: true })
  })
}

/**
 * The captcha of the login form. ALTCHA work starts as soon as the page runs (and again when the
 * e-mail field gets focus after a token was used), so the token is usually ready before the visitor
 * presses the button. `take()` hands out a token once: the API spends each solution. A captcha that
 * cannot be solved gives '' — the API then refuses the request and, as SPEC §7 asks, the page shows
 * its confirmation anyway.
 */
export function useCaptchaToken(config: CaptchaClientConfig): { prepare: () => void; take: () => Promise<string> } {
  const prepared = useRef<Prepared | null>(null)
  const aborts = useRef<AbortController | null>(null)
  const recaptcha = useRef<Promise<Grecaptcha> | null>(null)
  const provider = config.provider
  const challengeUrl = config.provider === 'altcha' ? config.challenge_url : null
  const siteKey = config.provider === 'recaptcha' ? config.site_key : null

  const prepare = useCallback(() => {
    if (provider === 'recaptcha' && siteKey) {
      recaptcha.current ??= loadRecaptcha(siteKey)
      recaptcha.current.catch(() => (recaptcha.current = null))
      return
    }
    if (provider !== 'altcha' || !challengeUrl) return
    const current = prepared.current
    if (current && current.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return
    aborts.current?.abort()
    const controller = new AbortController()
    aborts.current = controller
    const entry: Prepared = { token: Promise.resolve(''), expiresAt: Number.POSITIVE_INFINITY }
    entry.token = solveAltcha(challengeUrl, controller).then(
      (solved) => {
        entry.expiresAt = solved.expiresAt
        return solved.token
      },
      () => {
        // A failed attempt must not be handed out again as if it were ready.
        if (prepared.current === entry) prepared.current = null
        return ''
      },
    )
    prepared.current = entry
  }, [provider, challengeUrl, siteKey])

  const take = useCallback(async (): Promise<string> => {
    if (provider === 'recaptcha' && siteKey) {
      prepare()
      try {
        const grecaptcha = await (recaptcha.current ?? loadRecaptcha(siteKey))
        return await grecaptcha.execute(siteKey, { action: 'login' })
      } catch {
        return ''
      }
    }
    if (provider !== 'altcha') return ''
    prepare()
    const entry = prepared.current
    prepared.current = null
    return entry ? entry.token : ''
  }, [provider, siteKey, prepare])

  useEffect(() => {
    prepare()
    return () => {
      aborts.current?.abort()
      prepared.current = null
    }
  }, [prepare])

  return { prepare, take }
}
