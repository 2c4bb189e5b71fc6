import { describe, expect, it } from 'vitest'
import { CLOSED_TEXT, toBranchPageUrl, toClockText, toOpeningHoursLines } from './branch.ts'
import { toSearchParams, toUrlSlug } from './catalogue.ts'
import { OpeningHoursSchema, PropertySearchQuerySchema } from './catalogue.schema.ts'

describe('a branch page', () => {
  it('is addressed by id and a slug of its name', () => {
    expect(toBranchPageUrl({ id: 3, branchName: 'Reading' })).toBe('/branches/3/reading')
    expect(toBranchPageUrl({ id: 10, branchName: 'Newcastle upon Tyne' })).toBe('/branches/10/newcastle-upon-tyne')
    expect(toUrlSlug('King’s Lynn & Downham')).toBe('kings-lynn-downham')
  })

  it('writes times as a British reader does', () => {
    expect(toClockText('09:00')).toBe('9am')
    expect(toClockText('17:30')).toBe('5:30pm')
    expect(toClockText('12:00')).toBe('12pm')
    expect(toClockText('00:15')).toBe('12:15am')
  })

  it('groups neighbouring days with the same hours, Monday first, and names the closed days', () => {
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const
    expect(
      toOpeningHoursLines([
        { day: 'Saturday', opens: '09:00', closes: '16:00' },
        ...week.map((day) => ({ day, opens: '09:00', closes: day === 'Wednesday' ? '19:00' : '17:30' })),
      ]),
    ).toEqual([
      { days: 'Monday to Tuesday', hours: '9am to 5:30pm' },
      { days: 'Wednesday', hours: '9am to 7pm' },
      { days: 'Thursday to Friday', hours: '9am to 5:30pm' },
      { days: 'Saturday', hours: '9am to 4pm' },
      { days: 'Sunday', hours: CLOSED_TEXT },
    ])
  })

  it('says nothing of hours it does not know', () => {
    expect(toOpeningHoursLines([])).toEqual([])
  })

  it('refuses hours that are not a day and two times, one after the other', () => {
    expect(OpeningHoursSchema.safeParse({ day: 'Monday', opens: '09:00', closes: '17:30' }).success).toBe(true)
    expect(OpeningHoursSchema.safeParse({ day: 'Funday', opens: '09:00', closes: '17:30' }).success).toBe(false)
    expect(OpeningHoursSchema.safeParse({ day: 'Monday', opens: '9', closes: '17:30' }).success).toBe(false)
    expect(OpeningHoursSchema.safeParse({ day: 'Monday', opens: '17:30', closes: '09:00' }).success).toBe(false)
  })
})

describe("a search of one branch's properties", () => {
  it('reads branch_id as an id, none by default, and writes it back', () => {
    expect(PropertySearchQuerySchema.parse({}).branch_id).toBeNull()
    const query = PropertySearchQuerySchema.parse({ branch_id: '3' })
    expect(query.branch_id).toBe(3)
    expect(toSearchParams(query).get('branch_id')).toBe('3')
    expect(PropertySearchQuerySchema.parse({ branch_id: 3 }).branch_id).toBe(3)
    for (const bad of ['0x3', 'three', '-3', '03']) expect(PropertySearchQuerySchema.safeParse({ branch_id: bad }).success, bad).toBe(false)
  })
})
