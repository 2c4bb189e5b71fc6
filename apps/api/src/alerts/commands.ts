import {
  APPLICANT_PROFILE,
  APPLICANT_STATUS,
  ALERT_CONFIRM_PATH,
  DEFAULT_ALERT_FREQUENCY,
  COMMUNICATION_METHOD,
  CONTACT_SOURCE_ONLINE_REGISTRATION,
  PROPERTIES_PATH,
  findReplacementApplicant,
  toAlertSummary,
  type AlertConfirmationLinkState,
  type AlertCriteria,
  type AlertCriteriaUpdatePayload,
  type AlertPayload,
  type AlertPayloadContact,
  type ApplicantQuestion,
  type ApplicantStatusId,
  UNCONFIRMED_REGISTRATION_TTL_MS,
} from '@agency/domain'
import {
  applicantConfirmations,
  branches,
  communicationInfos,
  contactAddresses,
  contactApplicantContacts,
  contactApplicants,
  contactProfiles,
  contacts,
  contactSubscriptions,
  leads,
  outbox,
  propertyTypes,
  sessions,
  subscriptionTypes,
  type ApplicantQuestionAnswers,
  type Db,
} from '@agency/db'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { findContactByEmail } from '#app/auth/magic-links.ts'
import { issueOneTimeToken, readOneTimeToken, spendOneTimeToken } from '#app/auth/one-time-tokens.ts'
import { createToken } from '#app/auth/tokens.ts'
import { enqueueMail } from '#app/mail/outbox.ts'
import { loadMailBrand, toMailBranch } from '#app/mail/brand.ts'
import {
  renderAlertConfirmationMail,
  renderBranchDigestMail,
  renderBranchRegistrationMail,
  toCriteriaFacts,
  type CircumstanceAnswer,
  type RegistrationDetails,
} from '#app/mail/templates/alerts.tsx'
import { recordConsent } from './consent.ts'
import { getContactQuestions, listApplicantsOfContact } from './views.ts'

/**
 * A confirmation link is valid this long: people open such e-mails hours or days later, and it only
 * switches on an alert they asked for (a login link keeps its 15 minutes). It is used once.
 */
export const ALERT_CONFIRMATION_TTL_DAYS = 7
export const ALERT_CONFIRMATION_TTL_MS = ALERT_CONFIRMATION_TTL_DAYS * 24 * 60 * 60_000

type ApplicantRow = typeof contactApplicants.$inferSelect

/** What a form says of its contact, in the columns it goes to (the alert payload's first contact, a lead). */
export interface ContactFields {
  salutation_id: number
  name: string
  surname: string
  email: string | null
  phone: string | null
  address: AlertPayloadContact['contact_addresses'][number] | null
  subscription_types: number[]
}

function toContactFields(contact: AlertPayloadContact): ContactFields {
  const value = (method: number) =>
    contact.communication_infos.find((i) => i.communication_method_id === method)?.value.trim() || null
  return {
    salutation_id: contact.salutation_id,
    name: contact.name,
    surname: contact.surname,
    email: value(COMMUNICATION_METHOD.EMAIL),
    phone: value(COMMUNICATION_METHOD.MOBILE_PHONE),
    address: contact.contact_addresses[0] ?? null,
    subscription_types: contact.subscription_types,
  }
}

/** The answers to the profile's own questions, kept by question id (SPEC §3). */
function toStoredAnswers(payload: Pick<AlertPayload, 'contact_questions'>, questions: readonly ApplicantQuestion[]): ApplicantQuestionAnswers {
  const known = new Set(questions.map((q) => q.contact_question_id))
  return Object.fromEntries(payload.contact_questions.filter((a) => known.has(a.contact_question_id)).map((a) => [String(a.contact_question_id), a.answer]))
}

async function knownSubscriptionTypes(tx: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await tx.select({ id: subscriptionTypes.subscription_type_id }).from(subscriptionTypes).where(inArray(subscriptionTypes.subscription_type_id, [...ids]))
  return rows.map((r) => r.id)
}

async function writeAddress(tx: Db, contactId: number, address: ContactFields['address']): Promise<void> {
  if (!address?.display_name) return
  await tx.delete(contactAddresses).where(and(eq(contactAddresses.contact_id, contactId), eq(contactAddresses.position, 0)))
  await tx.insert(contactAddresses).values({
    contact_id: contactId,
    position: 0,
    display_name: address.display_name,
    address_line_1: address.address_line_1 ?? null,
    town: address.town ?? null,
    postcode: address.postcode ?? null,
    lat: address.lat ?? null,
    lng: address.lng ?? null,
  })
}

