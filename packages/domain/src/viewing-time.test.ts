import { describe, expect, it } from 'vitest'
import {
  VIEWING_FIRST_HOUR,
  VIEWING_LAST_HOUR,
  defaultViewingTime,
  fromLondonWallClock,
  isViewingTimeInFuture,
  isWithinViewingHours,
  parseViewingTimeValue,
  toLondonDate,
  toLondonWallClock,
  toViewingInstant,
  toDateTimeText,
  toViewingTimeText,
  toViewingTimeValue,
} from './viewing-time.ts'

describe('defaultViewingTime (SPEC §5: about one hour ahead, within 07:00–19:00)', () => {
  it.each([
    ['summer morning, rounded up to the quarter', '2026-07-01T09:10:00Z', '2026-07-01T11:15'],
    ['on the quarter already', '2026-07-01T09:00:00Z', '2026-07-01T11:00'],
    ['seconds past the quarter round up', '2026-07-01T09:00:01Z', '2026-07-01T11:15'],
    ['the window closes at 19:00 exactly', '2026-07-01T16:55:00Z', '2026-07-01T19:00'],
    ['after the window: next day 09:00', '2026-07-01T17:10:00Z', '2026-07-02T09:00'],
    ['before the window: 09:00 the same day', '2026-07-01T04:30:00Z', '2026-07-01T09:00'],
    ['near the window opening stays one hour ahead', '2026-07-01T05:10:00Z', '2026-07-01T07:15'],
    ['late evening on new year’s eve rolls into the new year', '2026-12-31T19:30:00Z', '2027-01-01T09:00'],
    ['winter (GMT) morning', '2026-01-10T10:20:00Z', '2026-01-10T11:30'],
    ['winter early morning', '2026-01-10T05:45:00Z', '2026-01-10T09:00'],
    ['just before midnight', '2026-07-01T22:50:00Z', '2026-07-02T09:00'],
  ])('%s: %s → %s', (_case, now, expected) => {
    expect(defaultViewingTime(new Date(now))).toBe(expected)
  })
})

describe('isWithinViewingHours', () => {
  it.each([
    [6, 59, false],
    [7, 0, true],
    [12, 30, true],
    [18, 59, true],
    [19, 0, true],
    [19, 1, false],
    [23, 0, false],
  ])('%i:%i → %s', (hour, minute, ok) => {
    expect(isWithinViewingHours({ hour, minute })).toBe(ok)
  })
  it('uses hours 07 and 19', () => {
    expect([VIEWING_FIRST_HOUR, VIEWING_LAST_HOUR]).toEqual([7, 19])
  })
})

describe('toViewingTimeText', () => {
  it("writes a viewing time as people do: 'Sunday 29 November 2026, 9:00'", () => {
    expect(toViewingTimeText('2026-11-29T09:00')).toBe('Sunday 29 November 2026, 9:00')
    expect(toViewingTimeText('2027-02-01 17:45')).toBe('Monday 1 February 2027, 17:45')
    expect(toViewingTimeText('not a time')).toBe('not a time')
  })
})

describe('toDateTimeText', () => {
  it("writes a moment on London's clock, winter and summer: 'Sunday 29 November 2026, 9:00'", () => {
    expect(toDateTimeText(new Date('2026-11-29T09:00:00Z'))).toBe('Sunday 29 November 2026, 9:00')
    expect(toDateTimeText(new Date('2026-07-01T16:05:00Z'))).toBe('Wednesday 1 July 2026, 17:05')
    expect(toDateTimeText(new Date('2026-12-31T23:59:00Z'))).toBe('Thursday 31 December 2026, 23:59')
  })
})

describe('parseViewingTimeValue', () => {
  it.each([
    ['2026-07-01T10:30', { year: 2026, month: 7, day: 1, hour: 10, minute: 30 }],
    ['2026-07-01 10:30', { year: 2026, month: 7, day: 1, hour: 10, minute: 30 }],
    ['2026-07-01T10:30:00', { year: 2026, month: 7, day: 1, hour: 10, minute: 30 }],
    ['2028-02-29T10:30', { year: 2028, month: 2, day: 29, hour: 10, minute: 30 }],
    ['2026-02-29T10:30', null],
    ['2026-13-01T10:30', null],
    ['2026-07-01T24:00', null],
    ['2026-07-01T10:60', null],
    ['2026-07-01T10:30:15', null],
    ['tomorrow', null],
  ])('%s → %j', (value, wc) => {
    expect(parseViewingTimeValue(value)).toEqual(wc)
  })
  it('writes a wall clock back with zero padding', () => {
    expect(toViewingTimeValue({ year: 2026, month: 3, day: 5, hour: 7, minute: 5 })).toBe('2026-03-05T07:05')
  })
})

describe('London time', () => {
  it.each([
    ['BST', { year: 2026, month: 7, day: 1, hour: 10, minute: 0 }, '2026-07-01T09:00:00.000Z'],
    ['GMT', { year: 2026, month: 1, day: 15, hour: 10, minute: 0 }, '2026-01-15T10:00:00.000Z'],
    ['the repeated autumn hour takes the BST reading', { year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, '2026-10-25T00:30:00.000Z'],
    ['the skipped spring hour reads one hour later', { year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, '2026-03-29T01:30:00.000Z'],
    ['just after the spring change', { year: 2026, month: 3, day: 29, hour: 2, minute: 0 }, '2026-03-29T01:00:00.000Z'],
  ])('%s', (_case, wc, iso) => {
    expect(fromLondonWallClock(wc).toISOString()).toBe(iso)
  })
  it('reads the wall clock of a moment', () => {
    expect(toLondonWallClock(new Date('2026-07-01T23:30:00Z'))).toEqual({ year: 2026, month: 7, day: 2, hour: 0, minute: 30 })
    // The agency's date: past 23:00 UTC in summer is the next day in London, not in winter.
    expect(toLondonDate(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02')
    expect(toLondonDate(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01')
  })
  it('gives the moment of a value, and whether it is after now', () => {
    expect(toViewingInstant('2026-07-01T10:00')?.toISOString()).toBe('2026-07-01T09:00:00.000Z')
    expect(toViewingInstant('nonsense')).toBeNull()
    const now = new Date('2026-07-01T09:00:00Z')
    expect(isViewingTimeInFuture('2026-07-01T10:01', now)).toBe(true)
    expect(isViewingTimeInFuture('2026-07-01T10:00', now)).toBe(false)
    expect(isViewingTimeInFuture('nonsense', now)).toBe(false)
  })
})
