import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { describe, expect, it } from 'vitest'
import {
  RECAPTCHA_VERIFY_URL,
  createAltchaVerifier,
  createCaptchaVerifier,
  createRecaptchaVerifier,
  type AltchaVerifier,
} from './captcha.ts'

const KEY = 'a-test-hmac-key-of-enough-length'

/** The token the ALTCHA widget submits: base64 of { challenge, solution }. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('unsolved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

function cheapAltcha(options: Partial<Parameters<typeof createAltchaVerifier>[0]> = {}): AltchaVerifier {
  return createAltchaVerifier({ hmacKey: KEY, cost: 1, minCounter: 1, maxCounter: 20, ...options })
}

describe('the ALTCHA verifier', () => {
  it('accepts a solved challenge', async () => {
    const altcha = cheapAltcha()
    const challenge = await altcha.createChallenge()
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256')
    expect(await altcha.verify(await solve(challenge), '192.0.2.1')).toBe(true)
  })

  it('refuses garbage, a wrong answer and a changed challenge', async () => {
    const altcha = cheapAltcha()
    const challenge = await altcha.createChallenge()
    const token = await solve(challenge)
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
      challenge: Challenge
      solution: { counter: number; derivedKey: string }
    }
    const key = payload.solution.derivedKey
    const wrong = { ...payload, solution: { ...payload.solution, derivedKey: `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}` } }
    const easier = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 2 } } }
    for (const bad of ['', 'not base64 at all', Buffer.from('{}').toString('base64'), wrong, easier]) {
      const encoded = typeof bad === 'string' ? bad : Buffer.from(JSON.stringify(bad)).toString('base64')
      expect(await altcha.verify(encoded, '192.0.2.1')).toBe(false)
    }
  })

  it('refuses a challenge signed with another key', async () => {
    const other = cheapAltcha({ hmacKey: 'another-hmac-key-of-enough-length' })
    const token = await solve(await other.createChallenge())
    expect(await cheapAltcha().verify(token, '192.0.2.1')).toBe(false)
  })

  it('refuses a solution after its challenge expired', async () => {
    let clock = Date.now()
    const altcha = cheapAltcha({ ttlSeconds: 600, now: () => new Date(clock) })
    const token = await solve(await altcha.createChallenge())
    clock += 600_000
    expect(await altcha.verify(token, '192.0.2.1')).toBe(false)
  })

  it('refuses a replayed solution when it has a store of spent ones', async () => {
    const spent = new Set<string>()
    const altcha = cheapAltcha({
      spent: async (id) => {
        if (spent.has(id)) return false
        spent.add(id)
        return true
      },
    })
    const token = await solve(await altcha.createChallenge())
    expect(await altcha.verify(token, '192.0.2.1')).toBe(true)
    expect(await altcha.verify(token, '192.0.2.1')).toBe(false)
  })
})

/** Google's siteverify answers, as recorded from its documentation's examples. */
const RECORDED = {
  v2Success: { success: true, challenge_ts: '2030-03-01T09:00:00Z', hostname: 'agency.example' },
  v3Success: { success: true, challenge_ts: '2030-03-01T09:00:00Z', hostname: 'agency.example', score: 0.9, action: 'login' },
  v3Bot: { success: true, challenge_ts: '2030-03-01T09:00:00Z', hostname: 'agency.example', score: 0.1, action: 'login' },
  invalid: { success: false, 'error-codes': ['invalid-input-response'] },
  otherHost: { success: true, challenge_ts: '2030-03-01T09:00:00Z', hostname: 'evil.example' },
}

function fakeGoogle(answer: unknown, status = 200) {
  const calls: Array<{ url: string; body: URLSearchParams }> = []
  const fakeFetch: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), body: new URLSearchParams(String(init?.body)) })
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } })
  }
  return { fakeFetch, calls }
}

describe('the reCAPTCHA verifier', () => {
  it('asks siteverify with the secret, the token and the IP', async () => {
    const google = fakeGoogle(RECORDED.v2Success)
    const verifier = createRecaptchaVerifier({ secret: 's3cret', fetch: google.fakeFetch })
    expect(await verifier.verify('widget-token', '192.0.2.9')).toBe(true)
    expect(google.calls).toHaveLength(1)
    expect(google.calls[0]!.url).toBe(RECAPTCHA_VERIFY_URL)
    expect(Object.fromEntries(google.calls[0]!.body)).toEqual({ secret: 's3cret', response: 'widget-token', remoteip: '192.0.2.9' })
  })

  it('accepts a good v3 score and refuses a low one, a failure and another host', async () => {
    const cases: Array<[unknown, number, boolean]> = [
      [RECORDED.v3Success, 200, true],
      [RECORDED.v3Bot, 200, false],
      [RECORDED.invalid, 200, false],
      [RECORDED.otherHost, 200, false],
      [RECORDED.v2Success, 500, false],
      ['not json', 200, false],
    ]
    for (const [answer, status, expected] of cases) {
      const verifier = createRecaptchaVerifier({ secret: 's', hostname: 'agency.example', fetch: fakeGoogle(answer, status).fakeFetch })
      expect(await verifier.verify('t', '192.0.2.9'), JSON.stringify(answer)).toBe(expected)
    }
  })

  it('refuses without asking when the token is empty, and when Google cannot be reached', async () => {
    const google = fakeGoogle(RECORDED.v2Success)
    expect(await createRecaptchaVerifier({ secret: 's', fetch: google.fakeFetch }).verify('', '192.0.2.9')).toBe(false)
    expect(google.calls).toEqual([])
    const unreachable: typeof fetch = async () => {
      throw new TypeError('fetch failed')
    }
    expect(await createRecaptchaVerifier({ secret: 's', fetch: unreachable }).verify('t', '192.0.2.9')).toBe(false)
  })
})

describe('choosing the verifier', () => {
  it('uses reCAPTCHA when a secret is configured, else ALTCHA', () => {
    expect(createCaptchaVerifier({ recaptchaSecret: 's', recaptchaSiteKey: 'k', altchaHmacKey: KEY }).provider).toBe('recaptcha')
    expect(createCaptchaVerifier({ altchaHmacKey: KEY }).provider).toBe('altcha')
    expect(() => createCaptchaVerifier({})).toThrow('An ALTCHA HMAC key is required')
  })
})