async function addProfileAndSubscriptions(tx: Db, contactId: number, profileId: number, subscriptionIds: readonly number[], now: Date): Promise<void> {
  await tx.insert(contactProfiles).values({ contact_id: contactId, profile_id: profileId }).onConflictDoNothing()
  const known = await knownSubscriptionTypes(tx, subscriptionIds)
  if (known.length > 0) {
    await tx
      .insert(contactSubscriptions)
      .values(known.map((id) => ({ contact_id: contactId, subscription_type_id: id, created_at: now })))
      .onConflictDoNothing()
  }
}

/**
 * A visitor's contact: always a new, pending one, whatever its e-mail (nothing about another contact
 * is read or changed). Its communication infos stay outside the one-contact-per-e-mail rule until the
 * confirmation merges or confirms them. Shared by alert registrations and lead enquiries.
 */
export async function insertPendingContact(tx: Db, fields: ContactFields, profileId: number, now: Date): Promise<number> {
  const [contact] = await tx
    .insert(contacts)
    .values({
      salutation_id: fields.salutation_id,
      name: fields.name,
      surname: fields.surname,
      contact_source_id: CONTACT_SOURCE_ONLINE_REGISTRATION,
      is_pending: true,
      created_at: now,
      updated_at: now,
    })
    .returning({ contact_id: contacts.contact_id })
  const contactId = contact!.contact_id
  const infos = [
    ...(fields.email ? [{ communication_method_id: COMMUNICATION_METHOD.EMAIL, value: fields.email }] : []),
    ...(fields.phone ? [{ communication_method_id: COMMUNICATION_METHOD.MOBILE_PHONE, value: fields.phone }] : []),
  ]
  if (infos.length > 0) {
    await tx.insert(communicationInfos).values(infos.map((info, i) => ({ ...info, contact_id: contactId, preferred: i === 0, is_pending: true })))
  }
  await writeAddress(tx, contactId, fields.address)
  await addProfileAndSubscriptions(tx, contactId, profileId, fields.subscription_types, now)
  return contactId
}

/**
 * A pending contact's details replaced from the form (name, e-mail, phone, address, subscriptions).
 * Only for the pending contacts an alert created for its other people: an owner's e-mail is never
 * changed this way (updateOwnContact).
 */
async function replacePendingContact(tx: Db, contactId: number, fields: ContactFields, profileId: number, now: Date): Promise<void> {
  await tx
    .update(contacts)
    .set({ salutation_id: fields.salutation_id, name: fields.name, surname: fields.surname, updated_at: now })
    .where(and(eq(contacts.contact_id, contactId), eq(contacts.is_pending, true)))
  await tx.delete(communicationInfos).where(eq(communicationInfos.contact_id, contactId))
  const infos = [
    ...(fields.email ? [{ communication_method_id: COMMUNICATION_METHOD.EMAIL, value: fields.email }] : []),
    ...(fields.phone ? [{ communication_method_id: COMMUNICATION_METHOD.MOBILE_PHONE, value: fields.phone }] : []),
  ]
  if (infos.length > 0) {
    await tx.insert(communicationInfos).values(infos.map((info, i) => ({ ...info, contact_id: contactId, preferred: i === 0, is_pending: true })))
  }
  await writeAddress(tx, contactId, fields.address)
  await tx.delete(contactSubscriptions).where(eq(contactSubscriptions.contact_id, contactId))
  await addProfileAndSubscriptions(tx, contactId, profileId, fields.subscription_types, now)
}

/**
 * SPEC §3 contacts after the first (a partner, a co-buyer): each is a pending contact of its own,
 * linked to the alert in the form's order. A payload contact whose contact_id is already one of this
 * alert's other people is updated in place; any other is created new (a contact_id naming someone
 * else's contact is ignored, never read or changed). People dropped from the form are unlinked, and
 * their pending contact deleted when nothing else holds it.
 */
