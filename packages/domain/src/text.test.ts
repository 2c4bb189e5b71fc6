import { describe, expect, it } from 'vitest'
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacters, hasControlCharacters, lineText, multilineText } from './text.ts'

describe('hasControlCharacters', () => {
  it.each([
    ['a NUL byte', 'a\u0000b', true, true],
    ['a bell', '\u0007', true, true],
    ['an escape', 'x\u001b[31m', true, true],
    ['DEL', '\u007f', true, true],
    ['a tab', 'a\tb', true, false],
    ['a line feed', 'a\nb', true, false],
    ['a carriage return', 'a\r\nb', true, false],
    ['plain text', 'Harrogate HG1 2LE', false, false],
    ['accents and emoji', 'Bishop’s Stortford café 🏠', false, false],
    ['a non-breaking space', 'a\u00a0b', false, false],
  ])('%s: single line %s, multi-line %s', (_case, value, inLine, inMultiline) => {
    expect(hasControlCharacters(value)).toBe(inLine)
    expect(hasControlCharacters(value, { multiline: true })).toBe(inMultiline)
  })
})

describe('lineText and multilineText', () => {
  it('refuse a NUL byte with the message', () => {
    const result = lineText().safeParse('gb:town:\u0000')
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONTROL_CHARACTERS_MESSAGE])
    expect(multilineText().safeParse('a\u0000').success).toBe(false)
  })

  it('take line breaks only in a multi-line text', () => {
    expect(lineText().safeParse('a\nb').success).toBe(false)
    expect(multilineText().safeParse('a\nb\r\n\tc').success).toBe(true)
  })

  it('keep the string checks chained after them', () => {
    expect(lineText().trim().max(3).safeParse('  abc ').data).toBe('abc')
    expect(lineText().max(3).safeParse('abcd').success).toBe(false)
  })

  it('says so in the message', () => {
    expect(CONTROL_CHARACTERS_MESSAGE).toBe('This field must not contain control characters.')
  })
})

describe('findControlCharacters', () => {
  it('finds nothing in clean or non-text values', () => {
    expect(findControlCharacters({ a: 'x', b: [1, true, null, 'y\n'], c: { d: 'z\t' } })).toBeNull()
    expect(findControlCharacters(undefined)).toBeNull()
    expect(findControlCharacters(42)).toBeNull()
  })

  it('gives the path of the first bad string, at any depth', () => {
    expect(findControlCharacters('\u0000')).toEqual([])
    expect(findControlCharacters({ place_id: 'a\u0000' })).toEqual(['place_id'])
    expect(findControlCharacters({ answers: { note: ['ok', 'b\u0001'] } })).toEqual(['answers', 'note', 1])
  })

  it('refuses a bad object key', () => {
    expect(findControlCharacters({ answers: { 'k\u0000': 'v' } })).toEqual(['answers', 'k\u0000'])
  })

  it('walks 10,000 levels without running out of stack', () => {
    let deep: unknown = 'end\u0000'
    for (let i = 0; i < 10_000; i++) deep = [deep]
    expect(findControlCharacters(deep)).toHaveLength(10_000)
  })
})
