import type { AddressSuggestion } from '@agency/domain'
import { sql } from 'drizzle-orm'
import { date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { branches, properties } from './catalogue.ts'
import { contactApplicants, contacts } from './contacts.ts'

/**
 * A lead enquiry (SPEC §3 Lead form, §7 POST leads/enquiry): every payload field as sent, and what the
 * API decided (the branch told, the contact it belongs to). `lead_id` is random (a UUID), so an id seen
 * in an answer says nothing about any other lead.
 */
export const leads = pgTable(
  'leads',
  {
    lead_id: text('lead_id').primaryKey(),
    /**
     * A visitor's new pending contact or a logged-in contact's own. The alerts' purge of unconfirmed
     * contacts leaves a contact that holds a lead; set null if the contact is deleted otherwise: the
     * lead keeps every field the visitor sent.
     */
    contact_id: integer('contact_id').references(() => contacts.contact_id, { onDelete: 'set null' }),
    /** The branch the notification went to. */
    branch_id: integer('branch_id').references(() => branches.branch_id, { onDelete: 'set null' }),
    property_profile_id: integer('property_profile_id').references(() => properties.property_profile_id, { onDelete: 'set null' }),
    /** Kept only when it is the logged-in contact's own applicant. */
    contact_applicant_id: integer('contact_applicant_id').references(() => contactApplicants.contact_applicant_id, { onDelete: 'set null' }),
    i_would_like: jsonb('i_would_like').$type<string[]>().notNull(),
    salutation_id: smallint('salutation_id').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    comment: text('comment').notNull(),
    email: text('email').notNull(),
    mobile_phone: text('mobile_phone').notNull(),
    contact_address: jsonb('contact_address').$type<AddressSuggestion>().notNull(),
    i_have_a_property_to_sell: text('i_have_a_property_to_sell').notNull(),
    i_have_a_property_to_let: text('i_have_a_property_to_let').notNull(),
    /** 'YYYY-MM-DDTHH:mm', UK local time as chosen on the form; null unless a viewing was asked for. */
    viewing_lead_date: text('viewing_lead_date'),
    /** 'yes' or 'no' (SPEC §3). */
    my_property_valued: text('my_property_valued').notNull(),
    property_address: text('property_address'),
    url: text('url').notNull(),
    transaction_type_id: smallint('transaction_type_id').notNull(),
    price: integer('price'),
    bedrooms: integer('bedrooms'),
    confirm: text('confirm').notNull(),
    /** The branch_id the page sent (the branch told may differ: the property's own branch wins). */
    requested_branch_id: integer('requested_branch_id'),
    /**
     * The hash of the cookie that lets the visitor's browser recall its own enquiry; it grants
     * nothing else (no session, no contact).
     */
    pending_cookie_hash: text('pending_cookie_hash'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_created_idx').on(t.created_at),
    index('leads_contact_idx').on(t.contact_id),
    index('leads_property_idx').on(t.property_profile_id),
    index('leads_pending_cookie_idx').on(t.pending_cookie_hash).where(sql`${t.pending_cookie_hash} is not null`),
  ],
)

/**
 * SPEC §7 'recording a potential viewing': a logged-in applicant opened a property page. One row per
 * contact, property and (UTC) day, however often the page is opened.
 */
export const potentialViewings = pgTable(
  'potential_viewings',
  {
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    viewed_on: date('viewed_on', { mode: 'string' }).notNull(),
    /** The applicant active in the session then, if any. */
    contact_applicant_id: integer('contact_applicant_id').references(() => contactApplicants.contact_applicant_id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contact_id, t.property_profile_id, t.viewed_on] }), index('potential_viewings_property_idx').on(t.property_profile_id, t.viewed_on)],
)
