import { randomUUID } from 'node:crypto'
import {
  APPLICANT_PROFILE,
  toDetailPageUrl,
  toNearest,
  toE164Mobile,
  toPriceLabel,
  type ApplicantProfileId,
  type LeadEnquiryPayload,
  LEAD_RETENTION_MS,
} from '@agency/domain'
import { branches, contactApplicants, leads, properties, type Db } from '@agency/db'
import { and, asc, eq, lt, sql } from 'drizzle-orm'
import { insertPendingContact, loadCircumstances } from '#app/alerts/commands.ts'
import { loadMailBrand, toMailBranch } from '#app/mail/brand.ts'
import type { MailProperty } from '#app/mail/components.tsx'
import { enqueueMail } from '#app/mail/outbox.ts'
import { renderBranchLeadMail, renderLeadAcknowledgementMail } from '#app/mail/templates/leads.tsx'
import { createDatabaseAddressProvider } from '#app/addresses/provider.ts'
import { EMAIL_PICTURE_VARIANT, toMediaUrl } from '#app/media/media-ref.ts'
import { LEAD_MESSAGES } from './messages.ts'
import { cardPictureOf } from '#app/queries/properties.ts'

type BranchRow = typeof branches.$inferSelect

/** Who sends an enquiry. */
/** sendAcknowledgement false: over the per-address limit, the lead is kept but the sender is not e-mailed. */
export type Sender = { kind: 'contact'; contact_id: number; sendAcknowledgement: boolean } | { kind: 'visitor'; sendAcknowledgement: boolean }

/** Where the enquiry goes: the property (if any) and the branch to tell. */
export interface LeadTarget {
  property: { property_profile_id: number; slug: string; branch_id: number | null } | null
  branch: BranchRow | null
}

/** A field error the payload schema cannot see (an id that names nothing). */
export interface LeadTargetError {
  field: 'property_profile_id' | 'branch_id'
  message: string
}

/**
 * The branch told of an enquiry:
 * 1. the property's own branch, when the enquiry is about a property that has one (the page's
 *    branch_id is not trusted over the catalogue);
 * 2. else the payload's branch_id (a page about one branch);
 * 3. else the branch nearest the sender's address (a valuation booked from /valuation: the home to
 *    value is theirs), placed as the address suggestions place it (its postcode, district or town);
 * 4. else, when the address cannot be placed, the first branch by id, the agency's main office.
 * An unknown property_profile_id or branch_id is a field error.
 */
export async function findLeadTarget(db: Db, payload: LeadEnquiryPayload): Promise<LeadTarget | LeadTargetError> {
  let property: LeadTarget['property'] = null
  if (payload.property_profile_id !== null) {
    const [row] = await db
      .select({ property_profile_id: properties.property_profile_id, slug: properties.slug, branch_id: properties.branch_id })
      .from(properties)
      .where(eq(properties.property_profile_id, payload.property_profile_id))
    if (!row) return { field: 'property_profile_id', message: LEAD_MESSAGES.PROPERTY_INVALID }
    property = row
  }
  let requested: BranchRow | null = null
  if (payload.branch_id !== null) {
    const [row] = await db.select().from(branches).where(eq(branches.branch_id, payload.branch_id))
    if (!row) return { field: 'branch_id', message: LEAD_MESSAGES.BRANCH_INVALID }
    requested = row
  }
  if (property?.branch_id != null) {
    const [own] = await db.select().from(branches).where(eq(branches.branch_id, property.branch_id))
    if (own) return { property, branch: own }
  }
  if (requested) return { property, branch: requested }
  const all = await db.select().from(branches).orderBy(asc(branches.branch_id))
  const [placed] = await createDatabaseAddressProvider(db).search(payload.contact_address.display_name, 1)
  const at = placed?.lat != null && placed.lng != null ? { lat: placed.lat, lng: placed.lng } : null
  const nearest = at ? toNearest(all, at) : undefined
  return { property, branch: nearest ?? all[0] ?? null }
}

/**
 * The property of an acknowledgement as its page shows it: heading, address, price and card picture.
 * None for a pre-market property: whoever typed the e-mail address may not have access to it.
 */
async function loadMailProperty(tx: Db, propertyProfileId: number, origin: string, link: string): Promise<MailProperty | null> {
  const [row] = await tx
    .select({
      heading: properties.advert_heading,
      address: properties.display_address,
      price: properties.price,
      transaction_type_id: properties.transaction_type_id,
      is_locked: properties.is_locked,
      // The card's picture, by the id's value: Drizzle writes a column of a one-table select unqualified,
      // which inside the subquery would name the media's own column and pick any property's picture.
      media_key: cardPictureOf(sql`${propertyProfileId}::integer`),
    })
    .from(properties)
    .where(eq(properties.property_profile_id, propertyProfileId))
  if (!row || row.is_locked) return null
  return {
    heading: row.heading,
    address: row.address,
    price: toPriceLabel(row.price, row.transaction_type_id === 2 ? 'lettings' : 'sales'),
    link,
    imageUrl: row.media_key ? toMediaUrl(`${origin}/`, row.media_key, EMAIL_PICTURE_VARIANT) : null,
  }
}

/** The profile a visitor's enquiry gives their pending contact (SPEC §4 profile ids). */
export function toLeadProfileId(payload: LeadEnquiryPayload): ApplicantProfileId {
  if (payload.i_would_like.includes('to-sell-my-property')) return APPLICANT_PROFILE.VENDOR
  if (payload.i_would_like.includes('to-let-my-property')) return APPLICANT_PROFILE.LANDLORD
  return payload.transaction_type_id === 2 ? APPLICANT_PROFILE.TENANT : APPLICANT_PROFILE.BUYER
}

