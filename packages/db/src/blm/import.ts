/**
 * The BLM v3 import: reads a feed (a `.blm`, or a zip with its media), upserts its properties by
 * AGENT_REF in one transaction, withdraws feed properties the file no longer lists (a full feed) and
 * brings them back when they reappear, writes price changes to the price history, stores media
 * through sharp, and keeps a report of every run in `feed_imports`.
 *
 * Properties and their media are written through the seed's own insert path (insertCatalogueRows),
 * and the gazetteer is rebuilt afterwards as after a seed, so rules about those rows hold for both.
 *
 * Safe-import guard: a file with no properties, or one that would withdraw more than `maxWithdrawShare`
 * of the live feed stock, is refused (and nothing written) unless `force` is set.
 */
import { createHash } from 'node:crypto'
import type { MediaStore } from '../media-store/store.ts'
import {
  BIDDING_PHRASES,
  DEFAULT_PRE_MARKET_RULE,
  DETERRING_PHRASES,
  SPECIFIC_RENT_QUALIFIERS,
  WITHDRAWN_AVAILABILITY,
  toNearest,
  toLettingsAdvertMessage,
  type LocationPrecision,
  type FeedImportIssue,
  type FeedImportReport,
  type PreMarketRule,
} from '@agency/domain'
import { inArray, sql } from 'drizzle-orm'
import type { Database, Db } from '../client.ts'
import { queryRows } from '../client.ts'
import { vacuumCatalogue } from '../maintenance.ts'
import { rebuildPlaces } from '../places/index.ts'
import { recordPropertyEvents, toPropertyEvents, type PropertyEventInput } from '../property-events.ts'
import { toPlaceSearchKey } from '../places/search-key.ts'
import { toPostcodeUnit } from '../places/postcodes.ts'
import { toSlug } from '../seed/words.ts'
import { branches, epcs, feedImports, floorPlans, propertyDocuments, propertyMedias } from '../schema/index.ts'
import type { EpcRow, FloorPlanRow, MediaRow, PriceRow, PropertyRow } from '../seed/generate.ts'
import { insertCatalogueRows, updatePropertyRows } from '../seed/index.ts'
import { collectBlmMedia, mapBlmRecord, isMediaUrl, type BlmMedia, type BlmMediaRef, type MappedBlmRecord } from './map.ts'
import { MediaError, storeEpcPreview, storePdf, storePicture, type PictureKind } from './media.ts'
import { BlmFormatError, readBlm, type BlmHeader } from './parse.ts'
import { createMediaFetcher, MediaFetchError, type MediaFetcher } from './media-fetch.ts'
import { BlmSourceError, openBlmSource, type BlmSource } from './source.ts'

/** The default share of the live feed stock one file may withdraw without `force`. */
export const DEFAULT_MAX_WITHDRAW_SHARE = 0.2

/** How an import runs. */
export interface BlmImportOptions {
  /** Path of the `.blm` or `.zip`. */
  file: string
  /** The name the report gives the file (default: the path's last part). */
  name?: string
  /** Where the originals go (the disk, PostgreSQL or a bucket: media-store/). */
  mediaStore: MediaStore
  /** Read and count everything, write nothing but the run's report. */
  dryRun?: boolean
  /** Import even what the safe-import guard refuses. */
  force?: boolean
  /** Share of the live feed stock a file may withdraw (0–1; default 0.2). */
  maxWithdrawShare?: number
  /** Which records are pre-market, so imported locked (default: PUBLISHED_FLAG 0). */
  preMarket?: PreMarketRule
  /** Hosts media links are fetched from even at addresses that are not public (IMPORT_ALLOWED_MEDIA_HOSTS). */
  allowedMediaHosts?: readonly string[]
  /** Downloads media given as links (default: createMediaFetcher, public addresses only). */
  fetchMedia?: MediaFetcher
  /** Where the run is logged (a line, and the report as details). */
  log?: (message: string, details?: object) => void
  /** The run's clock (tests). */
  now?: () => Date
}

