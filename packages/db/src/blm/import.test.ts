import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../client.ts'
import { createDiskMediaStore } from '../media-store/disk.ts'
import { ensurePlaces } from '../places/index.ts'
import { branches, epcs, feedImports, floorPlans, places, postcodes, priceHistory, properties, propertyDocuments, propertyMedias } from '../schema/index.ts'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing.ts'
import { importBlm, type BlmImportOptions } from './import.ts'
import { MediaFetchError, type MediaFetcher } from './media-fetch.ts'
import { toBlmText, toSampleBlmRecord, writeFeedZip } from './write.ts'

const NOW = new Date('2026-11-21T09:00:00Z')
/** A zip's central directory header signature. */
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02])

async function picture(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).jpeg().toBuffer()
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

describe.each(testDatabaseKinds())('importBlm on %s', (kind) => {
  let database: TestDatabase
  let dir: string
  let mediaDir: string
  let counter = 0

  const run = (file: string, options: Partial<BlmImportOptions> = {}) => importBlm(database, { file, mediaStore: createDiskMediaStore(mediaDir), now: () => NOW, ...options })
  const writeBlm = (records: Array<Record<string, string | number>>) => {
    const file = path.join(dir, `feed-${++counter}.blm`)
    writeFileSync(file, toBlmText(records))
    return file
  }
  const byRef = async (ref: string) => (await database.db.select().from(properties).where(eq(properties.agent_ref, ref)))[0]
  /** The alert events recorded since event `after`, as [AGENT_REF, kind, old price, new price, pre-market]. */
  const eventsAfter = async (after: number) =>
    queryRows<{ property_event_id: number; agent_ref: string; kind: string; old_price: number | null; new_price: number; is_pre_market: boolean }>(
      database.db,
      sql`select e.property_event_id, p.agent_ref, e.kind, e.old_price, e.new_price, e.is_pre_market from property_events e
          join properties p using (property_profile_id) where e.property_event_id > ${after} and e.source = 'feed' order by p.agent_ref, e.property_event_id`,
    )
  const lastEventId = async () => (await queryRows<{ id: number }>(database.db, sql`select coalesce(max(property_event_id), 0)::int as id from property_events`))[0]!.id

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await ensurePlaces(database)
    await database.db.insert(branches).values({
      branch_id: 1,
      name: 'Hartwell & Co Leeds',
      branch_name: 'Leeds',
      phone: '0113 496 0214',
      email: 'leeds@example.co.uk',
      address: '12 Park Row, Leeds LS1 5HD',
      postcode: 'LS1 5HD',
      lat: 53.79733,
      lng: -1.54623,
      business_link: 'https://www.google.com/maps/search/?api=1&query=Leeds',
    })
    dir = mkdtempSync(path.join(os.tmpdir(), 'agency-blm-'))
    mediaDir = path.join(dir, 'media')
  })

  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('imports a zip with its pictures, floor plan and EPC, positioned at the town when the postcode is new', async () => {
    const records = [
      toSampleBlmRecord('HW-1', {
        MEDIA_IMAGE_00: 'hw-1-front.jpg',
        MEDIA_IMAGE_TEXT_00: 'Front elevation',
        MEDIA_IMAGE_01: 'HW-1-KITCHEN.JPG',
        MEDIA_IMAGE_TEXT_01: 'Kitchen',
        MEDIA_FLOOR_PLAN_00: 'hw-1-plan.jpg',
        MEDIA_IMAGE_60: 'hw-1-epc.jpg',
        MEDIA_DOCUMENT_50: 'hw-1-epc.pdf',
        MEDIA_VIRTUAL_TOUR_00: 'https://tours.example.com/hw-1',
      }),
      toSampleBlmRecord('HW-2', { TRANS_TYPE_ID: 2, PRICE: 300, LET_RENT_FREQUENCY: 0, LET_FURN_ID: 0, LET_BOND: 1500, LET_DATE_AVAILABLE: '2026-12-01 00:00:00', PRICE_QUALIFIER: 0, PROP_SUB_ID: 28, BEDROOMS: 2, POSTCODE2: '3CD' }),
    ]
    const zip = path.join(dir, 'feed.zip')
    await writeFeedZip(zip, 'agency.blm', toBlmText(records), [
      { name: 'media/hw-1-front.jpg', body: await picture('#8a6') },
      { name: 'media/hw-1-kitchen.jpg', body: await picture('#ddd') },
      { name: 'media/hw-1-plan.jpg', body: await picture('#fff') },
      { name: 'media/hw-1-epc.jpg', body: await picture('#0a0') },
      { name: 'media/hw-1-epc.pdf', body: PDF },
    ])

    const report = await run(zip)
    expect(report).toMatchObject({ outcome: 'imported', records: 2, added: 2, updated: 0, unchanged: 0, withdrawn: 0, refused: 0, errors: [] })
    expect(report.events).toEqual({ new: 2, price_changed: 0, released: 0 })
    // Written in the file's transaction, for the alert e-mails.
    expect((await eventsAfter(0)).map((e) => [e.agent_ref, e.kind, e.old_price, e.is_pre_market])).toEqual([
      ['HW-1', 'published', null, false],
      ['HW-2', 'published', null, false],
    ])
    expect(report.media).toEqual({ stored: 5, reused: 0, failed: 0 })

    const sale = await byRef('HW-1')
    expect(sale).toMatchObject({
      transaction_type_id: 1,
      property_type_id: 1,
      property_style_id: 2,
      branch_id: 1,
      advert_heading: '3 bedroom semi-detached house for sale',
      price: 325_000,
      price_qualifier: 'Guide Price',
      availability: 'available',
      is_locked: false,
      address_line_1: '12 Park Row',
      town: 'Leeds',
      postcode: 'LS6 2AB',
      display_address: 'Park Row, Headingley, Leeds',
      description: 'A bright three-bedroom semi-detached house.\n\nGas central heating & double glazing.',
      features: ['South-facing rear garden', 'Off-street parking'],
      has_garden: true,
      has_parking: true,
      tenure: 'Freehold',
      council_tax_band: 'C',
    })
    // Leeds from the gazetteer's towns: the postcode table does not have the postcode.
    expect(sale!.lat).toBeCloseTo(53.8, 1)
    expect(sale!.lng).toBeCloseTo(-1.55, 1)
    expect(sale!.location_precision).toBe('town')
    expect(report.published).toEqual([
      { line: 12, agent_ref: 'HW-1', outcome: 'added', location_precision: 'town' },
      { line: 13, agent_ref: 'HW-2', outcome: 'added', location_precision: 'town' },
    ])

    const letting = await byRef('HW-2')
    expect(letting).toMatchObject({ transaction_type_id: 2, property_style_id: 10, price: 1300, price_qualifier: 'Per Month', furnishing: 'furnished', deposit: 1500, available_from: '2026-12-01' })

    const medias = await database.db.select().from(propertyMedias).where(eq(propertyMedias.property_profile_id, sale!.property_profile_id)).orderBy(asc(propertyMedias.position))
    expect(medias.map((m) => [m.position, m.kind, m.caption, m.link])).toEqual([
      [0, 'photo', 'Front elevation', null],
      [1, 'photo', 'Kitchen', null],
      [2, 'virtual_tour', 'Virtual tour', 'https://tours.example.com/hw-1'],
    ])
    for (const media of medias) expect(existsSync(path.join(mediaDir, media.file))).toBe(true)
    const front = await sharp(path.join(mediaDir, medias[0]!.file)).metadata()
    expect([front.format, front.width, front.height]).toEqual(['jpeg', 1200, 800])
    const [plan] = await database.db.select().from(floorPlans).where(eq(floorPlans.property_profile_id, sale!.property_profile_id))
    expect((await sharp(path.join(mediaDir, plan!.file)).metadata()).format).toBe('png')
    const [epc] = await database.db.select().from(epcs).where(eq(epcs.property_profile_id, sale!.property_profile_id))
    expect(epc!.pdf_file).toMatch(/\.pdf$/)
    expect(existsSync(path.join(mediaDir, epc!.pdf_file!))).toBe(true)

    const prices = await database.db.select().from(priceHistory).where(eq(priceHistory.property_profile_id, sale!.property_profile_id))
    expect(prices.map((p) => p.price)).toEqual([325_000])
    // A property placed at its town's centre teaches the gazetteer no postcode or district there.
    expect(await database.db.select().from(places).where(inArray(places.place_id, ['gb:postcode:LS6 2AB', 'gb:postcode:LS6']))).toEqual([])

    const [saved] = await database.db.select().from(feedImports).where(eq(feedImports.feed_import_id, report.feed_import_id!))
    expect(saved).toMatchObject({ feed: 'blm', source: 'feed.zip:agency.blm', outcome: 'imported', added: 2, updated: 0, withdrawn: 0, refused: 0 })
    expect(saved!.report).toMatchObject({ added: 2, media: { stored: 5, reused: 0, failed: 0 } })

    // The same zip again: nothing to do, no picture touched.
    const again = await run(zip)
    expect(again).toMatchObject({ outcome: 'imported', added: 0, updated: 0, unchanged: 2, withdrawn: 0, media: { stored: 0, reused: 0, failed: 0 } })
  })

  it('records a price change in the price history and updates the property in place', async () => {
    const before = await byRef('HW-2')
    const file = writeBlm([
      toSampleBlmRecord('HW-1', { MEDIA_IMAGE_00: 'https://cdn.example.com/none.jpg' }),
      toSampleBlmRecord('HW-2', { TRANS_TYPE_ID: 2, PRICE: 1250, LET_RENT_FREQUENCY: 1, LET_FURN_ID: 0, LET_BOND: 1500, LET_DATE_AVAILABLE: '2026-12-01 00:00:00', PRICE_QUALIFIER: 0, PROP_SUB_ID: 28, BEDROOMS: 2, POSTCODE2: '3CD' }),
    ])
    const failing: MediaFetcher = async () => {
      throw new MediaFetchError('HTTP 404')
    }
    const eventsBefore = await lastEventId()
    const report = await run(file, { fetchMedia: failing })
    // £300 a week is £1,300 pcm: £1,250 pcm is a reduction.
    expect((await eventsAfter(eventsBefore)).map((e) => [e.agent_ref, e.kind, e.old_price, e.new_price])).toEqual([['HW-2', 'price_reduced', 1300, 1250]])
    expect(report).toMatchObject({ outcome: 'imported', added: 0, updated: 2, unchanged: 0, price_changes: 1, events: { new: 0, price_changed: 1, released: 0 } })
    // A media failure is reported; the property is still imported (here, without its pictures).
    expect(report.errors).toEqual([
      { line: 12, agent_ref: 'HW-1', message: 'media https://cdn.example.com/none.jpg could not be fetched; the property was imported without it' },
    ])
    const after = await byRef('HW-2')
    expect(after).toMatchObject({ property_profile_id: before!.property_profile_id, price: 1250 })
    const prices = await database.db.select().from(priceHistory).where(eq(priceHistory.property_profile_id, after!.property_profile_id)).orderBy(asc(priceHistory.price_history_id))
    expect(prices.map((p) => p.price)).toEqual([1300, 1250])
  })

  it('geocodes by the postcode table, and makes unpublished stock pre-market (locked)', async () => {
    await database.db.insert(postcodes).values({ postcode: 'LS6 2AB', district: 'LS6', lat: 53.8191, lng: -1.5778, source: 'onspd' })
    const file = writeBlm([
      toSampleBlmRecord('HW-1'),
      toSampleBlmRecord('HW-2', { TRANS_TYPE_ID: 2, PRICE: 1250, PRICE_QUALIFIER: 0, PROP_SUB_ID: 28, POSTCODE2: '3CD' }),
      toSampleBlmRecord('HW-3', { ADDRESS_1: '14 Park Row', PUBLISHED_FLAG: 0, TOWN: 'Nowhere In Particular' }),
    ])
    const eventsBefore = await lastEventId()
    const report = await run(file)
    expect(report).toMatchObject({ outcome: 'imported', added: 1, refused: 0 })
    // A new unpublished record is pre-market: a Heads Up to the alerts.
    expect((await eventsAfter(eventsBefore)).map((e) => [e.agent_ref, e.kind, e.is_pre_market])).toEqual([['HW-3', 'pre_market', true]])
    const next = await byRef('HW-3')
    // At LS6 2AB's centre, though its TOWN names no place at all.
    expect(next).toMatchObject({ lat: 53.8191, lng: -1.5778, location_precision: 'postcode', town: 'Nowhere In Particular', is_locked: true })
    // HW-1 (its record changed since) is placed again, now at its postcode; HW-2's LS6 3CD is not in the table.
    expect(report.published).toEqual([
      { line: 12, agent_ref: 'HW-1', outcome: 'updated', location_precision: 'postcode' },
      { line: 13, agent_ref: 'HW-2', outcome: 'updated', location_precision: 'town' },
      { line: 14, agent_ref: 'HW-3', outcome: 'added', location_precision: 'postcode' },
    ])
    await database.db.delete(postcodes)
  })

  it('refuses a file that would withdraw more than a fifth of the live stock, then withdraws it when forced, and brings it back', async () => {
    const file = writeBlm([toSampleBlmRecord('HW-1'), toSampleBlmRecord('HW-3', { PUBLISHED_FLAG: 0 })])
    const refused = await run(file)
    expect(refused).toMatchObject({
      outcome: 'refused',
      reason: 'the file would withdraw 1 of 3 live properties (33 %), more than the 20 % allowed; nothing was imported (force the import to take it anyway)',
      withdrawn: 0,
    })
    expect((await byRef('HW-2'))!.availability).toBe('available')
    const [saved] = await database.db.select().from(feedImports).where(eq(feedImports.feed_import_id, refused.feed_import_id!))
    expect(saved).toMatchObject({ outcome: 'refused', reason: refused.reason })

    const allowed = await run(file, { maxWithdrawShare: 0.5 })
    expect(allowed).toMatchObject({ outcome: 'imported', withdrawn: 1, unchanged: 1 })
    const withdrawn = await byRef('HW-2')
    expect(withdrawn!.availability).toBe('withdrawn')
    // A withdrawn property's postcode leaves the gazetteer.
    expect(await database.db.select().from(places).where(eq(places.place_id, 'gb:postcode:LS6 3CD'))).toEqual([])

    const back = writeBlm([
      toSampleBlmRecord('HW-1'),
      toSampleBlmRecord('HW-2', { TRANS_TYPE_ID: 2, PRICE: 1250, PRICE_QUALIFIER: 0, PROP_SUB_ID: 28, POSTCODE2: '3CD', STATUS_ID: 5 }),
      toSampleBlmRecord('HW-3', { PUBLISHED_FLAG: 0 }),
    ])
    const eventsBefore = await lastEventId()
    const restored = await run(back)
    expect(restored).toMatchObject({ outcome: 'imported', restored: 1, events: { released: 1 } })
    // Back as let agreed: no alert hears of it.
    expect(await eventsAfter(eventsBefore)).toEqual([])
    expect(await byRef('HW-2')).toMatchObject({ property_profile_id: withdrawn!.property_profile_id, availability: 'let_agreed' })
  })

  it('refuses a file with no properties unless forced', async () => {
    const file = writeBlm([])
    const refused = await run(file)
    expect(refused).toMatchObject({ outcome: 'refused', reason: 'the file holds no properties it could import; nothing was imported (force the import to take it anyway)' })
  })

  it('takes the good records of a file and reports each bad one with its line; a dry run writes nothing', async () => {
    const text = toBlmText([
      toSampleBlmRecord('HW-1'),
      toSampleBlmRecord('HW-2', { TRANS_TYPE_ID: 2, PRICE: 1250, PRICE_QUALIFIER: 0, PROP_SUB_ID: 28, POSTCODE2: '3CD', STATUS_ID: 5 }),
      toSampleBlmRecord('HW-3', { PUBLISHED_FLAG: 0, PRICE: 'lots' }),
      toSampleBlmRecord('HW-4', { TRANS_TYPE_ID: 3, PRICE: 100_000 }),
    ]).replace('HW-1^', 'HW-1^extra^')
    const file = path.join(dir, 'mixed.blm')
    writeFileSync(file, text)
    const [{ n: before } = { n: -1 }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from properties`)
    const dry = await run(file, { dryRun: true })
    expect(dry).toMatchObject({ outcome: 'dry_run', records: 4, added: 0, unchanged: 1, refused: 3, withdrawn: 0 })
    expect(dry.errors).toEqual([
      { line: 12, agent_ref: 'HW-1', message: 'the record has 42 fields where the definition has 41' },
      { line: 14, agent_ref: 'HW-3', message: 'PRICE "lots" is not a number' },
      { line: 15, agent_ref: 'HW-4', message: 'TRANS_TYPE_ID 3 is not 1 (sales) or 2 (lettings)' },
    ])
    const [{ n: after } = { n: -2 }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from properties`)
    expect(after).toBe(before)
    // Broken records do not withdraw their properties.
    expect((await byRef('HW-1'))!.availability).toBe('available')
  })

  it('reports a file that is not a BLM file, with the line', async () => {
    const file = path.join(dir, 'broken.blm')
    writeFileSync(file, toBlmText([toSampleBlmRecord('HW-1')]).replace('#DATA#', '#DATUM#'))
    const report = await run(file)
    expect(report).toMatchObject({ outcome: 'invalid', reason: 'line 11: the file has no #DATA# section', added: 0 })
  })

  it('withdraws every live feed property when an empty file is forced, and leaves other properties alone', async () => {
    const file = writeBlm([])
    const report = await run(file, { force: true })
    expect(report).toMatchObject({ outcome: 'imported', forced: true, withdrawn: 3 })
    expect(report.warnings).toContainEqual({ line: null, agent_ref: null, message: 'forced past the safe-import guard: the file holds no properties it could import' })
    const rows = await queryRows<{ availability: string; n: number }>(database.db, sql`select availability, count(*)::int as n from properties where agent_ref is not null group by 1`)
    expect(rows).toEqual([{ availability: 'withdrawn', n: 3 }])
  })

  it('keeps brochures (MEDIA_DOCUMENT_00–49) as PDF documents with their captions, from the zip or a link, once each', async () => {
    const brochure = Buffer.concat([PDF, Buffer.from('% brochure of BR-1\n')])
    const linked = Buffer.concat([PDF, Buffer.from('% particulars of BR-1\n')])
    const records = [
      toSampleBlmRecord('BR-1', {
        MEDIA_DOCUMENT_00: 'br-1-brochure.pdf',
        MEDIA_DOCUMENT_TEXT_00: 'Sales brochure',
        MEDIA_DOCUMENT_01: 'https://agent.example/br-1-particulars.pdf',
        MEDIA_DOCUMENT_02: 'br-1-not-a-pdf.pdf',
      }),
    ]
    const zip = path.join(dir, 'brochures.zip')
    await writeFeedZip(zip, 'agency.blm', toBlmText(records), [
      { name: 'media/br-1-brochure.pdf', body: brochure },
      { name: 'media/br-1-not-a-pdf.pdf', body: Buffer.from('<html>not a document</html>') },
    ])
    let downloads = 0
    const fetchImpl: MediaFetcher = async (url) => {
      downloads++
      if (url === 'https://agent.example/br-1-particulars.pdf') return linked
      throw new MediaFetchError('HTTP 404')
    }
    const report = await run(zip, { fetchMedia: fetchImpl })
    expect(report).toMatchObject({ outcome: 'imported', added: 1, media: { stored: 2, reused: 0, failed: 1 } })
    expect(report.errors).toEqual([
      { line: expect.any(Number), agent_ref: 'BR-1', message: 'media br-1-not-a-pdf.pdf is not a PDF; the property was imported without it' },
    ])
    const property = await byRef('BR-1')
    const documents = await database.db
      .select()
      .from(propertyDocuments)
      .where(eq(propertyDocuments.property_profile_id, property!.property_profile_id))
      .orderBy(asc(propertyDocuments.position))
    expect(documents.map((d) => [d.position, d.caption, d.size_bytes])).toEqual([
      [0, 'Sales brochure', brochure.length],
      [1, null, linked.length],
    ])
    for (const document of documents) expect(readFileSync(path.join(mediaDir, document.file)).equals(document.position === 0 ? brochure : linked)).toBe(true)

    // The same feed again: nothing downloaded or stored.
    const again = await run(zip, { fetchMedia: fetchImpl })
    expect(again).toMatchObject({ unchanged: 1, media: { stored: 0, reused: 0, failed: 0 } })
    expect(downloads).toBe(1)
    // A new caption redoes the record's media, but the unchanged PDFs are found by their content.
    records[0]!.MEDIA_DOCUMENT_TEXT_00 = 'Brochure (updated)'
    const renamed = path.join(dir, 'brochures-2.zip')
    await writeFeedZip(renamed, 'agency.blm', toBlmText(records), [{ name: 'media/br-1-brochure.pdf', body: brochure }])
    const third = await run(renamed, { fetchMedia: fetchImpl })
    expect(third).toMatchObject({ updated: 1, media: { stored: 0, reused: 2, failed: 1 } })
    const after = await database.db.select().from(propertyDocuments).where(eq(propertyDocuments.property_profile_id, property!.property_profile_id)).orderBy(asc(propertyDocuments.position))
    expect(after.map((d) => [d.caption, d.file])).toEqual([
      ['Brochure (updated)', documents[0]!.file],
      [null, documents[1]!.file],
    ])
  })
  it('fetches media links only from public addresses: a feed naming the machine or its network fetches nothing, and its report says the same of each', async () => {
    const requests: string[] = []
    const photo = await picture('#4a7')
    const server = http.createServer((request, response) => {
      requests.push(request.url ?? '')
      if (request.url === '/hop') {
        response.writeHead(302, { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret.png` })
        return response.end()
      }
      response.end(photo)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const port = (server.address() as AddressInfo).port
      const links = [
        `http://127.0.0.1:${port}/secret.png`,
        `http://[::1]:${port}/secret.png`,
        `http://localhost:${port}/secret.png`,
        'http://10.0.0.1/secret.png',
        'http://192.168.1.20/secret.png',
        'http://169.254.169.254/latest/meta-data/',
        `http://127.0.0.1:1/closed.png`,
      ]
      const media = Object.fromEntries(links.map((link, i) => [`MEDIA_IMAGE_${String(i).padStart(2, '0')}`, link]))
      const file = writeBlm([toSampleBlmRecord('SS-1', media)])
      const report = await run(file, { force: true })
      expect(report).toMatchObject({ outcome: 'imported', added: 1, media: { stored: 0, reused: 0, failed: links.length } })
      expect(report.errors.map((e) => e.message)).toEqual(links.map((link) => `media ${link} could not be fetched; the property was imported without it`))
      expect(requests).toEqual([])
      const property = await byRef('SS-1')
      expect(await database.db.select().from(propertyMedias).where(eq(propertyMedias.property_profile_id, property!.property_profile_id))).toEqual([])

      // An agency's own media host, named in IMPORT_ALLOWED_MEDIA_HOSTS, is fetched; a redirect from it is checked again.
      const allowed = writeBlm([toSampleBlmRecord('SS-1', { MEDIA_IMAGE_00: `http://127.0.0.1:${port}/photo.jpg`, MEDIA_IMAGE_01: `http://127.0.0.1:${port}/hop` })])
      const again = await run(allowed, { force: true, allowedMediaHosts: ['127.0.0.1'] })
      expect(again).toMatchObject({ outcome: 'imported', updated: 1, media: { stored: 1, reused: 1, failed: 0 } })
      expect(requests).toEqual(['/photo.jpg', '/hop', '/secret.png'])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
  it('refuses a zip that is broken, truncated or lies about an entry\'s size as an invalid file, and changes nothing', async () => {
    const photo = await picture('#a74')
    const zip = path.join(dir, 'honest.zip')
    const text = toBlmText([toSampleBlmRecord('ZP-1', { MEDIA_IMAGE_00: 'zp-1.jpg' })])
    await writeFeedZip(zip, 'agency.blm', text, [{ name: 'zp-1.jpg', body: photo }])
    const honest = readFileSync(zip)
    /** The zip with its central directory giving `name` a smaller size than its data has. */
    const lying = (name: string) => {
      const bytes = Buffer.from(honest)
      for (let at = bytes.indexOf(CENTRAL_HEADER); at >= 0; at = bytes.indexOf(CENTRAL_HEADER, at + 4)) {
        const nameLength = bytes.readUInt16LE(at + 28)
        if (bytes.subarray(at + 46, at + 46 + nameLength).toString() === name) bytes.writeUInt32LE(10, at + 24)
      }
      const file = path.join(dir, `lying-${name}.zip`)
      writeFileSync(file, bytes)
      return file
    }
    const truncated = path.join(dir, 'truncated.zip')
    writeFileSync(truncated, honest.subarray(0, Math.floor(honest.length / 2)))
    const garbled = path.join(dir, 'garbled.zip')
    const garbledBytes = Buffer.from(honest)
    // The .blm's deflated data, overwritten: its local header is at 0, its data after the 30-byte header and the name.
    garbledBytes.fill(0xff, 30 + 'agency.blm'.length + 4, 30 + 'agency.blm'.length + 40)
    writeFileSync(garbled, garbledBytes)

    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from properties`)
    const cases: Array<[string, RegExp]> = [
      [lying('agency.blm'), /^the zip cannot be read: agency\.blm: too many bytes in the stream/],
      [lying('zp-1.jpg'), /^the zip cannot be read: zp-1\.jpg: too many bytes in the stream/],
      [truncated, /^the zip cannot be read: /],
      [garbled, /^the zip cannot be read: agency\.blm: /],
    ]
    for (const [file, reason] of cases) {
      const report = await run(file, { force: true })
      expect(report).toMatchObject({ outcome: 'invalid', added: 0, updated: 0, withdrawn: 0 })
      expect(report.reason).toMatch(reason)
    }
    expect(await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from properties`)).toEqual(before)
    expect(await byRef('ZP-1')).toBeUndefined()
  })
})