/** What an enquiry wrote. */
export interface StoredLead {
  lead_id: string
  contact_id: number
  branch_id: number | null
}

/**
 * SPEC §7 POST leads/enquiry after validation, in the caller's transaction: the lead, a visitor's new
 * pending contact (never an existing contact, whatever the e-mail), the branch's notification and the
 * sender's acknowledgement in the outbox.
 */
export async function storeLead(
  tx: Db,
  input: { payload: LeadEnquiryPayload; target: LeadTarget; sender: Sender; publicUrl: string; pendingCookieHash: string | null; now: Date },
): Promise<StoredLead> {
  const { target, sender, now } = input
  // A plain form post may send the number as typed; the lead and the contact keep E.164.
  const payload = { ...input.payload, mobile_phone: toE164Mobile(input.payload.mobile_phone) ?? input.payload.mobile_phone }
  let contactId: number
  let applicantId: number | null = null
  if (sender.kind === 'visitor') {
    contactId = await insertPendingContact(
      tx,
      {
        salutation_id: payload.salutation_id,
        name: payload.name,
        surname: payload.surname,
        email: payload.email,
        phone: payload.mobile_phone,
        address: { display_name: payload.contact_address.display_name },
        subscription_types: [],
      },
      toLeadProfileId(payload),
      now,
    )
  } else {
    contactId = sender.contact_id
    if (payload.contact_applicant_id !== undefined) {
      // Only the contact's own applicant is linked; another id is ignored, never revealed.
      const [own] = await tx
        .select({ id: contactApplicants.contact_applicant_id })
        .from(contactApplicants)
        .where(and(eq(contactApplicants.contact_applicant_id, payload.contact_applicant_id), eq(contactApplicants.contact_id, contactId)))
      applicantId = own?.id ?? null
    }
  }
  const leadId = randomUUID()
  await tx.insert(leads).values({
    lead_id: leadId,
    contact_id: contactId,
    branch_id: target.branch?.branch_id ?? null,
    property_profile_id: target.property?.property_profile_id ?? null,
    contact_applicant_id: applicantId,
    i_would_like: [...payload.i_would_like],
    salutation_id: payload.salutation_id,
    name: payload.name,
    surname: payload.surname,
    comment: payload.comment,
    email: payload.email,
    mobile_phone: payload.mobile_phone,
    contact_address: payload.contact_address,
    i_have_a_property_to_sell: payload.i_have_a_property_to_sell,
    i_have_a_property_to_let: payload.i_have_a_property_to_let,
    viewing_lead_date: payload.viewing_lead_date ?? null,
    my_property_valued: payload.my_property_valued,
    property_address: payload.property_address,
    url: payload.url,
    transaction_type_id: payload.transaction_type_id,
    price: payload.price,
    bedrooms: payload.bedrooms,
    confirm: payload.confirm,
    requested_branch_id: payload.branch_id,
    pending_cookie_hash: input.pendingCookieHash,
    created_at: now,
  })

  const origin = new URL(input.publicUrl).origin
  const propertyLink = target.property ? `${origin}${toDetailPageUrl(target.property.property_profile_id, target.property.slug)}` : null
  const brand = await loadMailBrand(tx, input.publicUrl)
  const branch = target.branch ? toMailBranch(target.branch) : null
  if (branch) {
    const [alert] =
      applicantId === null
        ? []
        : await tx
            .select({ profile_id: contactApplicants.profile_id, question_answers: contactApplicants.question_answers })
            .from(contactApplicants)
            .where(eq(contactApplicants.contact_applicant_id, applicantId))
    const mail = await renderBranchLeadMail({
      brand,
      branch,
      leadId,
      payload: { ...payload, contact_applicant_id: applicantId ?? undefined },
      propertyLink,
      loggedIn: sender.kind === 'contact',
      circumstances: alert ? await loadCircumstances(tx, alert.profile_id, alert.question_answers) : [],
      sentAt: now,
    })
    await enqueueMail(tx, { kind: 'lead_branch', to: branch.email, ...mail }, now)
  }
  if (sender.sendAcknowledgement) {
    const mail = await renderLeadAcknowledgementMail({
      brand,
      branch,
      payload,
      property: target.property && propertyLink ? await loadMailProperty(tx, target.property.property_profile_id, origin, propertyLink) : null,
    })
    await enqueueMail(tx, { kind: 'lead_acknowledgement', to: payload.email, ...mail }, now)
  }
  return { lead_id: leadId, contact_id: contactId, branch_id: target.branch?.branch_id ?? null }
}

/**
 * How long a lead enquiry is kept: two years from when it was made. The agency needs an enquiry, and
 * the contact it made, to answer it, arrange the viewing or valuation and deal with what follows
 * (offers, complaints, disputes about a sale or let it led to); after that, UK GDPR's storage limit
 * applies. A logged-in contact keeps their own record; a visitor's pending contact, kept while its
 * leads are, then goes with the alerts' purge of unconfirmed contacts.
 */
export { LEAD_RETENTION_MS }

/** Deletes the lead enquiries older than LEAD_RETENTION_MS; answers how many. */
export async function purgeExpiredLeads(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LEAD_RETENTION_MS)
  const deleted = await db.delete(leads).where(lt(leads.created_at, cutoff)).returning({ id: leads.lead_id })
  return deleted.length
}
