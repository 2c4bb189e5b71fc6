import { describe, expect, it } from 'vitest'
import { getUpdateAlertEntry } from './update-alert-entry.ts'

const a = { applicant_key: 'aaa111' }
const b = { applicant_key: 'bbb222' }

describe('getUpdateAlertEntry (SPEC §2)', () => {
  it.each([
    ['a visitor', false, [a]],
    ['a contact with no alert', true, []],
  ])('sends %s to register', (_case, isLoggedIn, applicants) => {
    expect(getUpdateAlertEntry({ isLoggedIn, applicants })).toEqual({ kind: 'register', path: '/heads-up-alerts/register' })
  })
  it('sends a contact with one alert straight to its update page', () => {
    expect(getUpdateAlertEntry({ isLoggedIn: true, applicants: [a] })).toEqual({ kind: 'update', path: '/heads-up-alerts/profiles/aaa111', applicant: a })
  })
  it('lets a contact with several alerts choose', () => {
    expect(getUpdateAlertEntry({ isLoggedIn: true, applicants: [a, b] })).toEqual({
      kind: 'choose',
      title: 'Please select the alert you want to update',
      createLabel: 'Create new alert',
      applicants: [a, b],
      registerPath: '/heads-up-alerts/register',
    })
  })
})
