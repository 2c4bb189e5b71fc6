import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CAPTCHA_QUESTION_KINDS, createCaptchaQuestion, numberInWords, solveCaptchaQuestion, toCanonicalAnswer } from './captcha-questions.ts'

describe('the captcha questions of forms sent without JavaScript', () => {
  const questions = Array.from({ length: 3000 }, () => createCaptchaQuestion(randomInt))

  it('rotate through kinds and phrasings, not sums of two digits', () => {
    expect(CAPTCHA_QUESTION_KINDS).toBeGreaterThanOrEqual(8)
    const openings = new Set(questions.map((q) => q.text.split(' ').slice(0, 2).join(' ')))
    expect(openings.size).toBeGreaterThanOrEqual(12)
    expect(questions.filter((q) => /^What is \w+ plus \w+\?$/.test(q.text))).toEqual([])
    // No single pattern of the old kind answers more than a small share.
    expect(questions.filter((q) => /(\w+) (?:plus|add) (\w+)/.test(q.text)).length / questions.length).toBeLessThan(0.1)
    expect(new Set(questions.map((q) => q.text)).size).toBeGreaterThan(1000)
  })

  it('ask which word does not belong only among words of one category', () => {
    const odd = questions.filter((q) => /not (a fruit|a colour|an animal|a tool)/.test(q.text))
    expect(odd.length).toBeGreaterThan(100)
    for (const q of odd) expect(q.text).not.toMatch(/\b(orange|plum|lemon|cherry)\b/)
  })

  it('are answered as a person reads them', () => {
    for (const q of questions) expect(toCanonicalAnswer(solveCaptchaQuestion(q.text) ?? ''), q.text).toBe(q.answer)
  })

  it('compare answers without case, quotes, a full stop or the way a number is written', () => {
    expect(toCanonicalAnswer(' ‘Ruobrah’. ')).toBe('ruobrah')
    expect(toCanonicalAnswer('Forty-Two')).toBe('42')
    expect(toCanonicalAnswer('forty two')).toBe('42')
    expect(toCanonicalAnswer('042')).toBe('42')
    expect(toCanonicalAnswer('Tuesday!')).toBe('tuesday')
    expect(numberInWords(70)).toBe('seventy')
    expect(numberInWords(99)).toBe('ninety-nine')
  })
})