async function writeOtherContacts(
  tx: Db,
  applicantId: number,
  others: readonly AlertPayloadContact[],
  profileId: number,
  now: Date,
): Promise<void> {
  const linked = new Set(
    (
      await tx
        .select({ contact_id: contactApplicantContacts.contact_id })
        .from(contactApplicantContacts)
        .where(eq(contactApplicantContacts.contact_applicant_id, applicantId))
    ).map((r) => r.contact_id),
  )
  const kept: number[] = []
  for (const other of others) {
    const fields = toContactFields(other)
    if (other.contact_id !== undefined && linked.has(other.contact_id) && !kept.includes(other.contact_id)) {
      await replacePendingContact(tx, other.contact_id, fields, profileId, now)
      kept.push(other.contact_id)
    } else {
      kept.push(await insertPendingContact(tx, fields, profileId, now))
    }
  }
  await tx.delete(contactApplicantContacts).where(eq(contactApplicantContacts.contact_applicant_id, applicantId))
  if (kept.length > 0) {
    await tx
      .insert(contactApplicantContacts)
      .values(kept.map((contactId, i) => ({ contact_applicant_id: applicantId, contact_id: contactId, position: i + 1 })))
  }
  const dropped = [...linked].filter((id) => !kept.includes(id))
  if (dropped.length > 0) {
    await tx
      .delete(contacts)
      .where(
        and(
          inArray(contacts.contact_id, dropped),
          eq(contacts.is_pending, true),
          sql`not exists (select 1 from ${contactApplicantContacts} cac where cac.contact_id = ${contacts.contact_id})`,
          sql`not exists (select 1 from ${contactApplicants} ca where ca.contact_id = ${contacts.contact_id})`,
        ),
      )
  }
}

/**
 * The logged-in contact's own details from the form: name, salutation, address, a mobile phone when
 * they had none, subscriptions and the profile. The e-mail address is not changed here: it is the
 * login identity, and changing it would need its own confirmation.
 */
async function updateOwnContact(tx: Db, contactId: number, fields: ContactFields, profileId: number, now: Date): Promise<void> {
  await tx
    .update(contacts)
    .set({ salutation_id: fields.salutation_id, name: fields.name, surname: fields.surname, updated_at: now })
    .where(eq(contacts.contact_id, contactId))
  await writeAddress(tx, contactId, fields.address)
  if (fields.phone) {
    const [phone] = await tx
      .select({ id: communicationInfos.communication_info_id })
      .from(communicationInfos)
      .where(and(eq(communicationInfos.contact_id, contactId), eq(communicationInfos.communication_method_id, COMMUNICATION_METHOD.MOBILE_PHONE)))
    if (phone) await tx.update(communicationInfos).set({ value: fields.phone }).where(eq(communicationInfos.communication_info_id, phone.id))
    else await tx.insert(communicationInfos).values({ contact_id: contactId, communication_method_id: COMMUNICATION_METHOD.MOBILE_PHONE, value: fields.phone, preferred: false })
  }
  await addProfileAndSubscriptions(tx, contactId, profileId, fields.subscription_types, now)
}

/** SPEC §7 unknown_user_branch: the branch nearest the alert's first location, or null without branches. */
async function findNearestBranchId(tx: Db, payload: AlertPayload): Promise<number | null> {
  const first = payload.property_criteria.locations[0]
  if (!first) return null
  const [branch] = await tx
    .select({ id: branches.branch_id })
    .from(branches)
    .orderBy(
      sql`power(${branches.lat} - ${first.lat}, 2) + power((${branches.lng} - ${first.lng}) * cos(radians(${first.lat})), 2)`,
      asc(branches.branch_id),
    )
    .limit(1)
  return branch?.id ?? null
}

/**
 * An alert's circumstance answers as the branch reads them: each answered question of its profile, in
 * the form's order (buying position, mortgage in principle and timescale come first), with the chosen
 * option's label or the text typed.
 */
export async function loadCircumstances(tx: Db, profileId: number, answers: ApplicantQuestionAnswers): Promise<CircumstanceAnswer[]> {
  const questions = await getContactQuestions(tx, profileId)
  return questions.flatMap((q) => {
    const answer = answers[String(q.contact_question_id)]
    if (answer === undefined || answer === null || (typeof answer === 'string' && answer.trim() === '')) return []
    const text = typeof answer === 'number' ? q.contact_question_options.find((o) => o.contact_question_option_id === answer)?.label : answer
    return text === undefined ? [] : [{ question: q.question, answer: text }]
  })
}

