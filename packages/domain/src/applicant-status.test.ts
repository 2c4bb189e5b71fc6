import { describe, expect, it } from 'vitest'
import {
  applicantListReducer,
  findNewestActiveApplicant,
  findReplacementApplicant,
  getActiveApplicant,
  initApplicantList,
  isApplicantDisabled,
  toToggledStatus,
} from './applicant-status.ts'

const alert = (id: number, profile: number, status: number) => ({ contact_applicant_id: id, profile_id: profile, contact_applicant_status_id: status })
const list = [alert(1, 3, 1), alert(2, 5, 1), alert(3, 3, 2), alert(4, 3, 1)]

describe('applicant status (SPEC §4)', () => {
  it('replaces the changed applicant and says so', () => {
    const state = applicantListReducer(initApplicantList(list, 2), { type: 'statusChanged', applicant: alert(4, 3, 2) })
    expect(state.applicants).toEqual([alert(1, 3, 1), alert(2, 5, 1), alert(3, 3, 2), alert(4, 3, 2)])
    expect(state.activeApplicantId).toBe(2)
    expect(state.message).toBe('Alert has been updated')
  })

  it('makes the first ON applicant of the same profile active when the active one is switched off', () => {
    const state = applicantListReducer(initApplicantList(list, 1), { type: 'statusChanged', applicant: alert(1, 3, 2) })
    expect(state.activeApplicantId).toBe(4)
    expect(getActiveApplicant(state)).toEqual(alert(4, 3, 1))
  })

  it('leaves no active applicant when none of the profile is ON', () => {
    const state = applicantListReducer(initApplicantList(list, 2), { type: 'statusChanged', applicant: alert(2, 5, 2) })
    expect(state.activeApplicantId).toBeNull()
    expect(getActiveApplicant(state)).toBeUndefined()
  })

  it('keeps the active applicant when it is switched on', () => {
    const state = applicantListReducer(initApplicantList(list, 3), { type: 'statusChanged', applicant: alert(3, 3, 1) })
    expect(state.activeApplicantId).toBe(3)
  })

  it('re-enables and activates a disabled alert when selected', () => {
    const state = applicantListReducer(initApplicantList(list, 1), { type: 'alertSelected', contactApplicantId: 3 })
    expect(state.applicants[2]).toEqual(alert(3, 3, 1))
    expect(state.activeApplicantId).toBe(3)
    expect(state.message).toBe('Alert has been updated')
  })

  it('only activates an enabled alert when selected', () => {
    const state = applicantListReducer(initApplicantList(list, 1), { type: 'alertSelected', contactApplicantId: 2 })
    expect(state).toEqual({ applicants: list, activeApplicantId: 2, message: null })
  })

  it('ignores an unknown alert and dismisses the message', () => {
    const start = initApplicantList(list, 1)
    expect(applicantListReducer(start, { type: 'alertSelected', contactApplicantId: 99 })).toBe(start)
    const shown = applicantListReducer(start, { type: 'statusChanged', applicant: alert(4, 3, 2) })
    expect(applicantListReducer(shown, { type: 'messageDismissed' }).message).toBeNull()
    expect(applicantListReducer(shown, { type: 'loaded', applicants: [], activeApplicantId: null })).toEqual(initApplicantList())
  })

  it('reads and flips statuses', () => {
    expect(isApplicantDisabled(alert(1, 3, 2))).toBe(true)
    expect(toToggledStatus(alert(1, 3, 2))).toBe(1)
    expect(toToggledStatus(alert(1, 3, 1))).toBe(2)
    expect(findReplacementApplicant(list, alert(4, 3, 2))).toEqual(alert(1, 3, 1))
  })
})

describe('findNewestActiveApplicant (the applicant a new session starts with)', () => {
  const dated = (id: number, status: number, createdAt: string | Date) => ({ ...alert(id, 3, status), created_at: createdAt })

  it('is the newest applicant that is ON, whatever the order of the list', () => {
    const applicants = [
      dated(1, 1, '2026-01-01T09:00:00Z'),
      dated(2, 2, '2026-03-01T09:00:00Z'),
      dated(3, 1, '2026-02-01T09:00:00Z'),
      dated(4, 1, new Date('2025-12-01T09:00:00Z')),
    ]
    expect(findNewestActiveApplicant(applicants)?.contact_applicant_id).toBe(3)
    expect(findNewestActiveApplicant([...applicants].reverse())?.contact_applicant_id).toBe(3)
  })

  it('takes the higher id of two created at the same moment', () => {
    const at = '2026-01-01T09:00:00Z'
    expect(findNewestActiveApplicant([dated(7, 1, at), dated(9, 1, new Date(at)), dated(8, 1, at)])?.contact_applicant_id).toBe(9)
  })

  it('is undefined when no applicant is ON (status 2 is OFF)', () => {
    expect(findNewestActiveApplicant([dated(1, 2, '2026-01-01T09:00:00Z')])).toBeUndefined()
    expect(findNewestActiveApplicant([])).toBeUndefined()
  })
})
