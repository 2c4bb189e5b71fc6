import type { ApplicantSummary, ContactView } from '@agency/api-client'
import { describe, expect, it } from 'vitest'
import { toApplicantProfile } from './applicant.server.ts'

const applicant = (id: number, profile_id: number, status = 1): ApplicantSummary => ({
  contact_applicant_id: id,
  applicant_key: `key-${id}`,
  profile_id,
  contact_applicant_status_id: status,
  created_at: '2026-11-01T09:00:00.000Z',
})

const contact = (over: Partial<ContactView>): ContactView => ({
  contact_id: 1,
  salutation_id: 3,
  name: 'James',
  surname: 'Whitaker',
  avatar: 'male',
  contact_profiles: [],
  communication_infos: [],
  contact_addresses: [],
  contact_source_id: 35,
  subscription_types: [],
  applicants: [],
  active_contact_applicant_id: null,
  ...over,
})

describe('toApplicantProfile', () => {
  it('takes the active applicant first (tenant 5 although the newest ON alert is a buyer)', () => {
    expect(toApplicantProfile(contact({ applicants: [applicant(2, 3), applicant(1, 5)], active_contact_applicant_id: 1 }))).toBe(5)
  })

  it('else the newest applicant that is ON', () => {
    expect(toApplicantProfile(contact({ applicants: [applicant(3, 5, 2), applicant(2, 3), applicant(1, 5)] }))).toBe(3)
  })

  it('takes the newest by its creation time, whatever the order of the list', () => {
    const dated = (id: number, profile: number, createdAt: string) => ({ ...applicant(id, profile), created_at: createdAt })
    const applicants = [dated(1, 3, '2026-10-01T09:00:00.000Z'), dated(2, 5, '2026-11-02T09:00:00.000Z'), dated(3, 2, '2026-12-01T09:00:00.000Z')]
    expect(toApplicantProfile(contact({ applicants }))).toBe(5)
  })

  it('else a buyer or tenant profile of the contact', () => {
    expect(toApplicantProfile(contact({ contact_profiles: [2, 5] }))).toBe(5)
  })

  it('answers null for a vendor or landlord without alerts', () => {
    expect(toApplicantProfile(contact({ contact_profiles: [2, 4] }))).toBeNull()
  })
})