/** A registration as its branch is told of it: the owner's details as `fields` give them, their circumstances, the alert's criteria as chosen and its people. */
async function describeRegistration(tx: Db, row: ApplicantRow, fields: ContactFields): Promise<RegistrationDetails> {
  const criteria = row.criteria
  const others = await tx
    .select({ contact_id: contacts.contact_id, name: contacts.name, surname: contacts.surname })
    .from(contactApplicantContacts)
    .innerJoin(contacts, eq(contacts.contact_id, contactApplicantContacts.contact_id))
    .where(eq(contactApplicantContacts.contact_applicant_id, row.contact_applicant_id))
    .orderBy(asc(contactApplicantContacts.position))
  const otherInfos =
    others.length === 0
      ? []
      : await tx.select().from(communicationInfos).where(inArray(communicationInfos.contact_id, others.map((o) => o.contact_id))).orderBy(asc(communicationInfos.communication_info_id))
  const describeOther = (o: (typeof others)[number]) => {
    const reach = otherInfos.filter((i) => i.contact_id === o.contact_id).map((i) => i.value)
    return `${o.name} ${o.surname} (${reach.join(', ') || 'no e-mail or phone'})`
  }
  const typeNames = await loadPropertyTypeNames(tx, criteria)
  return {
    contactName: `${fields.name} ${fields.surname}`,
    email: fields.email,
    phone: fields.phone,
    address: fields.address?.display_name ?? null,
    profile: row.profile_id === APPLICANT_PROFILE.TENANT ? 'Tenant' : 'Buyer',
    circumstances: await loadCircumstances(tx, row.profile_id, row.question_answers),
    criteria: toCriteriaFacts(criteria, row.profile_id === APPLICANT_PROFILE.TENANT ? 'lettings' : 'sales', typeNames),
    confirmed: row.is_confirmed,
    others: others.map(describeOther),
    registeredAt: row.created_at,
  }
}

/** A contact's details as they are stored (name, first e-mail and mobile phone, first address). */
async function readContactFields(tx: Db, contactId: number): Promise<ContactFields> {
  const [contact] = await tx.select().from(contacts).where(eq(contacts.contact_id, contactId))
  const infos = await tx.select().from(communicationInfos).where(eq(communicationInfos.contact_id, contactId)).orderBy(asc(communicationInfos.communication_info_id))
  const [address] = await tx.select().from(contactAddresses).where(eq(contactAddresses.contact_id, contactId)).orderBy(asc(contactAddresses.position)).limit(1)
  const value = (method: number) => infos.find((i) => i.communication_method_id === method)?.value ?? null
  return {
    salutation_id: contact!.salutation_id,
    name: contact!.name,
    surname: contact!.surname,
    email: value(COMMUNICATION_METHOD.EMAIL),
    phone: value(COMMUNICATION_METHOD.MOBILE_PHONE),
    address: address?.display_name ? { display_name: address.display_name } : null,
    subscription_types: [],
  }
}

/** Queues the branch's notice of a registration, when it has a branch. */
async function notifyBranch(tx: Db, row: ApplicantRow, fields: ContactFields, publicUrl: string, now: Date): Promise<void> {
  if (row.branch_id === null) return
  const [branch] = await tx.select().from(branches).where(eq(branches.branch_id, row.branch_id))
  if (!branch) return
  const mail = await renderBranchRegistrationMail({
    brand: await loadMailBrand(tx, publicUrl),
    branch: toMailBranch(branch),
    ...(await describeRegistration(tx, row, fields)),
  })
  await enqueueMail(tx, { kind: 'alert_branch', to: branch.email, ...mail }, now)
}

/** How long a branch's digest of phone-only registrations gathers before it is sent: 15 minutes. */
export const BRANCH_DIGEST_WINDOW_MS = 15 * 60_000

/**
 * Tells the branch of a visitor's unconfirmed phone-only registration through its digest: one e-mail
 * per branch address and BRANCH_DIGEST_WINDOW_MS (the outbox's hold, `notBefore`). The first such
 * registration queues the digest, held for the window; each one after it, while the digest waits,
 * writes the digest again with every registration since it was queued. An advisory lock on the branch
 * address keeps two registrations at once from queuing two digests.
 */
