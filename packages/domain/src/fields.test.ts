import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CheckboxSchema,
  ContactNameSchema,
  OptionalEmailSchema,
  OptionalMobilePhoneSchema,
  RequiredMobilePhoneSchema,
  firstFailing,
  orderedText,
} from './fields.ts'

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? []

describe('firstFailing', () => {
  const schema = z.number().check(
    firstFailing<number>([
      [(n) => n > 0, 'positive'],
      [(n) => n % 2 === 0, 'even'],
    ]),
  )
  it.each([
    [-3, ['positive']],
    [3, ['even']],
    [4, []],
  ])('%i → %j', (value, expected) => {
    expect(messages(schema, value)).toEqual(expected)
  })
  it('does not stop form-level rules', () => {
    const form = z.object({ a: z.string().check(firstFailing<string>([[(v) => v !== '', 'A needed']])) }).superRefine((_v, ctx) => {
      ctx.addIssue({ code: 'custom', message: 'form rule', path: ['b'] })
    })
    expect(messages(form, { a: '' })).toEqual(['A needed', 'form rule'])
  })
})

describe('orderedText', () => {
  const schema = orderedText('Required', [[(v) => v.length > 0, 'Required']])
  it.each([
    [undefined, ['Required']],
    [null, ['Required']],
    [42, ['Required']],
    ['  ', ['Required']],
  ])('%j → %j', (value, expected) => {
    expect(messages(schema, value)).toEqual(expected)
  })
  it('trims the text', () => {
    expect(schema.parse('  Jane ')).toBe('Jane')
  })
})

describe('shared fields', () => {
  it.each([
    [OptionalEmailSchema, null, ''],
    [OptionalEmailSchema, ' jane@example.com ', 'jane@example.com'],
    [OptionalMobilePhoneSchema, undefined, ''],
    [ContactNameSchema, ' Al ', 'Al'],
  ])('reads %#', (schema, value, expected) => {
    expect(schema.parse(value)).toBe(expected)
  })
  it('reports one message per mobile input, in order', () => {
    expect(messages(RequiredMobilePhoneSchema, '')).toEqual(['Mobile phone is required'])
    expect(messages(RequiredMobilePhoneSchema, '0740')).toEqual(['Mobile phone must be at least 9 characters'])
    expect(messages(RequiredMobilePhoneSchema, '0113 496 0000')).toEqual(['Please enter a valid mobile phone number.'])
    expect(messages(ContactNameSchema, 'n'.repeat(101))).toEqual(['Name may not be greater than 100 characters.'])
  })
})

describe('CheckboxSchema', () => {
  it.each([
    [true, true],
    ['on', true],
    ['true', true],
    ['yes', true],
    ['1', true],
    [false, false],
    ['no', false],
    [undefined, false],
    ['', false],
  ])('%j → %s', (value, ticked) => {
    expect(CheckboxSchema.parse(value)).toBe(ticked)
  })
})
