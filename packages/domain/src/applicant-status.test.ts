import { describe, expect, it } from 'vitest'
import {
  applicantListReducer,
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
