import { describe, expect, it } from 'vitest'
import { ID_MAX, ID_MESSAGE, parseIdSegment } from './ids.ts'
import { IdSchema } from './ids.schema.ts'

describe('ID_MAX', () => {
  it("is PostgreSQL's integer maximum", () => {
    expect(ID_MAX).toBe(2_147_483_647)
  })
})

describe('parseIdSegment', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['001', 1],
    ['0042', 42],
    ['2147483647', 2_147_483_647],
    ['0002147483647', 2_147_483_647],
  ])('reads %j as %i', (segment, id) => {
    expect(parseIdSegment(segment)).toBe(id)
  })

  it.each(['', '0', '00', '2147483648', '9007199254740991', '99999999999999999999999', '-1', '+1', ' 1', '1 ', '0x1', '1e2', '1.0', '1.5', 'Infinity', 'NaN', '١', 'abc'])(
    'names no record for %j',
    (segment) => {
      expect(parseIdSegment(segment)).toBeNull()
    },
  )
})

describe('IdSchema', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2_147_483_647],
  ])('takes %j as %i', (value, id) => {
    expect(IdSchema.parse(value)).toBe(id)
  })

  it.each(['0x1', '1e2', '+1', ' 1', '1 ', '001', '0', '00', '-1', '1.0', '1.5', '', '١', 'Infinity', '2147483648', '9007199254740991', '99999999999999999999', 7, 0, null, true])(
    'refuses %j with the message',
    (value) => {
      const result = IdSchema.safeParse(value)
      expect(result.success).toBe(false)
      if (typeof value === 'string') expect(new Set(result.error?.issues.map((issue) => issue.message))).toEqual(new Set([ID_MESSAGE]))
    },
  )

  it('says what an id is', () => {
    expect(ID_MESSAGE).toBe('An id must be a positive whole number written in decimal digits.')
  })
})
