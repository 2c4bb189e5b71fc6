import { describe, expect, it } from 'vitest'
import { DEFAULT_DIGEST_SCHEDULE, DigestScheduleSchema, lastDigestAt, toInstantWindowMs } from './alert-delivery.ts'

const last = (now: string, frequency: 'daily' | 'weekly', hour = 8) =>
  lastDigestAt(new Date(now), frequency, { ...DEFAULT_DIGEST_SCHEDULE, hour }).toISOString()

describe('digest times (08:00 UK time; weekly on Mondays)', () => {
  it('daily: today at 08:00 once it has passed, otherwise yesterday, in winter (GMT)', () => {
    expect(last('2026-11-24T10:00:00Z', 'daily')).toBe('2026-11-24T08:00:00.000Z')
    expect(last('2026-11-24T08:00:00Z', 'daily')).toBe('2026-11-24T08:00:00.000Z')
    expect(last('2026-11-24T07:59:59Z', 'daily')).toBe('2026-11-23T08:00:00.000Z')
  })

  it('daily in summer (BST): 08:00 local is 07:00 UTC', () => {
    expect(last('2026-07-01T07:30:00Z', 'daily')).toBe('2026-07-01T07:00:00.000Z')
    expect(last('2026-07-01T06:59:00Z', 'daily')).toBe('2026-06-30T07:00:00.000Z')
  })

  it('daily across the change to summer time (29 March 2026) and back (25 October 2026)', () => {
    expect(last('2026-03-29T07:00:00Z', 'daily')).toBe('2026-03-29T07:00:00.000Z')
    expect(last('2026-03-29T06:59:00Z', 'daily')).toBe('2026-03-28T08:00:00.000Z')
    expect(last('2026-10-25T08:00:00Z', 'daily')).toBe('2026-10-25T08:00:00.000Z')
    expect(last('2026-10-25T07:30:00Z', 'daily')).toBe('2026-10-24T07:00:00.000Z')
  })

  it('weekly: the latest Monday at 08:00, across a clock change', () => {
    expect(last('2026-11-24T10:00:00Z', 'weekly')).toBe('2026-11-23T08:00:00.000Z')
    expect(last('2026-11-23T07:59:00Z', 'weekly')).toBe('2026-11-16T08:00:00.000Z')
    expect(last('2026-11-22T23:00:00Z', 'weekly')).toBe('2026-11-16T08:00:00.000Z')
    expect(last('2026-03-30T07:00:00Z', 'weekly')).toBe('2026-03-30T07:00:00.000Z')
    expect(last('2026-03-30T06:30:00Z', 'weekly')).toBe('2026-03-23T08:00:00.000Z')
    expect(last('2026-10-26T09:00:00Z', 'weekly')).toBe('2026-10-26T08:00:00.000Z')
    expect(last('2026-10-26T07:30:00Z', 'weekly')).toBe('2026-10-19T07:00:00.000Z')
  })

  it('an hour the clocks skip falls an hour later; another day and hour can be chosen', () => {
    // 01:00 on 29 March 2026 does not exist in London: the digest goes at 02:00 BST (01:00 UTC).
    expect(last('2026-03-29T05:00:00Z', 'daily', 1)).toBe('2026-03-29T01:00:00.000Z')
    expect(last('2026-03-29T00:30:00Z', 'daily', 1)).toBe('2026-03-28T01:00:00.000Z')
    const friday = lastDigestAt(new Date('2026-11-24T10:00:00Z'), 'weekly', { timeZone: 'Europe/London', hour: 18, weekday: 5 })
    expect(friday.toISOString()).toBe('2026-11-20T18:00:00.000Z')
  })

  it('checks a schedule', () => {
    expect(DigestScheduleSchema.safeParse(DEFAULT_DIGEST_SCHEDULE).success).toBe(true)
    expect(DigestScheduleSchema.safeParse({ ...DEFAULT_DIGEST_SCHEDULE, hour: 24 }).success).toBe(false)
    expect(DigestScheduleSchema.safeParse({ ...DEFAULT_DIGEST_SCHEDULE, timeZone: 'Europe/Nowhere' }).success).toBe(false)
  })

  it('caps the instant batch window at five minutes', () => {
    expect(toInstantWindowMs(60_000)).toBe(60_000)
    expect(toInstantWindowMs(600_000)).toBe(300_000)
    expect(toInstantWindowMs(-1)).toBe(0)
  })
})
