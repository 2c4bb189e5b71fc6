import type { LocationPrecision, OpeningHours, TeamMember } from '@agency/domain'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** A PostgreSQL full-text document (read only inside queries, never selected). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** SPEC §3 Property type. */
export const propertyTypes = pgTable('property_types', {
  property_type_id: integer('property_type_id').primaryKey(),
  name: text('name').notNull(),
})

/** SPEC §3 Property style, belonging to a type. */
export const propertyStyles = pgTable(
  'property_styles',
  {
    property_style_id: integer('property_style_id').primaryKey(),
    property_type_id: integer('property_type_id')
      .notNull()
      .references(() => propertyTypes.property_type_id),
    name: text('name').notNull(),
  },
  (t) => [index('property_styles_type_idx').on(t.property_type_id)],
)

/** A branch of the agency; SPEC §3 Map marker fields. */
export const branches = pgTable('branches', {
  branch_id: integer('branch_id').primaryKey(),
  name: text('name').notNull(),
  branch_name: text('branch_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  address: text('address').notNull(),
  postcode: text('postcode').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  show_button: boolean('show_button').notNull().default(true),
  button_label: text('button_label').notNull().default('View on Google Map'),
  business_link: text('business_link').notNull(),
  marker_image: text('marker_image'),
  color: text('color').notNull().default('#0b4f6c'),
  version: integer('version').notNull().default(1),
  /** When the branch is open, one entry per open day (domain OpeningHoursSchema); none known: []. */
  opening_hours: jsonb('opening_hours').$type<OpeningHours[]>().notNull().default([]),
  /** The people its page introduces, in the order shown (domain TeamMemberSchema). */
  team: jsonb('team').$type<TeamMember[]>().notNull().default([]),
})

/** A property's postcode without spaces, in capitals ('LS14AP'), as SQL over the `postcode` column. */
const COMPACT_POSTCODE = `upper(regexp_replace(postcode, '[^A-Za-z0-9]', '', 'g'))`
/** Whether that is shaped like a full UK postcode; anything else has no postcode place. */
const IS_FULL_POSTCODE = `${COMPACT_POSTCODE} ~ '^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$'`

/**
 * A locked property's heading per search type, as the keyword search reads it (domain's
 * toLockedHeading; a test holds the two equal), for the indexes of locked cards' words.
 */
export const LOCKED_CARD_HEADINGS = { sales: 'Pre-market property for sale', lettings: 'Pre-market property to rent' } as const

/**
 * A property on the market (or pre-market when is_locked). Money in whole pounds; lettings prices are
 * per calendar month. Boolean attributes feed SPEC §3's include/exclude/show-only filters.
 */
export const properties = pgTable(
  'properties',
  {
    property_profile_id: serial('property_profile_id').primaryKey(),
    transaction_type_id: smallint('transaction_type_id').notNull(),
    property_type_id: integer('property_type_id')
      .notNull()
      .references(() => propertyTypes.property_type_id),
    property_style_id: integer('property_style_id').references(() => propertyStyles.property_style_id),
    branch_id: integer('branch_id').references(() => branches.branch_id),
    slug: text('slug').notNull(),
    advert_heading: text('advert_heading').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    bedroom: smallint('bedroom').notNull(),
    /** Null when not known (a feed without BATHROOMS / LIVING_ROOMS): shown nowhere, never as 0. */
    bathroom: smallint('bathroom'),
    reception: smallint('reception'),
    price: integer('price').notNull(),
    price_qualifier: text('price_qualifier').notNull(),
    new_home: boolean('new_home').notNull().default(false),
    shared_ownership: boolean('shared_ownership').notNull().default(false),
    retirement: boolean('retirement').notNull().default(false),
    short_let: boolean('short_let').notNull().default(false),
    house_flat_share: boolean('house_flat_share').notNull().default(false),
    pets_allowed: boolean('pets_allowed').notNull().default(false),
    bills_included: boolean('bills_included').notNull().default(false),
    /** 'furnished' | 'part_furnished' | 'unfurnished'; null for sales. */
    furnishing: text('furnishing'),
    /** SPEC §9 garden type 1..8; null when there is no garden. */
    garden_type: smallint('garden_type'),
    has_garden: boolean('has_garden').notNull().default(false),
    has_parking: boolean('has_parking').notNull().default(false),
    /** 'available' | 'sstc' | 'under_offer' | 'let_agreed'. */
    availability: text('availability').notNull().default('available'),
    is_locked: boolean('is_locked').notNull().default(false),
    address_line_1: text('address_line_1').notNull(),
    address_line_2: text('address_line_2'),
    town: text('town').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    display_address: text('display_address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /**
     * How exactly lat/lng are known (domain LOCATION_PRECISIONS): at the full postcode (or the feed's
     * own coordinates), the postcode district's centre, or the town's centre. Only 'postcode'
     * positions make the gazetteer's postcode places.
     */
    location_precision: text('location_precision').$type<LocationPrecision>().notNull().default('postcode'),
    /**
     * What a caller who may not see a locked property may know of it, kept beside the real values so
     * searches can filter and sort on them: its position rounded to about a kilometre (two decimal
     * places), and no price. Equal to lat, lng and price for every other property.
     */
    public_lat: doublePrecision('public_lat').generatedAlwaysAs(sql`CASE WHEN is_locked THEN round(lat::numeric, 2)::double precision ELSE lat END`),
    public_lng: doublePrecision('public_lng').generatedAlwaysAs(sql`CASE WHEN is_locked THEN round(lng::numeric, 2)::double precision ELSE lng END`),
    public_price: integer('public_price').generatedAlwaysAs(sql`CASE WHEN is_locked THEN NULL ELSE price END`),
    /**
     * The postcode in its one written form ('LS1 4AP') and its district ('LS1'), null when the postcode
     * is not shaped like one: the keys of the gazetteer's postcode places (`refresh_postcode_places`).
     */
    postcode_unit: text('postcode_unit').generatedAlwaysAs(
      sql.raw(`CASE WHEN ${IS_FULL_POSTCODE} THEN left(${COMPACT_POSTCODE}, -3) || ' ' || right(${COMPACT_POSTCODE}, 3) END`),
    ),
    postcode_district: text('postcode_district').generatedAlwaysAs(
      sql.raw(`CASE WHEN ${IS_FULL_POSTCODE} THEN left(${COMPACT_POSTCODE}, -3) END`),
    ),
    tenure: text('tenure'),
    council_tax_band: text('council_tax_band'),
    epc_rating: text('epc_rating'),
    available_from: date('available_from'),
    deposit: integer('deposit'),
    // EPC (Energy Performance Certificate): the potential rating beside the current epc_rating, and
    // both SAP scores (1–100+) the A–G chart points at.
    epc_potential_rating: text('epc_potential_rating'),
    epc_current_score: smallint('epc_current_score'),
    epc_potential_score: smallint('epc_potential_score'),
    // Material information (National Trading Standards parts A–C). Null means not known: the page
    // says 'Ask the agent'. Money in whole pounds a year.
    lease_years_remaining: smallint('lease_years_remaining'),
    ground_rent: integer('ground_rent'),
    service_charge: integer('service_charge'),
    construction: text('construction'),
    electricity_supply: text('electricity_supply'),
    water_supply: text('water_supply'),
    sewerage: text('sewerage'),
    heating: text('heating'),
    broadband: text('broadband'),
    mobile_signal: text('mobile_signal'),
    parking: text('parking'),
    building_safety: text('building_safety'),
    restrictions: text('restrictions'),
    rights_and_easements: text('rights_and_easements'),
    flood_risk: text('flood_risk'),
    accessibility: text('accessibility'),
    /** The agency's own reference (BLM AGENT_REF) of a property a feed brought in; null for others. */
    agent_ref: text('agent_ref'),
    /** Hash of the feed record (and its media) last imported, so an unchanged record is skipped. */
    feed_hash: text('feed_hash'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What a keyword search reads of a property a caller may see in full: its heading, summary,
     * description and features, stemmed as English words.
     */
    search_document: tsvector('search_document').generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, advert_heading || ' ' || summary || ' ' || description) || jsonb_to_tsvector('english'::regconfig, features, '["string"]'::jsonb)`,
    ),
  },
  (t) => [
    // Keyword search, one index per transaction type: a search names its type, and a single index
    // made PostgreSQL AND its matches with the 65,000 entries of the type's btree before any recheck
    // (count at 100,000 properties 98 → 41 ms).
    index('properties_search_document_sales_idx').using('gin', t.search_document).where(sql`${t.transaction_type_id} = 1`),
    index('properties_search_document_lettings_idx').using('gin', t.search_document).where(sql`${t.transaction_type_id} = 2`),
    // A visitor's keywords match a locked property by its locked card's words: the heading of its
    // search type and its town, indexed as the search writes them (the heading a bound value, which
    // PostgreSQL folds in before it plans), so no search makes them anew for every locked property.
    index('properties_locked_card_sales_idx')
      .using('gin', sql`to_tsvector('english', ${sql.raw(`'${LOCKED_CARD_HEADINGS.sales}'`)} || ' ' || ${t.town})`)
      .where(sql`${t.is_locked} and ${t.transaction_type_id} = 1`),
    index('properties_locked_card_lettings_idx')
      .using('gin', sql`to_tsvector('english', ${sql.raw(`'${LOCKED_CARD_HEADINGS.lettings}'`)} || ' ' || ${t.town})`)
      .where(sql`${t.is_locked} and ${t.transaction_type_id} = 2`),
    index('properties_list_idx').on(t.transaction_type_id, t.availability, t.created_at.desc()),
    // Newest first across every availability (include_unavailable), with the id tiebreak of the sort.
    index('properties_newest_idx').on(t.transaction_type_id, t.created_at.desc().nullsLast(), t.property_profile_id.desc()),
    index('properties_price_idx').on(t.transaction_type_id, t.price),
    // Positions are indexed by covering indexes, which drizzle cannot declare (INCLUDE), in the
    // migrations: properties_geo_band_cover_idx (its band of latitude, lng, lat; 0029) and, for a visitor's search, the locked
    // properties' properties_locked_public_geo_cover_idx (transaction_type_id, public_lat, public_lng).
    // So is properties_search_cover_idx (0021), for the list's filters in newest-first order.
    index('properties_type_idx').on(t.property_type_id, t.property_style_id),
    // Similar properties: a branch's properties of one type by price (newest first among equal prices),
    // walked from the property's price up and down; a property without a branch, its town's.
    index('properties_similar_idx').on(t.branch_id, t.transaction_type_id, t.property_type_id, t.price, t.created_at.desc().nullsFirst(), t.property_profile_id.desc().nullsFirst()),
    index('properties_similar_town_idx')
      .on(t.town, t.transaction_type_id, t.property_type_id, t.price, t.created_at.desc().nullsFirst(), t.property_profile_id.desc().nullsFirst())
      .where(sql`${t.branch_id} is null`),
    // The places of a district are rebuilt from its properties whenever one of them changes.
    index('properties_postcode_district_idx').on(t.postcode_district),
    // A visitor's searches: prices with the locked last.
    index('properties_public_price_desc_idx').on(t.transaction_type_id, t.public_price.desc().nullsLast(), t.property_profile_id.desc()),
    index('properties_public_price_asc_idx').on(t.transaction_type_id, t.public_price.asc().nullsLast(), t.property_profile_id.asc()),
    uniqueIndex('properties_agent_ref_idx').on(t.agent_ref),
  ],
)

/**
 * SPEC §3 Media of a property: photos (file under the media store), videos and virtual tours (links,
 * with a poster file). `position` orders the gallery; position 0 is the card image.
 */
export const propertyMedias = pgTable(
  'property_medias',
  {
    property_profile_media_id: serial('property_profile_media_id').primaryKey(),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /**
     * The media's name in URLs: random, so a caller cannot count or guess the media of a property it may
     * not see from the ids of those it may (the serial id stays internal).
     */
    media_key: uuid('media_key').notNull().defaultRandom().unique(),
    /** 'photo' | 'video' | 'virtual_tour'. */
    kind: text('kind').notNull(),
    /** Path of the picture in the media store (the photo, or the poster of a video or tour). */
    file: text('file').notNull(),
    /** External link for a video (iframe-playable) or a virtual tour. */
    link: text('link'),
    caption: text('caption'),
    is_downloadable: boolean('is_downloadable').notNull().default(false),
  },
  (t) => [index('property_medias_property_idx').on(t.property_profile_id, t.position)],
)

/** SPEC §3 Floor plan. */
export const floorPlans = pgTable(
  'floor_plans',
  {
    floor_plan_id: serial('floor_plan_id').primaryKey(),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /**
     * The floor plan's name in URLs: random, so a caller cannot count or guess the media of a property it may
     * not see from the ids of those it may (the serial id stays internal).
     */
    media_key: uuid('media_key').notNull().defaultRandom().unique(),
    file: text('file').notNull(),
  },
  (t) => [index('floor_plans_property_idx').on(t.property_profile_id, t.position)],
)

/** SPEC §3 EPC: an image, or a PDF with a preview image. */
export const epcs = pgTable(
  'epcs',
  {
    epc_id: serial('epc_id').primaryKey(),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /**
     * The EPC's name in URLs: random, so a caller cannot count or guess the media of a property it may
     * not see from the ids of those it may (the serial id stays internal).
     */
    media_key: uuid('media_key').notNull().defaultRandom().unique(),
    /** Preview image in the media store. */
    file: text('file').notNull(),
    /** The PDF in the media store, when the EPC is a PDF. */
    pdf_file: text('pdf_file'),
  },
  (t) => [index('epcs_property_idx').on(t.property_profile_id, t.position)],
)

/** A property's documents other than the EPC (the feed's brochures): PDFs kept as they came. */
export const propertyDocuments = pgTable(
  'property_documents',
  {
    property_document_id: serial('property_document_id').primaryKey(),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /**
     * The document's name in URLs: random, so a caller cannot count or guess the media of a property it
     * may not see from the ids of those it may (the serial id stays internal).
     */
    media_key: uuid('media_key').notNull().defaultRandom().unique(),
    /** The PDF in the media store. */
    file: text('file').notNull(),
    /** The feed's caption (MEDIA_DOCUMENT_TEXT_nn), if any. */
    caption: text('caption'),
    /** The file's size in bytes. */
    size_bytes: integer('size_bytes'),
  },
  (t) => [index('property_documents_property_idx').on(t.property_profile_id, t.position)],
)

/** A row per price change of a property. */
export const priceHistory = pgTable(
  'price_history',
  {
    price_history_id: serial('price_history_id').primaryKey(),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_history_property_idx').on(t.property_profile_id, t.changed_at)],
)

/**
 * The catalogue's version, one row: the id of the last transaction that wrote a property or a price
 * change, set by triggers as each such transaction commits (migration 0031), whoever writes (the API,
 * a feed import, the property CLI, SQL by hand). A search's statement reads it beside its matches, in
 * one snapshot, so a count kept from an earlier search of the same filters is still the count while
 * the version is the same (apps/api/src/queries/kept-counts.ts).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id}`)],
)

/** Company settings by id (SPEC §7; 51 = registration intro text). Values are JSON. */
export const companySettings = pgTable('company_settings', {
  setting_id: integer('setting_id').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One run of the property feed import (BLM v3), whether it wrote, was a dry run or was refused: what
 * it counted and every record it could not take, with its line.
 */
export const feedImports = pgTable(
  'feed_imports',
  {
    feed_import_id: serial('feed_import_id').primaryKey(),
    /** 'blm'. */
    feed: text('feed').notNull(),
    /** The file's name as given (a path's last part, or the upload's name). */
    source: text('source').notNull(),
    /** 'imported' | 'dry_run' | 'refused' | 'failed'. */
    outcome: text('outcome').notNull(),
    /** Why the safe-import guard refused the file, or why it failed. */
    reason: text('reason'),
    forced: boolean('forced').notNull().default(false),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    withdrawn: integer('withdrawn').notNull().default(0),
    restored: integer('restored').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** The whole report as the command printed it and the API answered it. */
    report: jsonb('report').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the branches were e-mailed the lettings this import refused to publish (null: not yet, or none to tell). */
    refusals_notified_at: timestamp('refusals_notified_at', { withTimezone: true }),
  },
  (t) => [index('feed_imports_started_idx').on(t.started_at.desc())],
)
