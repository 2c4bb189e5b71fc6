import type { AlertCriteria, AlertFrequency, QuestionAnswerValue } from '@agency/domain'
import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * SPEC §3 Applicant criteria: the search filters an alert keeps (packages/domain AlertCriteria, whose
 * locations are whole SPEC §3 Locations with their radius in miles).
 */
export type ApplicantCriteria = AlertCriteria

/** SPEC §3: an applicant's answers, kept by question id. */
export type ApplicantQuestionAnswers = Record<string, QuestionAnswerValue>

/** SPEC §3 Contact. salutation_id defaults to 2 (Miss); contact_source_id 35 is an online registration. */
export const contacts = pgTable('contacts', {
  contact_id: serial('contact_id').primaryKey(),
  salutation_id: smallint('salutation_id').notNull().default(2),
  name: text('name').notNull(),
  surname: text('surname').notNull(),
  contact_source_id: integer('contact_source_id'),
  /**
   * A contact a logged-out visitor typed in (an alert registration): kept apart from every other
   * contact until the e-mailed confirmation merges it, so typing an e-mail reveals and changes nothing.
   */
  is_pending: boolean('is_pending').notNull().default(false),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * SPEC §3 communication infos: an e-mail address or mobile number of a contact. An e-mail address
 * names at most one contact (case-insensitively), so a login link always reaches one identity.
 */
export const communicationInfos = pgTable(
  'communication_infos',
  {
    communication_info_id: serial('communication_info_id').primaryKey(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    /** COMMUNICATION_METHOD of packages/domain: 1 e-mail, 2 mobile phone. */
    communication_method_id: smallint('communication_method_id').notNull(),
    value: text('value').notNull(),
    preferred: boolean('preferred').notNull().default(false),
    /** The info of a pending contact: outside the one-contact-per-e-mail rule until it is confirmed. */
    is_pending: boolean('is_pending').notNull().default(false),
  },
  (t) => [
    index('communication_infos_contact_idx').on(t.contact_id),
    uniqueIndex('communication_infos_email_idx')
      .on(sql`lower(${t.value})`)
      .where(sql`${t.communication_method_id} = 1 and not ${t.is_pending}`),
  ],
)

/** SPEC §3 contact addresses, ordered by position; the first carries display_name. */
export const contactAddresses = pgTable(
  'contact_addresses',
  {
    contact_address_id: serial('contact_address_id').primaryKey(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    display_name: text('display_name'),
    address_line_1: text('address_line_1'),
    address_line_2: text('address_line_2'),
    town: text('town'),
    county: text('county'),
    postcode: text('postcode'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
  },
  (t) => [index('contact_addresses_contact_idx').on(t.contact_id, t.position)],
)

/** SPEC §3 contact profiles (SPEC §4 ids: vendor 2, buyer 3, landlord 4, tenant 5). */
export const contactProfiles = pgTable(
  'contact_profiles',
  {
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    profile_id: smallint('profile_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contact_id, t.profile_id] })],
)

/** What a contact may be e-mailed about (the alert form's consent checkbox subscribes to these). */
export const subscriptionTypes = pgTable('subscription_types', {
  subscription_type_id: integer('subscription_type_id').primaryKey(),
  name: text('name').notNull(),
})

/** SPEC §3 contact subscription_types. */
export const contactSubscriptions = pgTable(
  'contact_subscriptions',
  {
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    subscription_type_id: integer('subscription_type_id')
      .notNull()
      .references(() => subscriptionTypes.subscription_type_id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contact_id, t.subscription_type_id] })],
)

/**
 * SPEC §3 Applicant (an alert): a buyer or tenant search profile of a contact. applicant_key is an
 * unguessable capability (API.md: an applicant is readable by its key or its own contact's session).
 * Status ON 1, OFF 2 (SPEC §4).
 */
export const contactApplicants = pgTable(
  'contact_applicants',
  {
    contact_applicant_id: serial('contact_applicant_id').primaryKey(),
    applicant_key: text('applicant_key').notNull().unique(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    profile_id: smallint('profile_id').notNull(),
    contact_applicant_status_id: smallint('contact_applicant_status_id').notNull().default(1),
    criteria: jsonb('criteria').$type<ApplicantCriteria>().notNull(),
    question_answers: jsonb('question_answers').$type<ApplicantQuestionAnswers>().notNull().default(sql`'{}'::jsonb`),
    /** False for a visitor's registration until its e-mailed link is used (double opt-in). */
    is_confirmed: boolean('is_confirmed').notNull().default(true),
    /**
     * The hash of the cookie that lets the registering visitor's browser recall this pending alert
     * (its profile, for the /properties redirect and the success popup), and nothing more.
     */
    pending_cookie_hash: text('pending_cookie_hash'),
    /** The branch nearest the first location (SPEC §7 unknown_user_branch), told of the registration. */
    branch_id: integer('branch_id'),
    /** SPEC §7 optional kickback_log_id: the agency's record of the campaign that brought the registration. */
    kickback_log_id: integer('kickback_log_id'),
    /** How often its Heads Up e-mails go: 'instant' (the default), 'daily' or 'weekly' (packages/domain ALERT_FREQUENCIES). */
    alert_frequency: text('alert_frequency').$type<AlertFrequency>().notNull().default('instant'),
    /**
     * The capability of the e-mails' unsubscribe link: 64 hex characters from two random UUIDs (244
     * random bits). It switches this alert off and does nothing else.
     */
    unsubscribe_token: text('unsubscribe_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The alerts the Heads Up matching reads: confirmed and ON, by profile (buyer or tenant).
    index('contact_applicants_matchable_idx')
      .on(t.profile_id, t.contact_applicant_id)
      .where(sql`${t.contact_applicant_status_id} = 1 and ${t.is_confirmed}`),
    index('contact_applicants_contact_idx').on(t.contact_id, t.created_at.desc()),
    index('contact_applicants_pending_cookie_idx').on(t.pending_cookie_hash).where(sql`${t.pending_cookie_hash} is not null`),
  ],
)

/**
 * SPEC §3 Applicant contacts after the first: the people a registrant adds to an alert (a partner, a
 * co-buyer), in the form's order. The first contact is the alert's owner, `contact_applicants.contact_id`.
 * They are always pending contacts of their own, created by the alert, never an existing contact.
 */
export const contactApplicantContacts = pgTable(
  'contact_applicant_contacts',
  {
    contact_applicant_id: integer('contact_applicant_id')
      .notNull()
      .references(() => contactApplicants.contact_applicant_id, { onDelete: 'cascade' }),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contact_applicant_id, t.contact_id] }), index('contact_applicant_contacts_contact_idx').on(t.contact_id)],
)

/** SPEC §3 Applicant question of a buyer (profile 3) or tenant (profile 5) alert, in position order. */
export const contactQuestions = pgTable(
  'contact_questions',
  {
    contact_question_id: serial('contact_question_id').primaryKey(),
    profile_id: smallint('profile_id').notNull(),
    question: text('question').notNull(),
    question_key: text('question_key').notNull(),
    is_required: boolean('is_required').notNull().default(false),
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('contact_questions_key_idx').on(t.profile_id, t.question_key)],
)

/** SPEC §3 contact_question_options of a question, in position order. */
export const contactQuestionOptions = pgTable(
  'contact_question_options',
  {
    contact_question_option_id: serial('contact_question_option_id').primaryKey(),
    contact_question_id: integer('contact_question_id')
      .notNull()
      .references(() => contactQuestions.contact_question_id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('contact_question_options_question_idx').on(t.contact_question_id, t.position)],
)

/**
 * The double opt-in of an alert registered by a visitor: the magic link's rules (only the SHA-256 of
 * the token kept, single use, short-lived).
 */
export const applicantConfirmations = pgTable(
  'applicant_confirmations',
  {
    applicant_confirmation_id: serial('applicant_confirmation_id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    contact_applicant_id: integer('contact_applicant_id')
      .notNull()
      .references(() => contactApplicants.contact_applicant_id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('applicant_confirmations_applicant_idx').on(t.contact_applicant_id)],
)

/**
 * The first answer of a create command, by Idempotency-Key (API.md): a retry with the same key and
 * body answers it again and creates nothing. `scope` keeps callers apart (a contact, or visitors).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    request_hash: text('request_hash').notNull(),
    response_status: integer('response_status').notNull(),
    response_body: jsonb('response_body').notNull(),
    /** The alert the command created, so a visitor's retry can be remembered by their browser again. */
    contact_applicant_id: integer('contact_applicant_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.idempotency_key] }), index('idempotency_keys_created_idx').on(t.created_at)],
)

/**
 * A login link. Only the SHA-256 of the token is kept, so a copy of this table logs nobody in.
 * Single use (used_at) and short-lived (expires_at).
 */
export const magicLinks = pgTable(
  'magic_links',
  {
    magic_link_id: serial('magic_link_id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    request_page_url: text('request_page_url'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('magic_links_contact_idx').on(t.contact_id), index('magic_links_expires_idx').on(t.expires_at)],
)

/**
 * A logged-in browser. The cookie holds a random id; only its SHA-256 is kept here. A session ends at
 * expires_at (absolute) or after a stretch of idleness past last_seen_at, whichever comes first.
 */
export const sessions = pgTable(
  'sessions',
  {
    session_id_hash: text('session_id_hash').primaryKey(),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    active_contact_applicant_id: integer('active_contact_applicant_id').references(
      () => contactApplicants.contact_applicant_id,
      { onDelete: 'set null' },
    ),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_contact_idx').on(t.contact_id), index('sessions_expires_idx').on(t.expires_at)],
)

/**
 * Mail waiting to be sent, written in the same transaction as the change that causes it. A worker
 * claims due rows (locked_until past or null), sends them and sets sent_at; a failure pushes
 * locked_until back (backoff) and records last_error.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers, such as List-Unsubscribe for alert e-mails. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    locked_until: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.locked_until, t.id).where(sql`${t.sent_at} is null`)],
)

/**
 * Captcha challenges already solved once: a solution sent again is refused (a replay). A row may be
 * forgotten once its challenge has expired, since an expired challenge is refused anyway.
 */
export const spentCaptchaChallenges = pgTable(
  'spent_captcha_challenges',
  {
    challenge_id: text('challenge_id').primaryKey(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_captcha_challenges_expires_idx').on(t.expires_at)],
)

/** Fixed-window request counters, shared by every process of the site. */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.window_start] }), index('rate_limit_buckets_window_idx').on(t.window_start)],
)