/** One record the import could not take, or a part of one it could not use. */
export type BlmIssue = FeedImportIssue

/**
 * What a run did (or, refused or dry, would have done). `events` counts the changes alerts hear of;
 * the property events themselves (toPropertyEvents) are written in the file's transaction.
 */
export type BlmImportReport = FeedImportReport

const CHUNK = 2_000

class Rollback extends Error {}

interface Existing {
  property_profile_id: number
  agent_ref: string
  feed_hash: string | null
  price: number
  availability: string
  is_locked: boolean
  lat: number
  lng: number
  location_precision: LocationPrecision
}

interface Position {
  lat: number
  lng: number
}

/** Hash of the parts of a record's media that decide what is stored: names or links, and content fingerprints. */
async function toMediaSignature(media: BlmMedia, source: BlmSource): Promise<string> {
  const hash = createHash('sha256')
  const refs = [...media.photos, ...media.floorPlans, ...media.epcImages, ...media.epcDocuments]
  // Brochures join the signature under their own heading, so a change of one only redoes the record.
  for (const ref of media.brochures) refs.push({ source: `brochure:${ref.source}`, caption: ref.caption })
  for (const ref of refs) {
    // A link is known by its address: fetching every picture of every run to hash it would be the work
    // the hash is there to save. A file in the feed is known by its content.
    const name = ref.source.startsWith('brochure:') ? ref.source.slice('brochure:'.length) : ref.source
    const print = isMediaUrl(name) ? 'url' : ((await source.fingerprint(name)) ?? 'missing')
    hash.update(`${ref.source}\0${ref.caption ?? ''}\0${print}\n`)
  }
  hash.update(media.virtualTours.join('\n'))
  return hash.digest('hex').slice(0, 32)
}

