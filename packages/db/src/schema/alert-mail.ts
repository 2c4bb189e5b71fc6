import type { ConsentAction, ConsentMethod, PropertyEventKind } from '@agency/domain'
import { sql } from 'drizzle-orm'
import { boolean, customType, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { properties } from './catalogue.ts'
import { contactApplicants, contacts } from './contacts.ts'

/** A box in the `cube` extension (two corners, [lat, lng]); written and read only inside SQL. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' })

/**
 * Something that happened to a property that alerts may want to hear of (packages/domain
 * PROPERTY_EVENT_KINDS), written in the same transaction as the change. The alert worker matches
 * pending rows (processed_at null) and marks them processed in the transaction that records the matches.
 */
export const propertyEvents = pgTable(
  'property_events',
  {
    property_event_id: serial('property_event_id').primaryKey(),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PropertyEventKind>().notNull(),
    /** The price before a reduction; null for the other kinds. */
    old_price: integer('old_price'),
    /** The price the event announces. */
    new_price: integer('new_price').notNull(),
    /** Whether the property was pre-market (locked) when the event happened: those are matched first. */
    is_pre_market: boolean('is_pre_market').notNull().default(false),
    /** What made the change: 'feed', 'command', … */
    source: text('source').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('property_events_pending_idx').on(t.is_pre_market.desc(), t.property_event_id).where(sql`${t.processed_at} is null`),
    index('property_events_property_idx').on(t.property_profile_id),
  ],
)

/**
 * One location of an alert's criteria, kept by a trigger on contact_applicants (migration
 * 0020_alert_locations) so that the matching finds the alerts around a property on a GiST index:
 * `box` is the area the location searches (the place's bounds for radius 0, the bounds widened by the
 * radius for a larger one, or the bounding box of its circle for a place without bounds; migration
 * 0037), and the exact distance is checked after it, as the property search does.
 */
export const alertLocations = pgTable(
  'alert_locations',
  {
    contact_applicant_id: integer('contact_applicant_id')
      .notNull()
      .references(() => contactApplicants.contact_applicant_id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Miles; 0 means the place's bounds when known (SPEC §9 'This area only'). */
    radius: doublePrecision('radius').notNull(),
    /** True when radius 0 names the place's bounds, which `box` then is. */
    is_bounds: boolean('is_bounds').notNull(),
    box: cube('box').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contact_applicant_id, t.position] }), index('alert_locations_box_idx').using('gist', t.box)],
)

/**
 * A property matched to an alert, waiting for the alert's next e-mail (mailed_at null) or already in
 * one. One waiting row per alert and property: a later event of the same property updates it.
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    alert_match_id: serial('alert_match_id').primaryKey(),
    contact_applicant_id: integer('contact_applicant_id')
      .notNull()
      .references(() => contactApplicants.contact_applicant_id, { onDelete: 'cascade' }),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    property_event_id: integer('property_event_id'),
    kind: text('kind').$type<PropertyEventKind>().notNull(),
    old_price: integer('old_price'),
    new_price: integer('new_price').notNull(),
    is_pre_market: boolean('is_pre_market').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailed_at: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_matches_waiting_idx').on(t.contact_applicant_id, t.property_profile_id).where(sql`${t.mailed_at} is null`),
    index('alert_matches_due_idx').on(t.created_at).where(sql`${t.mailed_at} is null`),
  ],
)

/**
 * What each alert has been sent: a property and the price it was sent at. A property is never sent to
 * the same alert again unless its price falls below that price.
 */
export const alertSentProperties = pgTable(
  'alert_sent_properties',
  {
    contact_applicant_id: integer('contact_applicant_id')
      .notNull()
      .references(() => contactApplicants.contact_applicant_id, { onDelete: 'cascade' }),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contact_applicant_id, t.property_profile_id] })],
)

/**
 * Evidence of consent to alert e-mails (PECR, UK GDPR): when and how a contact agreed (the form's
 * consent text and version, the confirmation) and every unsubscribe. Kept when the contact or alert
 * goes (their ids become null; the e-mail address stays with the record).
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    consent_event_id: serial('consent_event_id').primaryKey(),
    contact_id: integer('contact_id').references(() => contacts.contact_id, { onDelete: 'set null' }),
    contact_applicant_id: integer('contact_applicant_id').references(() => contactApplicants.contact_applicant_id, { onDelete: 'set null' }),
    email: text('email'),
    action: text('action').$type<ConsentAction>().notNull(),
    method: text('method').$type<ConsentMethod>().notNull(),
    consent_text: text('consent_text'),
    consent_version: integer('consent_version'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_events_contact_idx').on(t.contact_id, t.created_at), index('consent_events_applicant_idx').on(t.contact_applicant_id)],
)