async function addToBranchDigest(tx: Db, row: ApplicantRow, publicUrl: string, now: Date): Promise<void> {
  if (row.branch_id === null) return
  const [branch] = await tx.select().from(branches).where(eq(branches.branch_id, row.branch_id))
  if (!branch) return
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert-branch-digest:${branch.email.toLowerCase()}`}))`)
  const [open] = await tx
    .select({ id: outbox.id, created_at: outbox.created_at })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, BRANCH_DIGEST_KIND),
        eq(outbox.to, branch.email),
        isNull(outbox.sent_at),
        eq(outbox.attempts, 0),
        sql`${outbox.locked_until} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(1)
    .for('update')
  const since = open?.created_at ?? now
  // Every unconfirmed phone-only registration of this address's branches since the digest was queued.
  const waiting = await tx
    .select()
    .from(contactApplicants)
    .where(
      and(
        eq(contactApplicants.is_confirmed, false),
        sql`${contactApplicants.branch_id} in (select b.branch_id from ${branches} b where b.email = ${branch.email})`,
        sql`${contactApplicants.created_at} >= ${since.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${communicationInfos} ci where ci.contact_id = ${contactApplicants.contact_id} and ci.communication_method_id = ${COMMUNICATION_METHOD.EMAIL})`,
      ),
    )
    .orderBy(asc(contactApplicants.created_at), asc(contactApplicants.contact_applicant_id))
  const registrations = []
  for (const alert of waiting) registrations.push(await describeRegistration(tx, alert, await readContactFields(tx, alert.contact_id)))
  const mail = await renderBranchDigestMail({ brand: await loadMailBrand(tx, publicUrl), branch: toMailBranch(branch), registrations })
  if (open) await tx.update(outbox).set({ subject: mail.subject, text: mail.text, html: mail.html }).where(eq(outbox.id, open.id))
  else await enqueueMail(tx, { kind: BRANCH_DIGEST_KIND, to: branch.email, ...mail }, now, { notBefore: new Date(now.getTime() + BRANCH_DIGEST_WINDOW_MS) })
}

/** The outbox kind of a branch's digest of phone-only registrations. */
export const BRANCH_DIGEST_KIND = 'alert_branch_digest'

/** Who registers an alert. */
export type Registrant =
  | { kind: 'contact'; contact_id: number }
  /**
   * sendConfirmation false: over the per-address limit, the alert is kept but no e-mail is sent.
   * pendingCookieHash: the hash of the cookie that remembers the pending alert in their browser.
   */
  | { kind: 'visitor'; sendConfirmation: boolean; pendingCookieHash: string }

/** What a registration wrote. */
export interface Registration {
  row: ApplicantRow
}

/** The names of an alert's property types, by id. */
async function loadPropertyTypeNames(tx: Db, criteria: AlertCriteria): Promise<Map<number, string>> {
  const typeIds = criteria.property_types.map((t) => t.property_type_id)
  if (typeIds.length === 0) return new Map()
  const rows = await tx.select().from(propertyTypes).where(inArray(propertyTypes.property_type_id, typeIds))
  return new Map(rows.map((t) => [t.property_type_id, t.name] as const))
}

/**
 * SPEC §7 POST contact_applicants, after validation, in the caller's transaction.
 * - A logged-in contact: the alert is theirs and confirmed at once; their details are updated
 *   (updateOwnContact) and the branch is told.
 * - A visitor: a new pending contact and a pending alert, whatever the e-mail. With an e-mail, the
 *   confirmation e-mail goes to it; with a phone only, nothing is sent to them and the branch is told
 *   at once, to call.
 */
export async function registerAlert(
  tx: Db,
  input: { payload: AlertPayload; questions: readonly ApplicantQuestion[]; registrant: Registrant; publicUrl: string; now: Date },
): Promise<Registration> {
  const { payload, registrant, now } = input
  const fields = toContactFields(payload.contacts[0]!)
  const isVisitor = registrant.kind === 'visitor'
  let contactId: number
  if (registrant.kind === 'visitor') {
    contactId = await insertPendingContact(tx, fields, payload.profile_id, now)
  } else {
    contactId = registrant.contact_id
    await updateOwnContact(tx, contactId, fields, payload.profile_id, now)
  }
  const [row] = await tx
    .insert(contactApplicants)
    .values({
      applicant_key: createToken(),
      contact_id: contactId,
      profile_id: payload.profile_id,
      contact_applicant_status_id: APPLICANT_STATUS.ON,
      criteria: payload.property_criteria,
      question_answers: toStoredAnswers(payload, input.questions),
      is_confirmed: !isVisitor,
      pending_cookie_hash: registrant.kind === 'visitor' ? registrant.pendingCookieHash : null,
      branch_id: await findNearestBranchId(tx, payload),
      kickback_log_id: payload.kickback_log_id ?? null,
      alert_frequency: payload.alert_frequency ?? DEFAULT_ALERT_FREQUENCY,
      created_at: now,
      updated_at: now,
    })
    .returning()
  if (!row) throw new Error('The applicant insert returned no row')
  await writeOtherContacts(tx, row.contact_applicant_id, payload.contacts.slice(1), payload.profile_id, now)
  // The form's consent checkbox: given now; a logged-in contact's alert is confirmed at once, a
  // visitor's when the e-mailed link is used (confirmAlert).
  const consent = { contact_id: contactId, contact_applicant_id: row.contact_applicant_id, now }
  await recordConsent(tx, { ...consent, action: 'consent_given', method: isVisitor ? 'alert_form' : 'logged_in' })
  if (!isVisitor) await recordConsent(tx, { ...consent, action: 'consent_confirmed', method: 'logged_in' })

  if (!isVisitor) {
    await notifyBranch(tx, row, fields, input.publicUrl, now)
  } else if (!fields.email) {
    // A phone-only visitor: the branch calls to confirm, told in its digest (not one e-mail each).
    await addToBranchDigest(tx, row, input.publicUrl, now)
  } else if (registrant.kind === 'visitor' && registrant.sendConfirmation) {
    const { token, row: tokenRow } = issueOneTimeToken(now, ALERT_CONFIRMATION_TTL_MS)
    await tx.insert(applicantConfirmations).values({ ...tokenRow, contact_applicant_id: row.contact_applicant_id })
    const mail = await renderAlertConfirmationMail({
      brand: await loadMailBrand(tx, input.publicUrl),
      link: `${new URL(input.publicUrl).origin}${ALERT_CONFIRM_PATH}?token=${token}`,
      expiresInDays: ALERT_CONFIRMATION_TTL_DAYS,
      looking: payload.profile_id === APPLICANT_PROFILE.TENANT ? 'renting' : 'buying',
      name: fields.name,
      alert: toAlertSummary({ profile_id: payload.profile_id, criteria: row.criteria }, await loadPropertyTypeNames(tx, row.criteria)),
    })
    await enqueueMail(tx, { kind: 'alert_confirmation', to: fields.email, ...mail }, now)
  }
  return { row }
}

/**
 * SPEC §7 PATCH contact_applicants/{id}, after validation and the owner's session check: the criteria,
 * answers and profile (updateAlertCriteria), and the people's details (updateOwnContact: never the
 * e-mail address).
 */
export async function updateAlert(
  tx: Db,
  input: { row: ApplicantRow; payload: AlertPayload; questions: readonly ApplicantQuestion[]; now: Date },
): Promise<ApplicantRow> {
  const { row, payload, now } = input
  // The owner is the payload contact carrying the alert's contact_id (the form moves an edited contact
  // to the end of its list), or the first one.
  const ownerIndex = Math.max(0, payload.contacts.findIndex((c) => c.contact_id === row.contact_id))
  const fields = toContactFields(payload.contacts[ownerIndex]!)
  await updateOwnContact(tx, row.contact_id, fields, payload.profile_id, now)
  await writeOtherContacts(tx, row.contact_applicant_id, payload.contacts.filter((_, i) => i !== ownerIndex), payload.profile_id, now)
  return updateAlertCriteria(tx, input)
}

/**
 * The alert's own fields from an update: criteria, answers, and the profile, frequency and kickback
 * when sent. All that its key or its e-mail's link may change without a session; never a contact.
 */
export async function updateAlertCriteria(
  tx: Db,
  input: { row: ApplicantRow; payload: AlertCriteriaUpdatePayload; questions: readonly ApplicantQuestion[]; now: Date },
): Promise<ApplicantRow> {
  const { row, payload, now } = input
  const [updated] = await tx
    .update(contactApplicants)
    .set({
      profile_id: payload.profile_id,
      criteria: payload.property_criteria,
      question_answers: toStoredAnswers(payload, input.questions),
      ...(payload.kickback_log_id ? { kickback_log_id: payload.kickback_log_id } : {}),
      ...(payload.alert_frequency ? { alert_frequency: payload.alert_frequency } : {}),
      updated_at: now,
    })
    .where(eq(contactApplicants.contact_applicant_id, row.contact_applicant_id))
    .returning()
  return updated!
}

/**
 * SPEC §4 status change: the alert is switched on or off. Every session of the contact whose active
 * alert was switched off moves to the first ON alert of the same profile (newest first), or to none.
 * Answers the changed row and that replacement.
 */
export async function changeAlertStatus(
  tx: Db,
  row: ApplicantRow,
  status: ApplicantStatusId,
  now: Date,
): Promise<{ row: ApplicantRow; replacementId: number | null }> {
  const [updated] = await tx
    .update(contactApplicants)
    .set({ contact_applicant_status_id: status, updated_at: now })
    .where(eq(contactApplicants.contact_applicant_id, row.contact_applicant_id))
    .returning()
  let replacementId: number | null = null
  if (status === APPLICANT_STATUS.OFF) {
    const applicants = (await listApplicantsOfContact(tx, row.contact_id)).filter((a) => a.is_confirmed)
    replacementId = findReplacementApplicant(applicants, updated!)?.contact_applicant_id ?? null
    await tx
      .update(sessions)
      .set({ active_contact_applicant_id: replacementId })
      .where(and(eq(sessions.contact_id, row.contact_id), eq(sessions.active_contact_applicant_id, row.contact_applicant_id)))
  }
  return { row: updated!, replacementId }
}

/** A spent confirmation: the contact to log in and the confirmed alert (with its new key). */
export interface Confirmation {
  contact_id: number
  row: ApplicantRow
  redirect_to: string
}

/**
 * POST contact_applicants/confirmations, in the caller's transaction. Spends the token (one atomic
 * UPDATE: unused and unexpired only; the alert's other links end with it), then confirms:
 * - when a confirmed contact already has the e-mail address, the alert moves to that contact with the
 *   form's profile, subscriptions and (when it has none) mobile phone, and the pending contact is
 *   deleted (a merge that changes nothing else of the existing contact);
 * - otherwise the pending contact itself becomes a confirmed one.
 * The alert is confirmed, switched on, and given a new applicant key, so a key seen before
 * confirmation (the registration answer) no longer opens it. null for a bad token.
 */
export async function confirmAlert(tx: Db, token: string, publicUrl: string, now: Date): Promise<Confirmation | null> {
  const spent = await spendOneTimeToken(tx, 'alert_confirmation', token, now)
  if (!spent) return null
  const [row] = await tx.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, spent.holder))
  if (!row || row.is_confirmed) return null
  const pendingId = row.contact_id
  const infos = await tx.select().from(communicationInfos).where(eq(communicationInfos.contact_id, pendingId))
  const email = infos.find((i) => i.communication_method_id === COMMUNICATION_METHOD.EMAIL)?.value ?? null
  // Two registrations of one new address confirmed at once must not both become its contact: the
  // second waits here for the first, then merges into it.
  if (email) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${email})))`)
  const existing = email ? await findContactByEmail(tx, email) : null
  let contactId = pendingId
  if (existing && existing.contact_id !== pendingId) {
    contactId = existing.contact_id
    const profiles = await tx.select().from(contactProfiles).where(eq(contactProfiles.contact_id, pendingId))
    const subscriptions = await tx.select().from(contactSubscriptions).where(eq(contactSubscriptions.contact_id, pendingId))
    await tx.update(contactApplicants).set({ contact_id: contactId }).where(eq(contactApplicants.contact_id, pendingId))
    // The mobile phone typed on the form joins a contact that has none; an existing one is kept.
    const pendingPhone = infos.find((i) => i.communication_method_id === COMMUNICATION_METHOD.MOBILE_PHONE)
    const [existingPhone] = await tx
      .select({ id: communicationInfos.communication_info_id })
      .from(communicationInfos)
      .where(and(eq(communicationInfos.contact_id, contactId), eq(communicationInfos.communication_method_id, COMMUNICATION_METHOD.MOBILE_PHONE)))
    if (pendingPhone && !existingPhone) {
      await tx
        .update(communicationInfos)
        .set({ contact_id: contactId, is_pending: false, preferred: false })
        .where(eq(communicationInfos.communication_info_id, pendingPhone.communication_info_id))
    }
    for (const p of profiles) await addProfileAndSubscriptions(tx, contactId, p.profile_id, [], now)
    await addProfileAndSubscriptions(tx, contactId, row.profile_id, subscriptions.map((s) => s.subscription_type_id), now)
    await tx.delete(contacts).where(eq(contacts.contact_id, pendingId))
  } else {
    await tx.update(contacts).set({ is_pending: false, updated_at: now }).where(eq(contacts.contact_id, pendingId))
    await tx.update(communicationInfos).set({ is_pending: false }).where(eq(communicationInfos.contact_id, pendingId))
  }
  const [confirmed] = await tx
    .update(contactApplicants)
    .set({
      contact_id: contactId,
      is_confirmed: true,
      contact_applicant_status_id: APPLICANT_STATUS.ON,
      applicant_key: createToken(),
      pending_cookie_hash: null,
      updated_at: now,
    })
    .where(eq(contactApplicants.contact_applicant_id, row.contact_applicant_id))
    .returning()
  await recordConsent(tx, { contact_id: contactId, contact_applicant_id: row.contact_applicant_id, action: 'consent_confirmed', method: 'double_opt_in', now })
  // The e-mail confirmed is the one to name (the existing contact's own may differ in case).
  await notifyBranch(tx, confirmed!, { ...(await readContactFields(tx, contactId)), email }, publicUrl, now)
  return { contact_id: contactId, row: confirmed!, redirect_to: PROPERTIES_PATH }
}