/** Reads, checks and imports one feed file. Never throws for a bad file: the report says what was wrong. */
export async function importBlm(database: Pick<Database, 'db'>, options: BlmImportOptions): Promise<BlmImportReport> {
  const now = options.now ?? (() => new Date())
  const startedAt = now()
  const started = performance.now()
  const log = options.log ?? (() => undefined)
  const preMarket = options.preMarket ?? DEFAULT_PRE_MARKET_RULE
  const maxShare = options.maxWithdrawShare ?? DEFAULT_MAX_WITHDRAW_SHARE
  const report: BlmImportReport = {
    feed_import_id: null,
    source: options.name ?? options.file.split(/[\\/]/).pop() ?? options.file,
    outcome: options.dryRun ? 'dry_run' : 'imported',
    reason: null,
    forced: options.force === true,
    declared_count: null,
    records: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    restored: 0,
    refused: 0,
    price_changes: 0,
    events: { new: 0, price_changed: 0, released: 0 },
    media: { stored: 0, reused: 0, failed: 0 },
    errors: [],
    warnings: [],
    advert_refusals: [],
    published: [],
    elapsed_ms: 0,
  }
  const finish = async (): Promise<BlmImportReport> => {
    report.elapsed_ms = Math.round(performance.now() - started)
    report.feed_import_id = await saveReport(database.db, report, startedAt)
    log(`feed import ${report.outcome}: ${report.source}`, report)
    return report
  }

  let source: BlmSource
  try {
    source = await openBlmSource(options.file, options.name)
  } catch (error) {
    if (!(error instanceof BlmSourceError)) throw error
    report.outcome = 'invalid'
    report.reason = error.message
    return finish()
  }
  report.source = source.name
  try {
    // 1. What the database holds of the feed, so an unchanged record is known before it is mapped.
    const existing = await queryRows<Existing & Record<string, unknown>>(
      database.db,
      sql`select property_profile_id, agent_ref, feed_hash, price, availability, is_locked, lat, lng, location_precision from properties where agent_ref is not null`,
    )
    const byRef = new Map(existing.map((row) => [row.agent_ref, row]))
    // The lettings advert rules are part of every record's hash: when a phrase is added to them, the
    // next import checks every letting again instead of skipping it as unchanged.
    const ruleHash = JSON.stringify([preMarket, BIDDING_PHRASES, DETERRING_PHRASES, SPECIFIC_RENT_QUALIFIERS])
    /** A record's hash: its values (in the file's field order) and the pre-market rule, then its media. */
    const toHash = async (values: Record<string, string>, media: BlmMedia) =>
      `${createHash('sha256').update(ruleHash).update(JSON.stringify(values)).digest('hex').slice(0, 32)}.${await toMediaSignature(media, source)}`

    // 2. Read every record; map those that changed (the file is streamed; changed records are kept for the write).
    const records = new Map<string, { record: MappedBlmRecord; hash: string }>()
    // Every AGENT_REF the file names, imported or not: only a property the file leaves out is withdrawn.
    const named = new Map<string, number>()
    // The lettings the file names that may not be published (lettings-advert.ts): withdrawn if live.
    const notPublished = new Set<string>()
    // Unchanged records placed approximately, placed again in case that now finds them more exactly.
    const relocate = new Map<string, { record: MappedBlmRecord; hash: string }>()
    let header: BlmHeader | null = null
    try {
      for await (const item of readBlm(source.open())) {
        if (item.kind === 'header') {
          header = item.header
          continue
        }
        report.records++
        if (item.kind === 'bad_record') {
          report.refused++
          if (item.agentRef && !named.has(item.agentRef)) named.set(item.agentRef, item.line)
          report.errors.push({ line: item.line, agent_ref: item.agentRef, message: `the record ${item.message}` })
          continue
        }
        const { values, line } = item.record
        const ref = values.AGENT_REF?.trim() ?? ''
        const first = ref ? named.get(ref) : undefined
        if (first !== undefined) {
          report.refused++
          report.errors.push({ line, agent_ref: ref, message: `AGENT_REF ${ref} appears again (first on line ${first})` })
          continue
        }
        if (ref) named.set(ref, line)
        const previous = byRef.get(ref)
        const media = collectBlmMedia(values)
        const hash = previous?.feed_hash ? await toHash(values, media) : null
        if (previous && hash === previous.feed_hash && previous.availability !== WITHDRAWN_AVAILABILITY) {
          // An unchanged record placed only approximately is placed again: a postcode table loaded
          // since may know its postcode. It is rewritten only if that moves it.
          const again = previous.location_precision === 'postcode' ? null : mapBlmRecord(item.record, preMarket)
          if (again?.success && hash) relocate.set(ref, { record: again.data, hash })
          else report.unchanged++
          continue
        }
        const mapped = mapBlmRecord(item.record, preMarket)
        if (!mapped.success) {
          report.refused++
          report.errors.push({ line: mapped.line, agent_ref: mapped.agent_ref, message: mapped.errors.join('; ') })
          if (mapped.breaches) {
            for (const breach of mapped.breaches) report.advert_refusals.push({ line: mapped.line, agent_ref: mapped.agent_ref, message: toLettingsAdvertMessage(breach), ...breach, branch_code: mapped.branch_code ?? null, display_address: mapped.display_address ?? '' })
            // Not published: a copy published from an earlier file is withdrawn, not left as it was.
            if (ref) notPublished.add(ref)
          }
          continue
        }
        for (const warning of mapped.data.warnings) report.warnings.push({ line, agent_ref: ref, message: warning })
        records.set(ref, { record: mapped.data, hash: hash ?? (await toHash(values, media)) })
      }
    } catch (error) {
      if (!(error instanceof BlmFormatError || error instanceof BlmSourceError)) throw error
      report.outcome = 'invalid'
      report.reason = error.message
      return finish()
    }
    report.declared_count = header?.propertyCount ?? null
    if (header?.propertyCount != null && header.propertyCount !== report.records) {
      report.warnings.push({ line: null, agent_ref: null, message: `the header declares ${header.propertyCount} properties; the file holds ${report.records}` })
    }

    // 3. The safe-import guard, before any work.
    const live = existing.filter((row) => row.availability !== WITHDRAWN_AVAILABILITY)
    const toWithdraw = live.filter((row) => !named.has(row.agent_ref) || notPublished.has(row.agent_ref))
    const refusal =
      records.size + relocate.size + report.unchanged === 0
        ? 'the file holds no properties it could import'
        : live.length > 0 && toWithdraw.length / live.length > maxShare
          ? `the file would withdraw ${toWithdraw.length} of ${live.length} live properties (${Math.round((toWithdraw.length / live.length) * 100)} %), more than the ${Math.round(maxShare * 100)} % allowed`
          : null
    if (refusal && !options.force) {
      report.outcome = 'refused'
      report.reason = `${refusal}; nothing was imported (force the import to take it anyway)`
      return finish()
    }

    const branchRows = await database.db.select({ id: branches.branch_id, name: branches.name, lat: branches.lat, lng: branches.lng }).from(branches)
    const branchIds = new Set(branchRows.map((b) => b.id))
    const work: Array<{ record: MappedBlmRecord; hash: string; mediaChanged: boolean; previous: Existing | undefined }> = []
    for (const { record, hash } of records.values()) {
      const previous = byRef.get(record.agent_ref)
      const mediaChanged = !previous || previous.feed_hash?.split('.')[1] !== hash.split('.')[1]
      work.push({ record, hash, mediaChanged, previous })
    }

    // 4. Positions: the feed's own, else the postcode table's postcode, its district's centre, then the
    // town or village the address names; never a guess from other properties.
    const placements = await locateRecords(database.db, [...work.map((w) => w.record), ...[...relocate.values()].map((r) => r.record)])
    for (const { record, hash } of relocate.values()) {
      const previous = byRef.get(record.agent_ref) as Existing
      const placement = placements.get(record.agent_ref)
      const moved = placement && !('refusal' in placement) && (placement.precision !== previous.location_precision || placement.lat !== previous.lat || placement.lng !== previous.lng)
      if (moved) work.push({ record, hash, mediaChanged: false, previous })
      else report.unchanged++
    }

    // 5. Media (not on a dry run): stored before the transaction, since sharp is slow and the store is
    // content-addressed, so a file left by a run that then fails is simply found again next time.
    const fetchMedia = options.fetchMedia ?? createMediaFetcher({ allowedHosts: options.allowedMediaHosts ?? [] })
    const media = new Map<string, StoredMedia>()
    if (!options.dryRun) {
      for (const item of work) {
        if (!item.mediaChanged) continue
        media.set(item.record.agent_ref, await storeRecordMedia(item.record, source, options.mediaStore, fetchMedia, report, log))
      }
    }

    // 6. One transaction for the file.
    const timestamp = now().toISOString()
    try {
      await database.db.transaction(async (tx) => {
        const db = tx as unknown as Db
        const inserts: PropertyRow[] = []
        const updates: PropertyRow[] = []
        const children = {
          medias: [] as MediaRow[],
          floorPlans: [] as FloorPlanRow[],
          epcs: [] as EpcRow[],
          prices: [] as PriceRow[],
          documents: [] as Array<typeof propertyDocuments.$inferInsert>,
        }
        const replaced: number[] = []
        // The alert events of the changes, written in this same transaction (toPropertyEvents).
        const events: PropertyEventInput[] = []
        const fresh = work.filter((w) => !w.previous)
        const ids = fresh.length
          ? (await queryRows<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('properties', 'property_profile_id'))::int as id from generate_series(1, ${fresh.length})`)).map((r) => r.id)
          : []
        let next = 0
        for (const item of work) {
          const { record, previous } = item
          const placement = placements.get(record.agent_ref)
          if (!placement || 'refusal' in placement) {
            report.refused++
            report.errors.push({ line: record.line, agent_ref: record.agent_ref, message: placement?.refusal ?? 'no position' })
            continue
          }
          const { lat, lng, precision, town } = placement
          let branchId = record.branchCode !== null && branchIds.has(record.branchCode) ? record.branchCode : null
          if (record.branchCode !== null && branchId === null) {
            // A BRANCH_ID the agency does not have: the nearest branch answers for it, so the page has an agent to contact.
            const nearest = toNearest(branchRows, { lat, lng })
            if (nearest) {
              branchId = nearest.id
              report.warnings.push({ line: record.line, agent_ref: record.agent_ref, message: `BRANCH_ID ${record.branchCode} is not one of the agency's branches: given to the nearest branch, ${nearest.name}` })
            }
          }
          const id = previous ? previous.property_profile_id : (ids[next++] as number)
          const fields = town === record.fields.town ? record.fields : { ...record.fields, town, slug: toSlug(`${record.fields.advert_heading} ${town}`), display_address: record.fields.display_address || [record.fields.address_line_1, town].filter(Boolean).join(', ') }
          const row: PropertyRow = {
            ...fields,
            lat,
            lng,
            location_precision: precision,
            property_profile_id: id,
            branch_id: branchId,
            feed_hash: item.hash,
            created_at: timestamp,
            updated_at: timestamp,
          }
          events.push(...toPropertyEvents(id, previous, row, 'feed'))
          report.published.push({
            line: record.line,
            agent_ref: record.agent_ref,
            outcome: !previous ? 'added' : previous.availability === WITHDRAWN_AVAILABILITY ? 'restored' : 'updated',
            location_precision: precision,
          })
          if (!previous) {
            inserts.push(row)
            report.added++
            report.events.new++
            children.prices.push({ property_profile_id: id, price: row.price, changed_at: timestamp })
          } else {
            updates.push(row)
            if (previous.availability === WITHDRAWN_AVAILABILITY) {
              report.restored++
              report.events.released++
            } else {
              report.updated++
              if (previous.is_locked && !row.is_locked) report.events.released++
            }
            if (previous.price !== row.price) {
              report.price_changes++
              report.events.price_changed++
              children.prices.push({ property_profile_id: id, price: row.price, changed_at: timestamp })
            }
          }
          const stored = media.get(record.agent_ref)
          if (stored) {
            if (previous) replaced.push(id)
            stored.photos.forEach((p, i) =>
              children.medias.push({ property_profile_id: id, position: i, kind: 'photo', file: p.file, link: null, caption: p.caption, is_downloadable: false }),
            )
            const poster = stored.photos[0]?.file
            if (poster) {
              record.media.virtualTours.forEach((link, i) =>
                children.medias.push({ property_profile_id: id, position: stored.photos.length + i, kind: 'virtual_tour', file: poster, link, caption: 'Virtual tour', is_downloadable: false }),
              )
            }
            stored.floorPlans.forEach((file, i) => children.floorPlans.push({ property_profile_id: id, position: i, file }))
            stored.epcs.forEach((epc, i) => children.epcs.push({ property_profile_id: id, position: i, file: epc.file, pdf_file: epc.pdf_file }))
            stored.documents.forEach((doc, i) =>
              children.documents.push({ property_profile_id: id, position: i, file: doc.file, caption: doc.caption, size_bytes: doc.size_bytes }),
            )
          }
        }
        for (let i = 0; i < replaced.length; i += CHUNK) {
          const slice = replaced.slice(i, i + CHUNK)
          await db.delete(propertyMedias).where(inArray(propertyMedias.property_profile_id, slice))
          await db.delete(floorPlans).where(inArray(floorPlans.property_profile_id, slice))
          await db.delete(epcs).where(inArray(epcs.property_profile_id, slice))
          await db.delete(propertyDocuments).where(inArray(propertyDocuments.property_profile_id, slice))
        }
        for (let i = 0; i < inserts.length; i += CHUNK) {
          await insertCatalogueRows(db, { properties: inserts.slice(i, i + CHUNK), medias: [], floorPlans: [], epcs: [], prices: [] })
        }
        for (let i = 0; i < updates.length; i += CHUNK) await updatePropertyRows(db, updates.slice(i, i + CHUNK))
        for (let i = 0; i < children.medias.length; i += CHUNK * 5) {
          await insertCatalogueRows(db, { properties: [], medias: children.medias.slice(i, i + CHUNK * 5), floorPlans: [], epcs: [], prices: [] })
        }
        await insertCatalogueRows(db, { properties: [], medias: [], floorPlans: children.floorPlans, epcs: children.epcs, prices: children.prices })
        for (let i = 0; i < children.documents.length; i += CHUNK) await db.insert(propertyDocuments).values(children.documents.slice(i, i + CHUNK))

        const withdrawIds = toWithdraw.map((row) => row.property_profile_id)
        for (let i = 0; i < withdrawIds.length; i += CHUNK) {
          await db.execute(
            sql`update properties set availability = ${WITHDRAWN_AVAILABILITY}, updated_at = ${timestamp} where property_profile_id in (${sql.join(
              withdrawIds.slice(i, i + CHUNK).map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        }
        report.withdrawn = withdrawIds.length
        await recordPropertyEvents(db, events, new Date(timestamp))
        if (options.dryRun) throw new Rollback()
      })
    } catch (error) {
      if (!(error instanceof Rollback)) throw error
    }
    if (refusal) report.warnings.push({ line: null, agent_ref: null, message: `forced past the safe-import guard: ${refusal}` })
  } catch (error) {
    // A media entry of the zip that cannot be read (before the file's transaction): the file is refused whole.
    if (!(error instanceof BlmSourceError)) throw error
    report.outcome = 'invalid'
    report.reason = error.message
    return finish()
  } finally {
    await source.close()
  }

  // The gazetteer takes in the properties' postcodes, as after a seed.
  if (!options.dryRun && report.added + report.updated + report.withdrawn + report.restored > 0) {
    await rebuildPlaces(database)
    await vacuumCatalogue(database.db)
  }
  return finish()
}

interface StoredMedia {
  photos: Array<{ file: string; caption: string | null }>
  floorPlans: string[]
  epcs: Array<{ file: string; pdf_file: string | null }>
  /** The brochures (PDF), with their captions and sizes. */
  documents: Array<{ file: string; caption: string | null; size_bytes: number }>
}

/** What the report says of a media link that failed, whatever the reason: nothing about what is at the address. */
export const MEDIA_LINK_FAILED = 'could not be fetched'

/** Stores a record's media; a file that fails is reported and left out, the property still imported. */
async function storeRecordMedia(
  record: MappedBlmRecord,
  source: BlmSource,
  mediaStore: MediaStore,
  fetchMedia: MediaFetcher,
  report: BlmImportReport,
  log: (message: string, details?: object) => void,
): Promise<StoredMedia> {
  const stored: StoredMedia = { photos: [], floorPlans: [], epcs: [], documents: [] }
  const fail = (ref: BlmMediaRef, message: string) => {
    report.media.failed++
    // A link's report line is the same whether its host was refused, closed, slow, or sent something
    // that is not a picture; the reason goes to the server's log only.
    const line = isMediaUrl(ref.source) ? MEDIA_LINK_FAILED : message
    if (line !== message) log(`feed media ${ref.source} ${MEDIA_LINK_FAILED}: ${message}`)
    report.errors.push({ line: record.line, agent_ref: record.agent_ref, message: `media ${ref.source} ${line}; the property was imported without it` })
  }
  const load = async (ref: BlmMediaRef): Promise<Buffer | null> => {
    try {
      if (isMediaUrl(ref.source)) return await fetchMedia(ref.source)
      const bytes = await source.read(ref.source)
      if (!bytes) fail(ref, 'is not in the feed')
      return bytes
    } catch (error) {
      if (error instanceof MediaFetchError) fail(ref, error.reason)
      else if (error instanceof MediaError) fail(ref, error.message)
      else throw error
      return null
    }
  }
  const picture = async (ref: BlmMediaRef, kind: PictureKind, loaded?: Buffer): Promise<string | null> => {
    const bytes = loaded ?? (await load(ref))
    if (!bytes) return null
    try {
      const result = await storePicture(mediaStore, bytes, kind)
      if (result.reused) report.media.reused++
      else report.media.stored++
      return result.file
    } catch (error) {
      if (!(error instanceof MediaError)) throw error
      fail(ref, error.message)
      return null
    }
  }
  for (const ref of record.media.photos) {
    const file = await picture(ref, 'photo')
    if (file) stored.photos.push({ file, caption: ref.caption })
  }
  for (const ref of record.media.floorPlans) {
    const file = await picture(ref, 'drawing')
    if (file) stored.floorPlans.push(file)
  }
  const graphs: string[] = []
  for (const ref of record.media.epcImages) {
    const file = await picture(ref, 'drawing')
    if (file) graphs.push(file)
  }
  const pdfs: string[] = []
  for (const ref of record.media.epcDocuments) {
    const bytes = await load(ref)
    if (!bytes) continue
    try {
      const result = await storePdf(mediaStore, bytes)
      if (result.reused) report.media.reused++
      else report.media.stored++
      pdfs.push(result.file)
    } catch (error) {
      if (!(error instanceof MediaError)) throw error
      // An EPC sent as a picture in a document slot is still the EPC.
      const file = await picture(ref, 'drawing', bytes).catch(() => null)
      if (file) graphs.push(file)
    }
  }
  // SPEC §3 EPC: a picture, or a PDF with a preview picture (the graph when the feed has one).
  for (const pdf of pdfs) stored.epcs.push({ file: graphs.shift() ?? (await storeEpcPreview(mediaStore)), pdf_file: pdf })
  for (const graph of graphs) stored.epcs.push({ file: graph, pdf_file: null })
  // Brochures: PDFs kept as they came (content-addressed, so an unchanged one costs nothing again).
  for (const ref of record.media.brochures) {
    const bytes = await load(ref)
    if (!bytes) continue
    try {
      const result = await storePdf(mediaStore, bytes)
      if (result.reused) report.media.reused++
      else report.media.stored++
      stored.documents.push({ file: result.file, caption: ref.caption, size_bytes: bytes.length })
    } catch (error) {
      if (!(error instanceof MediaError)) throw error
      fail(ref, error.message)
    }
  }
  return stored
}

/** Where a record was placed, or why it could not be. */
type Placement = (Position & { precision: LocationPrecision; town: string }) | { refusal: string }

interface TownRow extends Record<string, unknown> {
  search_key: string
  name: string
  description: string
  lat: number
  lng: number
  population: number | null
}

/** Rows of a query over a list of keys, in chunks. */
async function queryIn<T extends Record<string, unknown>>(db: Db, keys: readonly string[], query: (list: ReturnType<typeof sql.join>) => ReturnType<typeof sql>): Promise<T[]> {
  const rows: T[] = []
  for (let i = 0; i < keys.length; i += CHUNK) rows.push(...(await queryRows<T>(db, query(sql.join(keys.slice(i, i + CHUNK).map((k) => sql`${k}`), sql`, `)))))
  return rows
}

/**
 * Places records without a good position. In order: the feed's own coordinates ('postcode'), the full
 * postcode in the postcode table ('postcode'), its district's centre ('district'), or the town or
 * village the address names ('town': TOWN, else ADDRESS_2–4 or DISPLAY_ADDRESS, matched against the
 * gazetteer's GeoNames towns and villages; where a name is shared, the one in the county the address
 * names, else the most populous). Else refused with the reason. Only the postcode tables and the
 * towns are read, never other properties or the postcode places they make, so what an import places
 * does not depend on what earlier imports placed.
 */
async function locateRecords(db: Db, records: MappedBlmRecord[]): Promise<Map<string, Placement>> {
  const placements = new Map<string, Placement>()
  if (records.length === 0) return placements
  const units = new Set<string>()
  const districts = new Set<string>()
  const keys = new Set<string>()
  for (const record of records) {
    const unit = toPostcodeUnit(record.fields.postcode)
    if (unit) {
      units.add(unit)
      districts.add(unit.split(' ')[0] as string)
    }
    for (const locality of record.localities) keys.add(toPlaceSearchKey(locality))
  }
  const postcodeRows = await queryIn<{ postcode: string; lat: number; lng: number }>(db, [...units], (list) => sql`select postcode, lat, lng from postcodes where postcode in (${list})`)
  const byPostcode = new Map(postcodeRows.map((row) => [row.postcode, row]))
  const districtRows = await queryIn<{ district: string; lat: number; lng: number }>(db, [...districts], (list) => sql`select district, lat, lng from postcode_districts where district in (${list})`)
  const byDistrict = new Map(districtRows.map((row) => [row.district, row]))
  const townRows = await queryIn<TownRow>(
    db,
    [...keys],
    (list) => sql`select search_key, name, description, lat, lng, population from places
      where location_type in ('city', 'town', 'village') and place_id like 'gb:town:%' and search_key in (${list})`,
  )
  const byKey = new Map<string, TownRow[]>()
  for (const row of townRows) byKey.set(row.search_key, [...(byKey.get(row.search_key) ?? []), row])

  for (const record of records) {
    const unit = toPostcodeUnit(record.fields.postcode)
    const district = unit?.split(' ')[0]
    const hints = new Set(record.localities.map(toPlaceSearchKey))
    let town: TownRow | undefined
    for (const locality of record.localities) {
      const candidates = byKey.get(toPlaceSearchKey(locality))
      if (!candidates) continue
      town = candidates.find((c) => hints.has(toPlaceSearchKey(c.description))) ?? candidates.reduce((a, b) => ((b.population ?? 0) > (a.population ?? 0) ? b : a))
      break
    }
    const own = record.fields.lat !== null && record.fields.lng !== null ? { lat: record.fields.lat, lng: record.fields.lng } : undefined
    const postcode = unit ? byPostcode.get(unit) : undefined
    const centre = district ? byDistrict.get(district) : undefined
    const found: (Position & { precision: LocationPrecision }) | undefined = own
      ? { ...own, precision: 'postcode' }
      : postcode
        ? { lat: postcode.lat, lng: postcode.lng, precision: 'postcode' }
        : centre
          ? { lat: centre.lat, lng: centre.lng, precision: 'district' }
          : town
            ? { lat: town.lat, lng: town.lng, precision: 'town' }
            : undefined
    if (!found) {
      const named = record.localities.length ? record.localities.map((l) => `'${l}'`).join(', ') : 'nothing'
      placements.set(record.agent_ref, {
        refusal: unit
          ? `no position: neither the postcode ${unit} nor its district ${district} is in the postcode table, and the address names no town or village of the gazetteer (it names ${named})`
          : `no position: the postcode ${record.fields.postcode} is not a full postcode, and the address names no town or village of the gazetteer (it names ${named})`,
      })
      continue
    }
    const name = record.fields.town || town?.name || (await toNearestTownName(db, found))
    placements.set(record.agent_ref, { ...found, town: name })
  }
  return placements
}

/** The name of the gazetteer's town or village nearest a position (a record whose address names none). */
async function toNearestTownName(db: Db, at: Position): Promise<string> {
  const cos = Math.cos((at.lat * Math.PI) / 180)
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from places where location_type in ('city', 'town', 'village') and place_id like 'gb:town:%'
        order by power(lat - ${at.lat}, 2) + power((lng - ${at.lng}) * ${cos}, 2) limit 1`,
  )
  return row?.name ?? ''
}

async function saveReport(db: Db, report: BlmImportReport, startedAt: Date): Promise<number> {
  const [row] = await db
    .insert(feedImports)
    .values({
      feed: 'blm',
      source: report.source,
      outcome: report.outcome,
      reason: report.reason,
      forced: report.forced,
      added: report.added,
      updated: report.updated,
      unchanged: report.unchanged,
      withdrawn: report.withdrawn,
      restored: report.restored,
      refused: report.refused,
      report: { ...report, feed_import_id: undefined },
      started_at: startedAt,
    })
    .returning({ id: feedImports.feed_import_id })
  return (row as { id: number }).id
}
