import {
  APPLICANT_PROFILE,
  AlertCriteriaSchema,
  toAvatar,
  type AlertProfileId,
  type ApplicantContactView,
  type ApplicantQuestion,
  type ApplicantView,
  type ContactQuestionType,
  type SubscriptionType,
} from '@agency/domain'
import {
  contactApplicantContacts,
  contactApplicants,
  contactProfiles,
  contactQuestionOptions,
  contactQuestions,
  contacts,
  contactSubscriptions,
  subscriptionTypes,
  type Db,
} from '@agency/db'
import { asc, desc, eq, inArray } from 'drizzle-orm'
import { communicationInfosOf, contactAddressesOf } from '#app/queries/contact-parts.ts'

/** SPEC §7 contact_questions/{type}: buyer questions belong to profile 3, tenant questions to profile 5. */
export function toQuestionProfile(type: ContactQuestionType): AlertProfileId {
  return type === 'tenant' ? APPLICANT_PROFILE.TENANT : APPLICANT_PROFILE.BUYER
}

/** The questions of a profile with their options, in position order. */
export async function getContactQuestions(db: Db, profileId: number): Promise<ApplicantQuestion[]> {
  const questions = await db
    .select()
    .from(contactQuestions)
    .where(eq(contactQuestions.profile_id, profileId))
    .orderBy(asc(contactQuestions.position), asc(contactQuestions.contact_question_id))
  if (questions.length === 0) return []
  const options = await db
    .select()
    .from(contactQuestionOptions)
    .where(inArray(contactQuestionOptions.contact_question_id, questions.map((q) => q.contact_question_id)))
    .orderBy(asc(contactQuestionOptions.position), asc(contactQuestionOptions.contact_question_option_id))
  return questions.map((q) => ({
    contact_question_id: q.contact_question_id,
    question: q.question,
    question_key: q.question_key,
    is_required: q.is_required,
    contact_question_options: options
      .filter((o) => o.contact_question_id === q.contact_question_id)
      .map((o) => ({ contact_question_option_id: o.contact_question_option_id, label: o.label })),
  }))
}

/** Every subscription type, by id. */
export async function getSubscriptionTypes(db: Db): Promise<SubscriptionType[]> {
  return db.select().from(subscriptionTypes).orderBy(asc(subscriptionTypes.subscription_type_id))
}

/** A contact as an applicant carries it (SPEC §3). */
export async function getApplicantContact(db: Db, contactId: number): Promise<ApplicantContactView | null> {
  const [contact] = await db.select().from(contacts).where(eq(contacts.contact_id, contactId))
  if (!contact) return null
  // One after another: `db` may be a transaction, whose single connection runs one query at a time.
  const profiles = await db.select({ id: contactProfiles.profile_id }).from(contactProfiles).where(eq(contactProfiles.contact_id, contactId)).orderBy(asc(contactProfiles.profile_id))
  const infos = await communicationInfosOf(db, contactId)
  const addresses = await contactAddressesOf(db, contactId)
  const subscriptions = await db
    .select({ id: contactSubscriptions.subscription_type_id })
    .from(contactSubscriptions)
    .where(eq(contactSubscriptions.contact_id, contactId))
    .orderBy(asc(contactSubscriptions.subscription_type_id))
  return {
    contact_id: contact.contact_id,
    salutation_id: contact.salutation_id,
    name: contact.name,
    surname: contact.surname,
    avatar: toAvatar(contact.salutation_id),
    contact_profiles: profiles.map((p) => p.id),
    communication_infos: infos,
    contact_addresses: addresses,
    contact_source_id: contact.contact_source_id,
    subscription_types: subscriptions.map((s) => s.id),
  }
}

type ApplicantRow = typeof contactApplicants.$inferSelect

/**
 * An applicant row as SPEC §3 answers it, with its contact. `withheld`: read by a key or an e-mail's
 * link without the owner's session, so without its people (CONTACT_DETAILS_NEED_LOGIN) and answering
 * the key or link the caller gave rather than the alert's own key.
 */
export async function toApplicantView(db: Db, row: ApplicantRow, withheld?: { key: string }): Promise<ApplicantView> {
  const view = {
    contact_applicant_id: row.contact_applicant_id,
    applicant_key: withheld ? withheld.key : row.applicant_key,
    profile_id: row.profile_id === APPLICANT_PROFILE.TENANT ? APPLICANT_PROFILE.TENANT : APPLICANT_PROFILE.BUYER,
    contact_applicant_status_id: row.contact_applicant_status_id === 2 ? (2 as const) : (1 as const),
    is_confirmed: row.is_confirmed,
    created_at: row.created_at.toISOString(),
    // Older rows may lack newer filters; the schema's defaults fill them in.
    criteria: AlertCriteriaSchema.parse(row.criteria),
    question_answers: Object.entries(row.question_answers)
      .map(([id, answer]) => ({ contact_question_id: Number(id), answer }))
      .sort((a, b) => a.contact_question_id - b.contact_question_id),
    alert_frequency: row.alert_frequency,
  }
  if (withheld) return { ...view, contacts: [], contacts_withheld: true }
  const others = await db
    .select({ contact_id: contactApplicantContacts.contact_id })
    .from(contactApplicantContacts)
    .where(eq(contactApplicantContacts.contact_applicant_id, row.contact_applicant_id))
    .orderBy(asc(contactApplicantContacts.position))
  const people: (ApplicantContactView | null)[] = []
  for (const id of [row.contact_id, ...others.map((o) => o.contact_id)]) people.push(await getApplicantContact(db, id))
  return { ...view, contacts: people.filter((c): c is ApplicantContactView => c !== null), contacts_withheld: false }
}

/** An applicant by id, or null. */
export async function findApplicant(db: Db, contactApplicantId: number): Promise<ApplicantRow | null> {
  const [row] = await db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, contactApplicantId))
  return row ?? null
}

/** An applicant by its key, or null. */
export async function findApplicantByKey(db: Db, applicantKey: string): Promise<ApplicantRow | null> {
  const [row] = await db.select().from(contactApplicants).where(eq(contactApplicants.applicant_key, applicantKey))
  return row ?? null
}

/** SPEC §7 applicants_of_contact: a contact's applicants, newest first. */
export async function listApplicantsOfContact(db: Db, contactId: number): Promise<ApplicantRow[]> {
  return db
    .select()
    .from(contactApplicants)
    .where(eq(contactApplicants.contact_id, contactId))
    .orderBy(desc(contactApplicants.created_at), desc(contactApplicants.contact_applicant_id))
}
