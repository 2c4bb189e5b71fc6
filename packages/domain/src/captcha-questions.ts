/*
 * The questions a form sent without JavaScript asks in place of the browser's captcha. A rotating set
 * of kinds, each with a few phrasings and random words, so that no one pattern answers them: a robot
 * must be written for this site and its whole set. That is no wall against a programmer who reads
 * this file, and it is not meant to be one: what holds is that a question is issued only inside a
 * page's form, is answered once, and that an address may answer only a few an hour (far fewer than
 * the proof-of-work path allows), and never where reCAPTCHA is configured unless the site says so.
 * The texts live here once; the API draws from them and the tests answer them (solveCaptchaQuestion).
 */

import { withIndefiniteArticle } from './format.ts'

const WORDS = [
  'harbour', 'garden', 'window', 'kettle', 'pillow', 'meadow', 'lantern', 'bridge', 'candle', 'basket', 'ladder', 'pencil',
  'castle', 'market', 'button', 'mirror', 'thunder', 'orchard', 'village', 'blanket', 'cottage', 'chimney', 'hedgerow', 'station',
] as const

/** Words of one category only: no 'orange', 'plum' or 'lemon', which are fruits and colours both. */
const CATEGORIES: Record<string, readonly string[]> = {
  fruit: ['apple', 'pear', 'banana', 'grape', 'mango', 'kiwi', 'melon', 'strawberry'],
  colour: ['red', 'green', 'blue', 'yellow', 'purple', 'pink', 'brown', 'grey'],
  animal: ['horse', 'sheep', 'rabbit', 'badger', 'otter', 'fox', 'goat', 'mouse'],
  tool: ['hammer', 'spanner', 'chisel', 'saw', 'drill', 'trowel', 'rake', 'spade'],
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'] as const
const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'] as const
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'] as const

/** 0 to 99 in words: 'forty-two'. */
export function numberInWords(n: number): string {
  if (n < 20) return ONES[n]!
  const ten = TENS[Math.floor(n / 10)]!
  return n % 10 === 0 ? ten : `${ten}-${ONES[n % 10]}`
}

/** A number from 0 to 99 written in words ('forty two', 'Forty-Two'), else null. */
function wordsToNumber(text: string): number | null {
  const parts = text.split(/[\s-]+/).filter(Boolean)
  if (parts.length === 1) {
    const one = (ONES as readonly string[]).indexOf(parts[0]!)
    if (one !== -1) return one
    const ten = (TENS as readonly string[]).indexOf(parts[0]!)
    return ten >= 2 ? ten * 10 : null
  }
  if (parts.length === 2) {
    const ten = (TENS as readonly string[]).indexOf(parts[0]!)
    const one = (ONES as readonly string[]).indexOf(parts[1]!)
    return ten >= 2 && one >= 1 && one <= 9 ? ten * 10 + one : null
  }
  return null
}

/**
 * An answer as it is compared: lower case, without quotes, a final full stop or extra spaces, and a
 * number in words written in digits ('Forty-two.' → '42').
 */
export function toCanonicalAnswer(answer: string): string {
  const text = answer
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’“”"'`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[.!?,;:]+$/, '')
  if (/^\d{1,4}$/.test(text)) return String(Number(text))
  const number = wordsToNumber(text)
  return number === null ? text : String(number)
}

/** A question and its answer (in toCanonicalAnswer's form). */
export interface CaptchaQuestion {
  text: string
  answer: string
}

/** A random whole number from `min` to `max - 1`. */
export type RandomInt = (min: number, max: number) => number

const pick = <T>(items: readonly T[], random: RandomInt): T => items[random(0, items.length)]!

/** Distinct items of a list, in random order. */
function pickSome<T>(items: readonly T[], count: number, random: RandomInt): T[] {
  const left = [...items]
  const chosen: T[] = []
  while (chosen.length < count && left.length > 0) chosen.push(left.splice(random(0, left.length), 1)[0]!)
  return chosen
}

type Kind = (random: RandomInt) => CaptchaQuestion

const KINDS: readonly Kind[] = [
  (random) => {
    const word = pick(WORDS, random)
    const text = pick([`Type the word ‘${word}’ backwards.`, `Write ‘${word}’ with its letters in reverse order.`], random)
    return { text, answer: [...word].reverse().join('') }
  },
  (random) => {
    const [category, other] = pickSome(Object.keys(CATEGORIES), 2, random) as [string, string]
    const members = pickSome(CATEGORIES[category]!, 3, random)
    const intruder = pick(CATEGORIES[other]!, random)
    const list = [...members]
    list.splice(random(0, 4), 0, intruder)
    const text = pick([`Which of these is not ${withIndefiniteArticle(category)}: ${list.join(', ')}?`, `One of ${list.join(', ')} is not ${withIndefiniteArticle(category)}. Which one?`], random)
    return { text, answer: intruder }
  },
  (random) => {
    const word = pick(WORDS, random)
    const index = random(0, ORDINALS.length)
    const text = pick([`What is the ${ORDINALS[index]} letter of the word ‘${word}’?`, `Which letter comes ${ORDINALS[index]} in ‘${word}’?`], random)
    return { text, answer: word[index]! }
  },
  (random) => {
    const day = random(0, 7)
    if (random(0, 2) === 0) return { text: pick([`Which day of the week comes after ${DAYS[day]}?`, `If today is ${DAYS[day]}, what day is tomorrow?`], random), answer: DAYS[(day + 1) % 7]!.toLowerCase() }
    return { text: pick([`Which day of the week comes before ${DAYS[day]}?`, `If today is ${DAYS[day]}, what day was yesterday?`], random), answer: DAYS[(day + 6) % 7]!.toLowerCase() }
  },
  (random) => {
    const n = random(21, 100)
    return { text: pick([`Write the number ${numberInWords(n)} in digits.`, `How is ${numberInWords(n)} written in figures?`], random), answer: String(n) }
  },
  (random) => {
    const a = random(11, 60)
    const b = random(2, 10)
    if (random(0, 2) === 0) return { text: pick([`What is ${numberInWords(a)} take away ${numberInWords(b)}?`, `Subtract ${numberInWords(b)} from ${numberInWords(a)}: what is left?`], random), answer: String(a - b) }
    return { text: pick([`What is ${numberInWords(a)} add ${numberInWords(b)}?`, `Add ${numberInWords(b)} to ${numberInWords(a)}: what do you get?`], random), answer: String(a + b) }
  },
  (random) => {
    const word = pick(WORDS, random)
    return { text: pick([`How many letters are in the word ‘${word}’?`, `Count the letters of ‘${word}’: how many are there?`], random), answer: String(word.length) }
  },
  (random) => {
    const words = pickSome(WORDS, 4, random)
    const index = random(0, 2) === 0 ? 0 : 3
    const position = index === 0 ? 'first' : 'last'
    return { text: pick([`Which is the ${position} word of ‘${words.join(' ')}’?`, `In ‘${words.join(' ')}’, which word comes ${position}?`], random), answer: words[index]! }
  },
  (random) => {
    const month = random(0, 12)
    if (random(0, 2) === 0) return { text: `Which month comes after ${MONTHS[month]}?`, answer: MONTHS[(month + 1) % 12]!.toLowerCase() }
    return { text: `Which month comes before ${MONTHS[month]}?`, answer: MONTHS[(month + 11) % 12]!.toLowerCase() }
  },
]

/** How many kinds of question the set rotates through. */
export const CAPTCHA_QUESTION_KINDS = KINDS.length

/** A random question of a random kind. */
export function createCaptchaQuestion(random: RandomInt): CaptchaQuestion {
  return pick(KINDS, random)(random)
}

const QUOTED = /‘([^’]+)’/

/**
 * The answer to a question of this set, worked out from its text as a person would (for the tests,
 * which must answer the questions as visitors do); null for a text not of the set.
 */
export function solveCaptchaQuestion(text: string): string | null {
  const quoted = QUOTED.exec(text)?.[1]
  const numbers = [...text.matchAll(/\b((?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?|[a-z]+teen|eleven|twelve|ten|one|two|three|four|five|six|seven|eight|nine|zero)\b/g)].map((m) => wordsToNumber(m[1]!))
  if (/backwards|reverse order/.test(text) && quoted) return [...quoted].reverse().join('')
  const category = /not an? (\w+)/.exec(text)?.[1]
  if (category && CATEGORIES[category]) {
    const list = /(?::|One of) ([a-z, ]+?)(?:\?| is not)/.exec(text)?.[1]?.split(', ') ?? []
    return list.find((word) => !CATEGORIES[category]!.includes(word)) ?? null
  }
  const ordinal = ORDINALS.findIndex((o) => new RegExp(`\\b${o}\\b`).test(text))
  if (/letter of|letter comes/.test(text) && quoted && ordinal !== -1) return quoted[ordinal] ?? null
  const day = DAYS.findIndex((d) => text.includes(d))
  if (day !== -1) return DAYS[(/after|tomorrow/.test(text) ? day + 1 : day + 6) % 7]!.toLowerCase()
  const month = MONTHS.findIndex((m) => text.includes(m))
  if (month !== -1) return MONTHS[(/after/.test(text) ? month + 1 : month + 11) % 12]!.toLowerCase()
  if (/in digits|in figures/.test(text)) return numbers[0] === null || numbers[0] === undefined ? null : String(numbers[0])
  if (/How many letters|Count the letters/.test(text) && quoted) return String(quoted.length)
  if (/ word of | which word comes /i.test(text) && quoted) {
    const words = quoted.split(' ')
    return /\bfirst\b/.test(text) ? words[0]! : words.at(-1)!
  }
  const [x, y] = numbers
  if (x === null || y === null || x === undefined || y === undefined) return null
  if (text.startsWith('What is') && text.includes('take away')) return String(x - y)
  if (text.startsWith('Subtract')) return String(y - x)
  if (text.startsWith('What is') && text.includes(' add ')) return String(x + y)
  if (text.startsWith('Add')) return String(x + y)
  return null
}
