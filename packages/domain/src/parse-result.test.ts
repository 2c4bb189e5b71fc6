import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FORM_FIELD, joinParseFailures, toIssueField, toParseFailure, toParseResult, withoutFieldErrors } from './parse-result.ts'

describe('toIssueField', () => {
  it.each([
    [['contact_address', 'suggestion_id'], ['contact_address'], 'contact_address'],
    [['contacts', 0, 'name'], ['contacts'], 'contacts'],
    [['property_criteria', 'min_price'], ['property_criteria', 'property_criteria.min_price'], 'property_criteria.min_price'],
    [['property_criteria', 'furnishing'], ['property_criteria', 'property_criteria.min_price'], 'property_criteria'],
    [['a', 'b'], [], 'a.b'],
    [['contactsx'], ['contacts'], 'contactsx'],
    [[], ['a'], FORM_FIELD],
  ] as const)('%j with %j → %s', (path, order, field) => {
    expect(toIssueField(path, order)).toBe(field)
  })
})

describe('toParseResult', () => {
  const schema = z.object({ b: z.string().min(2, 'B short'), a: z.string().min(2, 'A short').max(1, 'A long'), c: z.number() })
  it('passes the data through on success', () => {
    expect(toParseResult(z.object({ a: z.string() }).safeParse({ a: 'x' }))).toEqual({ success: true, data: { a: 'x' } })
  })
  it('orders fields by the given order and keeps the check order within a field', () => {
    const result = toParseResult(schema.safeParse({ b: '', a: 'x', c: 1 }), ['a', 'b'])
    expect(result).toEqual({
      success: false,
      message: 'A short',
      field: 'a',
      errors: { a: ['A short'], b: ['B short'] },
    })
    expect(Object.keys(result.success ? {} : result.errors)).toEqual(['a', 'b'])
  })
  it('puts unlisted fields after listed ones, in zod order', () => {
    const result = toParseResult(schema.safeParse({ b: '', a: 'x' }), ['c'])
    expect(result.success ? [] : Object.keys(result.errors)).toEqual(['c', 'b', 'a'])
  })
  it('reports a whole-input issue under the form field', () => {
    const result = toParseResult(z.string({ error: 'Text needed' }).safeParse(3))
    expect(result).toEqual({ success: false, message: 'Text needed', field: 'form', errors: { form: ['Text needed'] } })
  })
  it('lists a repeated message once', () => {
    const twice = z.object({ a: z.object({ x: z.string('Pick one'), y: z.string('Pick one') }) })
    const result = toParseResult(twice.safeParse({ a: {} }), ['a'])
    expect(result.success ? null : result.errors).toEqual({ a: ['Pick one'] })
  })
})

describe('joinParseFailures', () => {
  const a = toParseFailure([
    { field: 'type', message: 'Choose a type' },
    { field: 'type', message: 'Choose a type' },
    { field: 'beds', message: 'Choose bedrooms' },
  ])
  const b = toParseFailure([
    { field: 'email', message: 'Enter an e-mail' },
    { field: 'beds', message: 'Too many' },
  ])

  it('is null when both checks passed, and the one failure when only one failed', () => {
    expect(joinParseFailures(null, null)).toBeNull()
    expect(joinParseFailures(null, b)).toEqual(b)
    expect(joinParseFailures(a, null)).toEqual(a)
  })

  it("shows the first check's first message, and keeps every field's messages in order, each once", () => {
    expect(joinParseFailures(a, b)).toEqual({
      success: false,
      field: 'type',
      message: 'Choose a type',
      errors: { type: ['Choose a type'], beds: ['Choose bedrooms', 'Too many'], email: ['Enter an e-mail'] },
    })
  })

  it('has nothing to say of an empty list', () => {
    expect(toParseFailure([])).toBeNull()
  })
})

describe('withoutFieldErrors', () => {
  it("drops the fields' messages, and answers the same object when they had none", () => {
    const errors = { name: ['Name is required'], email: ['Enter an e-mail'] }
    expect(withoutFieldErrors(errors, ['name'])).toEqual({ email: ['Enter an e-mail'] })
    expect(withoutFieldErrors(errors, ['surname'])).toBe(errors)
  })
})
