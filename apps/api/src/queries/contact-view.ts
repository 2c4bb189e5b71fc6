export { ContactViewSchema, type ContactView } from '@agency/domain'
import { toAvatar, type ContactView } from '@agency/domain'
import { contacts, type Db } from '@agency/db'
import { eq, sql } from 'drizzle-orm'

/** An applicant of the contact as its JSON comes from the database (created_at as PostgreSQL writes it). */
interface ApplicantJson {
  contact_applicant_id: number
  applicant_key: string
  profile_id: number
  contact_applicant_status_id: number
  created_at: string
}

/**
 * A contact with everything SPEC §3 lists, or null when there is no such contact. One statement: the
 * lists as JSON beside the contact's row (every logged-in page asks for it, and on the embedded
 * database each statement has a cost of its own; six statements took 4.4 ms a call, see docs/performance.md).
 * Each list in the order of its own query before: profiles and subscriptions by id, e-mails and phones
 * in the order added, addresses in the contact's order, applicants newest first. The subqueries name
 * `contacts.contact_id` in full: Drizzle writes a column of a one-table select without its table, which
 * inside a subquery would be read as the subquery's own column.
 */
export async function getContactView(db: Db, contactId: number, activeApplicantId: number | null): Promise<ContactView | null> {
  const [contact] = await db
    .select({
      contact_id: contacts.contact_id,
      salutation_id: contacts.salutation_id,
      name: contacts.name,
      surname: contacts.surname,
      contact_source_id: contacts.contact_source_id,
      profiles: sql<number[]>`(select coalesce(json_agg(p.profile_id order by p.profile_id), '[]'::json)
        from contact_profiles p where p.contact_id = contacts.contact_id)`,
      infos: sql<ContactView['communication_infos']>`(select coalesce(json_agg(json_build_object(
          'value', i.value, 'preferred', i.preferred, 'communication_method_id', i.communication_method_id
        ) order by i.communication_info_id), '[]'::json)
        from communication_infos i where i.contact_id = contacts.contact_id)`,
      addresses: sql<ContactView['contact_addresses']>`(select coalesce(json_agg(json_build_object(
          'contact_address_id', a.contact_address_id, 'display_name', a.display_name,
          'address_line_1', a.address_line_1, 'address_line_2', a.address_line_2, 'town', a.town,
          'county', a.county, 'postcode', a.postcode, 'lat', a.lat, 'lng', a.lng
        ) order by a.position, a.contact_address_id), '[]'::json)
        from contact_addresses a where a.contact_id = contacts.contact_id)`,
      subscriptions: sql<number[]>`(select coalesce(json_agg(s.subscription_type_id order by s.subscription_type_id), '[]'::json)
        from contact_subscriptions s where s.contact_id = contacts.contact_id)`,
      applicants: sql<ApplicantJson[]>`(select coalesce(json_agg(json_build_object(
          'contact_applicant_id', c.contact_applicant_id, 'applicant_key', c.applicant_key, 'profile_id', c.profile_id,
          'contact_applicant_status_id', c.contact_applicant_status_id, 'created_at', c.created_at
        ) order by c.created_at desc, c.contact_applicant_id desc), '[]'::json)
        from contact_applicants c where c.contact_id = contacts.contact_id)`,
    })
    .from(contacts)
    .where(eq(contacts.contact_id, contactId))
  if (!contact) return null
  return {
    contact_id: contact.contact_id,
    salutation_id: contact.salutation_id,
    name: contact.name,
    surname: contact.surname,
    avatar: toAvatar(contact.salutation_id),
    contact_profiles: contact.profiles,
    communication_infos: contact.infos,
    contact_addresses: contact.addresses,
    contact_source_id: contact.contact_source_id,
    subscription_types: contact.subscriptions,
    applicants: contact.applicants.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() })),
    active_contact_applicant_id: activeApplicantId,
  }
}
