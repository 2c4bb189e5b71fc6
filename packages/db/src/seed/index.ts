/**
 * The demo data generator: branches, company settings and any number of believable GB properties
 * with photos, floor plans, EPCs and price history, the same for the same seed.
 */
import { refreshDemoPostcodes } from '../places/postcodes.ts'
import { sql, type SQL } from 'drizzle-orm'
import type { Database, Db } from '../client.ts'
import { queryRows } from '../client.ts'
import { vacuumCatalogue } from '../maintenance.ts'
import type { MediaStore } from '../media-store/store.ts'
import { branches, companySettings } from '../schema/index.ts'
import { AGENCY_NAME, getDemoBranches, getDemoSettings } from './branches.ts'
import {
  generateProperty,
  type EpcRow,
  type FloorPlanRow,
  type GenerateContext,
  type GeneratedProperty,
  type MediaRow,
  type PriceRow,
  type PropertyRow,
} from './generate.ts'
import { ExteriorBook } from './exterior-book.ts'
import { createTownPicker } from './places.ts'
import { seedAlertReferenceData } from './questions.ts'
import { ensureDocuments, ensureImagePool, listDocuments } from './pool.ts'
import { ensureCompanyDocuments } from './company-documents.ts'

export { AGENCY_DOMAIN, AGENCY_NAME } from './branches.ts'
export { DEMO_COMPANY_PROFILE, DEMO_LOGO_SVG } from './company.ts'
export { ensureImagePool } from './pool.ts'
export { CMP_CERTIFICATE_FILE, putCompanyDocument, renderCmpCertificatePdf } from './company-documents.ts'
export { BUYER_QUESTIONS, SUBSCRIPTION_TYPES, TENANT_QUESTIONS, findQuestionId, seedAlertReferenceData, type SeedQuestion } from './questions.ts'
export { Random } from './random.ts'
export { toSlug } from './words.ts'
export type { EpcRow, FloorPlanRow, MediaRow, PriceRow, PropertyRow } from './generate.ts'

/** What to generate. */
export interface SeedOptions {
  /** How many properties to add. */
  properties: number
  /** Same seed, same rows (default 1). */
  seed?: number
  /** The media store; the image pool is rendered under `pool/` once. */
  mediaStore: MediaStore
  /** A store kept between demo set-ups the image pool is copied from, or to once rendered (ensureImagePool). */
  poolCache?: MediaStore
  /** The moment listings are dated back from (default: the start of the current UTC day). */
  now?: Date
  /** Empty the catalogue tables first (TRUNCATE … RESTART IDENTITY CASCADE) and restore default settings. */
  reset?: boolean
  /** Progress lines (default: none). */
  log?: (line: string) => void
}

/** What a run wrote. */
export interface SeedSummary {
  properties: number
  medias: number
  floorPlans: number
  epcs: number
  priceHistory: number
  branches: number
  /** Whether the image pool had to be rendered (false when it already existed). */
  poolGenerated: boolean
  elapsedMs: number
}

/** Properties generated and inserted per round trip: big enough to amortise, small enough for memory. */
const CHUNK_SIZE = 2_000

/**
 * Fills the database with demo data. Properties are appended after any already there (their ids and
 * random streams continue, so two runs of 1,000 equal one run of 2,000); branches and, with `reset`,
 * settings are upserted. Everything is written in one transaction.
 */
