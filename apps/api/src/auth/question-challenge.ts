import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { createCaptchaQuestion, toCanonicalAnswer } from '@agency/domain'
import type { CaptchaVerifier, SpentChallengeStore } from './captcha.ts'

/*
 * The captcha of a form sent without JavaScript. The login form's captcha (ALTCHA proof of work, or
 * reCAPTCHA) runs in the browser; a visitor without JavaScript gets a question instead (a rotating
 * set of kinds: packages/domain's captcha-questions.ts), rendered by the server into the page that
 * answers their post, never into a page a shared cache may keep, and never handed out as JSON to
 * anyone else: no route gives one; the site's pages get it from the accounts plugin
 * (`app.captchaForms.question`) through the site's services.
 *
 * A question is stateless until it is answered: its token carries a random id, an expiry and a keyed
 * digest of the answer, signed with the site's key, so nobody without the key can read the answer
 * from the token or forge one. The first answer to a question spends it, right or wrong, in the
 * database table of spent captcha challenges that every process of the site shares: a robot cannot
 * try every answer to one question, nor replay a right one. An address may give only a few wrong
 * answers an hour (far fewer than the proof of work allows; right answers are not counted), and where reCAPTCHA is configured a
 * question is refused unless the site's configuration accepts them beside it.
 *
 * On the wire the form's `recaptcha_token` is `q1.<payload>.<signature>.<digest>.<answer>`: the
 * question's token and the visitor's answer in base64url, joined by a dot. The site sends it only
 * when the form carries no token of the browser's captcha.
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
  verify(token: string, answer: string, ip: string): Promise<boolean>
}

/** Options of the question challenges. */
export interface QuestionChallengeOptions {
  /** The site's key (the ALTCHA key): the same on every process, so any of them checks an answer. */
  hmacKey: string
  /** Records a question as answered once; false for a replay. */
  spent: SpentChallengeStore
  /** How long a question may be answered, in seconds: time to fill the form in. */
  ttlSeconds?: number
  /**
   * The wrong answers of each address (the database-backed rate limit): whether the address has
   * already given as many as it may this hour, and the count of one more. A right answer is not
   * counted, so a person behind a shared address (an office, a mobile network) who answers right
   * is never turned away for others' answers; every answer is allowed when left out.
   */
  wrongAnswers?: { pastLimit: (ip: string) => Promise<boolean>; count: (ip: string) => Promise<void> }
  now?: () => Date
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
  const digest = (id: string, answer: string) => createHmac('sha256', answerKey).update(`${id}:${answer}`).digest('base64url')

  return {
    create() {
      const question = createCaptchaQuestion(randomInt)
      const id = randomUUID()
      const expiresAt = new Date(now().getTime() + ttlMs)
      const payload = base64url(JSON.stringify({ id, exp: expiresAt.getTime() }))
      const answerDigest = digest(id, question.answer)
      const token = `${QUESTION_TOKEN_PREFIX}${payload}.${sign(`${payload}.${answerDigest}`)}.${answerDigest}`
      return { text: question.text, token, expires_at: expiresAt.toISOString() }
    },
    async verify(token, answer, ip) {
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
      // An address past its wrong answers is refused, and the question spent, before the answer is
      // looked at: one try per question; a wrong answer counts against the address.
      if (options.wrongAnswers && (await options.wrongAnswers.pastLimit(ip))) return false
      if (!(await options.spent(`question:${id}`, new Date(exp)))) return false
      const right = sameText(digest(id, toCanonicalAnswer(answer)), answerDigest)
      if (!right) await options.wrongAnswers?.count(ip)
      return right
    },
  }
}

/** The form's `recaptcha_token` for an answered question (see the module comment). */
export function toQuestionCaptchaToken(questionToken: string, answer: string): string {
  return `${questionToken}.${base64url(answer)}`
}

/**
 * The browser captcha, with answered questions accepted beside it: a token of a question goes to the
 * question check alone, any other token to the browser captcha's verifier. Where the browser captcha
 * is reCAPTCHA, a question is refused unless `acceptWithRecaptcha` (CAPTCHA_QUESTIONS_WITH_RECAPTCHA):
 * a site that pays for Google's check does not want a cheaper path beside it by default.
 */
export function withQuestionChallenges(captcha: CaptchaVerifier, questions: QuestionChallenges, options: { acceptWithRecaptcha?: boolean } = {}): CaptchaVerifier {
  return {
    provider: captcha.provider,
    ...('createChallenge' in captcha ? { createChallenge: captcha.createChallenge } : {}),
    async verify(token, ip) {
      if (!token.startsWith(QUESTION_TOKEN_PREFIX)) return captcha.verify(token, ip)
      if (!questionsAccepted(captcha, options)) return false
      const cut = token.lastIndexOf('.')
      let answer: string
      try {
        answer = fromBase64url(token.slice(cut + 1))
      } catch {
        return false
      }
      return questions.verify(token.slice(0, cut), answer, ip)
    },
  }
}

/** Whether questions stand in for the browser captcha: always, but beside reCAPTCHA only when configured so. */
export function questionsAccepted(captcha: CaptchaVerifier, options: { acceptWithRecaptcha?: boolean }): boolean {
  return captcha.provider !== 'recaptcha' || options.acceptWithRecaptcha === true
}
