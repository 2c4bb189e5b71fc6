import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import type { CaptchaVerifier, SpentChallengeStore } from './captcha.ts'

/*
 * The captcha of a form sent without JavaScript. The login form's captcha (ALTCHA proof of work, or
 * reCAPTCHA) runs in the browser; a visitor without JavaScript gets a short question instead, rendered
 * by the server into the page that answers their post, never into a page a shared cache may keep (a
 * question in a cached page would be handed to every visitor of those seconds, and each is answered
 * once).
 *
 * A question is stateless until it is answered: its token carries a random id, an expiry and a keyed
 * digest of the answer, signed with the site's key, so nobody without the key can read the answer
 * from the token or forge one. The first answer to a question spends it, right or wrong, in the
 * database table of spent captcha challenges that every process of the site shares: a robot cannot
 * try every answer to one question, nor replay a right one.
 *
 * On the wire the form's `recaptcha_token` is `q1.<payload>.<signature>.<digest>.<answer>`: the
 * question's token (as GET /captcha/question answered it) and the visitor's answer in base64url,
 * joined by a dot. The site sends it only when the form carries no token of the browser's captcha.
 */

/** Tokens of this kind start with this; any other token is the browser captcha's. */
export const QUESTION_TOKEN_PREFIX = 'q1.'

/** A question as the page shows it. */
export interface Question {
  /** The question, in words: 'What is seven plus four?' */
  text: string
  /** Sent back with the answer. */
  token: string
  /** When it stops being accepted. */
  expires_at: string
}

/** Issues and checks questions. */
export interface QuestionChallenges {
  create(): Question
  /** Whether `answer` answers the question of `token`; spends the question either way. */
  verify(token: string, answer: string): Promise<boolean>
}

/** Options of the question challenges. */
export interface QuestionChallengeOptions {
  /** The site's key (the ALTCHA key): the same on every process, so any of them checks an answer. */
  hmacKey: string
  /** Records a question as answered once; false for a replay. */
  spent: SpentChallengeStore
  /** How long a question may be answered, in seconds: time to fill the form in. */
  ttlSeconds?: number
  now?: () => Date
}

const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
] as const

/** The answer as a number: digits or a number word ('11', ' Eleven. '), else null. */
export function readAnswer(answer: string): number | null {
  const text = answer.trim().toLowerCase().replace(/[.!]$/, '').trim()
  if (/^\d{1,3}$/.test(text)) return Number(text)
  const index = (NUMBER_WORDS as readonly string[]).indexOf(text)
  return index === -1 ? null : index
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url')
const fromBase64url = (text: string) => Buffer.from(text, 'base64url').toString('utf8')

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The question challenges; see the module comment. */
export function createQuestionChallenges(options: QuestionChallengeOptions): QuestionChallenges {
  if (options.hmacKey.length < 16) throw new Error('The question key must be at least 16 characters')
  const now = options.now ?? (() => new Date())
  const ttlMs = (options.ttlSeconds ?? 30 * 60) * 1000
  // Two keys from the site's: one signs the question, one hides its answer.
  const signKey = createHmac('sha256', options.hmacKey).update('question-challenge-signature').digest()
  const answerKey = createHmac('sha256', options.hmacKey).update('question-challenge-answer').digest()
  const sign = (payload: string) => createHmac('sha256', signKey).update(payload).digest('base64url')
  const digest = (id: string, answer: number) => createHmac('sha256', answerKey).update(`${id}:${answer}`).digest('base64url')

  return {
    create() {
      const a = randomInt(2, 10)
      const b = randomInt(2, 10)
      const id = randomUUID()
      const expiresAt = new Date(now().getTime() + ttlMs)
      const payload = base64url(JSON.stringify({ id, exp: expiresAt.getTime() }))
      const answerDigest = digest(id, a + b)
      const token = `${QUESTION_TOKEN_PREFIX}${payload}.${sign(`${payload}.${answerDigest}`)}.${answerDigest}`
      return { text: `What is ${NUMBER_WORDS[a]} plus ${NUMBER_WORDS[b]}?`, token, expires_at: expiresAt.toISOString() }
    },
    async verify(token, answer) {
      if (!token.startsWith(QUESTION_TOKEN_PREFIX) || token.length > 1024 || answer.length > 64) return false
      const [payload = '', signature = '', answerDigest = '', ...rest] = token.slice(QUESTION_TOKEN_PREFIX.length).split('.')
      if (rest.length > 0 || !sameText(sign(`${payload}.${answerDigest}`), signature)) return false
      let parsed: unknown
      try {
        parsed = JSON.parse(fromBase64url(payload))
      } catch {
        return false
      }
      if (typeof parsed !== 'object' || parsed === null || !('id' in parsed) || !('exp' in parsed)) return false
      const { id, exp } = parsed
      if (typeof id !== 'string' || typeof exp !== 'number' || exp <= now().getTime()) return false
      // Spent before the answer is looked at: one try per question.
      if (!(await options.spent(`question:${id}`, new Date(exp)))) return false
      const value = readAnswer(answer)
      return value !== null && sameText(digest(id, value), answerDigest)
    },
  }
}

/** The form's `recaptcha_token` for an answered question (see the module comment). */
export function toQuestionCaptchaToken(questionToken: string, answer: string): string {
  return `${questionToken}.${base64url(answer)}`
}

/**
 * The browser captcha, with answered questions accepted beside it: a token of a question goes to the
 * question check alone, any other token to the browser captcha's verifier.
 */
export function withQuestionChallenges(captcha: CaptchaVerifier, questions: QuestionChallenges): CaptchaVerifier {
  return {
    provider: captcha.provider,
    ...('createChallenge' in captcha ? { createChallenge: captcha.createChallenge } : {}),
    async verify(token, ip) {
      if (!token.startsWith(QUESTION_TOKEN_PREFIX)) return captcha.verify(token, ip)
      const cut = token.lastIndexOf('.')
      let answer: string
      try {
        answer = fromBase64url(token.slice(cut + 1))
      } catch {
        return false
      }
      return questions.verify(token.slice(0, cut), answer)
    },
  }
}