export async function seedDemoData(database: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now()
  const count = options.properties
  if (!Number.isInteger(count) || count < 0) throw new Error(`properties must be a whole number ≥ 0, got ${count}`)
  const seed = options.seed ?? 1
  const now = options.now ?? startOfUtcDay(new Date())
  const log = options.log ?? (() => {})

  const poolGenerated = await ensureImagePool(options.mediaStore, options.poolCache)
  if (poolGenerated) log(`rendered the image pool into ${options.mediaStore.description}`)
  if (await ensureCompanyDocuments(options.mediaStore)) log('wrote the demo client money protection certificate')
  const documents = count > 0 ? await listDocuments(options.mediaStore) : new Set<string>()

  const branchRows = getDemoBranches()
  const ctx: GenerateContext = { seed, now, agencyName: AGENCY_NAME, towns: createTownPicker(), branches: branchRows, exteriors: new ExteriorBook() }
  const totals = { medias: 0, floorPlans: 0, epcs: 0, priceHistory: 0 }

  await database.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    if (options.reset) {
      await db.execute(
        sql`truncate table price_history, epcs, floor_plans, property_medias, properties, branches restart identity cascade`,
      )
    }
    await upsertBranches(db, branchRows)
    await upsertSettings(db, options.reset === true)
    await seedAlertReferenceData(db)

    const [{ max_id: maxId } = { max_id: 0 }] = await queryRows<{ max_id: number }>(
      db,
      sql`select coalesce(max(property_profile_id), 0)::int as max_id from properties`,
    )
    // A run that appends books its exteriors against the properties already there.
    if (maxId > 0) {
      const earlier = await queryRows<{ town: string; branch_id: number | null; transaction_type_id: number; created_ms: number; file: string }>(
        db,
        sql`select p.town, p.branch_id, p.transaction_type_id, (extract(epoch from p.created_at) * 1000)::float8 as created_ms, m.file from properties p
          join property_medias m on m.property_profile_id = p.property_profile_id and m.position = 0 order by p.property_profile_id`,
      )
      for (const e of earlier) ctx.exteriors?.add(e.file, { town: e.town, branchId: e.branch_id, typeId: e.transaction_type_id, createdMs: Number(e.created_ms) })
    }
    // The postcode places follow every insert (a statement trigger refreshes the districts it touched);
    // a bulk load touches every district in every chunk, so the trigger waits until the end and the
    // districts are refreshed once. The transaction holds the table, so no one sees the gap.
    await db.execute(sql`alter table properties disable trigger properties_postcode_places_insert`)
    for (let offset = 0; offset < count; offset += CHUNK_SIZE) {
      const size = Math.min(CHUNK_SIZE, count - offset)
      const chunk: GeneratedProperty[] = new Array(size)
      for (let i = 0; i < size; i++) {
        const id = maxId + offset + i + 1
        chunk[i] = generateProperty(ctx, id - 1, id)
      }
      // Each property's EPC chart and floor plans, drawn from its own scores and rooms.
      await ensureDocuments(options.mediaStore, chunk.flatMap((p) => p.documents), documents)
      const written = await insertChunk(db, chunk)
      totals.medias += written.medias
      totals.floorPlans += written.floorPlans
      totals.epcs += written.epcs
      totals.priceHistory += written.priceHistory
      if ((offset / CHUNK_SIZE) % 10 === 9) log(`${offset + size} properties written`)
    }
    // The catalogue's version is set at commit by deferred triggers (migration 0031); a table with
    // such triggers still to fire cannot be altered, so they fire now.
    await db.execute(sql`set constraints all immediate`)
    await db.execute(sql`alter table properties enable trigger properties_postcode_places_insert`)
    if (count > 0) {
      await db.execute(
        sql`select setval(pg_get_serial_sequence('properties', 'property_profile_id'), (select max(property_profile_id) from properties))`,
      )
      await db.execute(
        sql`select refresh_postcode_places(array(select distinct postcode_district from properties where property_profile_id > ${maxId} and postcode_district is not null))`,
      )
    }
    // The demo places a feed's properties by its own stock's postcodes until the UK's are loaded.
    await refreshDemoPostcodes(db)
  })
  await vacuumCatalogue(database.db)

  return {
    properties: count,
    ...totals,
    branches: branchRows.length,
    poolGenerated,
    elapsedMs: Math.round(performance.now() - started),
  }
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
}

async function upsertBranches(db: Db, rows: ReturnType<typeof getDemoBranches>): Promise<void> {
  await db
    .insert(branches)
    .values(rows)
    .onConflictDoUpdate({
      target: branches.branch_id,
      set: {
        name: sql`excluded.name`,
        branch_name: sql`excluded.branch_name`,
        phone: sql`excluded.phone`,
        email: sql`excluded.email`,
        address: sql`excluded.address`,
        postcode: sql`excluded.postcode`,
        lat: sql`excluded.lat`,
        lng: sql`excluded.lng`,
        show_button: sql`excluded.show_button`,
        button_label: sql`excluded.button_label`,
        business_link: sql`excluded.business_link`,
        marker_image: sql`excluded.marker_image`,
        color: sql`excluded.color`,
        version: sql`excluded.version`,
        opening_hours: sql`excluded.opening_hours`,
        team: sql`excluded.team`,
      },
    })
}

/**
 * Settings are written when missing; a reset also restores the demo values, while a plain re-run
 * keeps whatever was changed since (e.g. with `npm run settings`).
 */
async function upsertSettings(db: Db, overwrite: boolean): Promise<void> {
  const insert = db.insert(companySettings).values(getDemoSettings())
  if (overwrite) {
    await insert.onConflictDoUpdate({
      target: companySettings.setting_id,
      set: { value: sql`excluded.value`, updated_at: sql`now()` },
    })
  } else {
    await insert.onConflictDoNothing({ target: companySettings.setting_id })
  }
}