/**
 * What an alert's confirmation page may say before its button is pressed, read without spending the
 * token or changing the alert: confirmed (by this link or another; whether it is on now is not said),
 * usable, expired (time ran out, the alert still unconfirmed) or invalid (a token never sent, a
 * malformed one, or one whose alert is gone). The holder learns only what the e-mail told them.
 */
export async function checkAlertConfirmation(db: Db, token: string, now: Date): Promise<AlertConfirmationLinkState> {
  const link = await readOneTimeToken(db, 'alert_confirmation', token, now)
  if (!link) return 'invalid'
  const [alert] = await db
    .select({ is_confirmed: contactApplicants.is_confirmed })
    .from(contactApplicants)
    .where(eq(contactApplicants.contact_applicant_id, link.holder))
  if (!alert) return 'invalid'
  if (alert.is_confirmed) return 'confirmed'
  // A spent link always confirmed its alert (confirmAlert, in one transaction): used and unconfirmed
  // is no state a person can reach, and says no more than expired.
  return link.state === 'usable' ? 'usable' : 'expired'
}

/** An alert registration with an e-mail address left unconfirmed this long is deleted. */
export { UNCONFIRMED_REGISTRATION_TTL_MS }

/**
 * Deletes the pending contacts (with their alerts) of registrations that had an e-mail address to
 * confirm with and were not confirmed within UNCONFIRMED_REGISTRATION_TTL_MS. Phone-only
 * registrations are kept: the agency confirms those by calling. So is a pending contact that holds a
 * lead enquiry, until the lead itself is deleted (LEAD_RETENTION_MS).
 */
export async function purgeUnconfirmedRegistrations(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_REGISTRATION_TTL_MS)
  const deleted = await db
    .delete(contacts)
    .where(
      and(
        eq(contacts.is_pending, true),
        sql`${contacts.created_at} < ${cutoff.toISOString()}::timestamptz`,
        sql`exists (select 1 from ${communicationInfos} ci where ci.contact_id = ${contacts.contact_id} and ci.communication_method_id = ${COMMUNICATION_METHOD.EMAIL})`,
        // A contact that made an enquiry is kept while its lead is (purgeExpiredLeads): the agency
        // answers the enquiry through it, and the lead holds the same details anyway.
        sql`not exists (select 1 from ${leads} l where l.contact_id = ${contacts.contact_id})`,
        // The other people of a confirmed alert stay pending (their addresses were typed by its owner,
        // not confirmed by them) and are kept while the alert is.
        sql`not exists (select 1 from ${contactApplicantContacts} cac join ${contactApplicants} ca on ca.contact_applicant_id = cac.contact_applicant_id where cac.contact_id = ${contacts.contact_id} and ca.is_confirmed)`,
      ),
    )
    .returning({ id: contacts.contact_id })
  return deleted.length
}
