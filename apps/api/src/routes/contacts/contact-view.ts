export { ContactViewSchema, type ContactView } from '@agency/domain'
import { toAvatar, type ContactView } from '@agency/domain'
import {
  contactApplicants,
  contactProfiles,
  contacts,
  contactSubscriptions,
  type Db,
} from '@agency/db'
import { asc, desc, eq } from 'drizzle-orm'
import { communicationInfosOf, contactAddressesOf } from '#app/queries/contact-parts.ts'

/** A contact with everything SPEC §3 lists, or null when there is no such contact. */
export async function getContactView(db: Db, contactId: number, activeApplicantId: number | null): Promise<ContactView | null> {
  const [contact] = await db.select().from(contacts).where(eq(contacts.contact_id, contactId))
  if (!contact) return null
  const [profiles, infos, addresses, subscriptions, applicants] = await Promise.all([
    db
      .select({ profile_id: contactProfiles.profile_id })
      .from(contactProfiles)
      .where(eq(contactProfiles.contact_id, contactId))
      .orderBy(asc(contactProfiles.profile_id)),
    communicationInfosOf(db, contactId),
    contactAddressesOf(db, contactId),
    db
      .select({ subscription_type_id: contactSubscriptions.subscription_type_id })
      .from(contactSubscriptions)
      .where(eq(contactSubscriptions.contact_id, contactId))
      .orderBy(asc(contactSubscriptions.subscription_type_id)),
    db
      .select({
        contact_applicant_id: contactApplicants.contact_applicant_id,
        applicant_key: contactApplicants.applicant_key,
        profile_id: contactApplicants.profile_id,
        contact_applicant_status_id: contactApplicants.contact_applicant_status_id,
        created_at: contactApplicants.created_at,
      })
      .from(contactApplicants)
      .where(eq(contactApplicants.contact_id, contactId))
      .orderBy(desc(contactApplicants.created_at), desc(contactApplicants.contact_applicant_id)),
  ])
  return {
    contact_id: contact.contact_id,
    salutation_id: contact.salutation_id,
    name: contact.name,
    surname: contact.surname,
    avatar: toAvatar(contact.salutation_id),
    contact_profiles: profiles.map((p) => p.profile_id),
    communication_infos: infos,
    contact_addresses: addresses,
    contact_source_id: contact.contact_source_id,
    subscription_types: subscriptions.map((s) => s.subscription_type_id),
    applicants: applicants.map((a) => ({ ...a, created_at: a.created_at.toISOString() })),
    active_contact_applicant_id: activeApplicantId,
  }
}