const PROPERTY_COLUMNS = [
  'property_profile_id', 'transaction_type_id', 'property_type_id', 'property_style_id', 'branch_id', 'slug',
  'advert_heading', 'summary', 'description', 'features', 'bedroom', 'bathroom', 'reception', 'price',
  'price_qualifier', 'new_home', 'shared_ownership', 'retirement', 'short_let', 'house_flat_share',
  'pets_allowed', 'bills_included', 'furnishing', 'garden_type', 'has_garden', 'has_parking', 'availability',
  'is_locked', 'address_line_1', 'address_line_2', 'town', 'county', 'postcode', 'display_address', 'lat', 'lng', 'location_precision',
  'tenure', 'council_tax_band', 'epc_rating', 'available_from', 'deposit', 'agent_ref', 'feed_hash', 'created_at', 'updated_at',
  'epc_potential_rating', 'epc_current_score', 'epc_potential_score', 'lease_years_remaining', 'ground_rent',
  'service_charge', 'construction', 'electricity_supply', 'water_supply', 'sewerage', 'heating', 'broadband',
  'mobile_signal', 'parking', 'building_safety', 'restrictions', 'rights_and_easements', 'flood_risk', 'accessibility',
] as const satisfies ReadonlyArray<keyof GeneratedProperty['property']>
const MEDIA_COLUMNS = ['property_profile_id', 'position', 'kind', 'file', 'link', 'caption', 'is_downloadable'] as const
const FLOOR_PLAN_COLUMNS = ['property_profile_id', 'position', 'file'] as const
const EPC_COLUMNS = ['property_profile_id', 'position', 'file', 'pdf_file'] as const
const PRICE_COLUMNS = ['property_profile_id', 'price', 'changed_at'] as const

/**
 * One statement per table per chunk: the rows travel as a single JSON parameter and PostgreSQL
 * unpacks them with json_populate_recordset against the table's own row type. That is one parse and
 * one round trip for thousands of rows, on PGlite and node-postgres alike, with no 65,535-parameter cap.
 */
async function insertJson(db: Db, table: string, columns: readonly string[], rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '))
  const query: SQL = sql`insert into ${sql.raw(`"${table}"`)} (${list}) select ${list} from json_populate_recordset(null::${sql.raw(`"${table}"`)}, ${JSON.stringify(rows)}::json)`
  await db.execute(query)
}

async function insertChunk(
  db: Db,
  chunk: GeneratedProperty[],
): Promise<{ medias: number; floorPlans: number; epcs: number; priceHistory: number }> {
  const medias = chunk.flatMap((p) => p.medias)
  const plans = chunk.flatMap((p) => p.floorPlans)
  const epcRows = chunk.flatMap((p) => p.epcs)
  const prices = chunk.flatMap((p) => p.prices)
  await insertCatalogueRows(db, { properties: chunk.map((p) => p.property), medias, floorPlans: plans, epcs: epcRows, prices })
  return { medias: medias.length, floorPlans: plans.length, epcs: epcRows.length, priceHistory: prices.length }
}

/** Catalogue rows to write: each list may be empty. */
export interface CatalogueRows {
  properties: readonly PropertyRow[]
  medias: readonly MediaRow[]
  floorPlans: readonly FloorPlanRow[]
  epcs: readonly EpcRow[]
  prices: readonly PriceRow[]
}

/**
 * The one way properties and their media are inserted, by the demo seed and the feed importer alike,
 * so a rule about these rows (a derived column, a key) holds for both.
 */
export async function insertCatalogueRows(db: Db, rows: CatalogueRows): Promise<void> {
  await insertJson(db, 'properties', PROPERTY_COLUMNS, rows.properties)
  await insertJson(db, 'property_medias', MEDIA_COLUMNS, rows.medias)
  await insertJson(db, 'floor_plans', FLOOR_PLAN_COLUMNS, rows.floorPlans)
  await insertJson(db, 'epcs', EPC_COLUMNS, rows.epcs)
  await insertJson(db, 'price_history', PRICE_COLUMNS, rows.prices)
}

/**
 * Rewrites existing properties (matched by property_profile_id) from full rows, in one statement per
 * call; created_at is kept. The importer's update path, beside the insert path above.
 */
export async function updatePropertyRows(db: Db, rows: readonly PropertyRow[]): Promise<void> {
  if (rows.length === 0) return
  const columns = PROPERTY_COLUMNS.filter((c) => c !== 'property_profile_id' && c !== 'created_at')
  const set = sql.raw(columns.map((c) => `"${c}" = source."${c}"`).join(', '))
  await db.execute(
    sql`update properties set ${set} from json_populate_recordset(null::properties, ${JSON.stringify(rows)}::json) as source where properties.property_profile_id = source.property_profile_id`,
  )
}
