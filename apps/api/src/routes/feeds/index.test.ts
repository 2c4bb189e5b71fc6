import { readFile } from 'node:fs/promises'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { ensurePlaces, feedImports, outbox, properties, propertyDocuments } from '@agency/db'
import { testDatabaseKinds, toBlmText, toSampleBlmRecord, writeFeedZip } from '@agency/db/testing'
import { DEFAULT_PRE_MARKET_RULE } from '@agency/domain'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock, extractToken, insertTestContact, logIn, requestLink, toCookieHeader } from '#app/routes/contacts/test-support.ts'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

const KEY = 'feed-key-0123456789abcdef'
const MAX_BYTES = 256 * 1024
/** A zip's central directory header signature. */
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02])

describe.each(testDatabaseKinds())('POST /api/feeds/blm on %s', (kind) => {
  let api: TestApi
  let dir: string
  let zip: Buffer
  /** This app's own upload directory. */
  const uploadDir = path.join(os.tmpdir(), `agency-feed-uploads-${kind}-${process.pid}`)

  const post = (body: Buffer | string, options: { key?: string | null; query?: string; type?: string } = {}) =>
    api.app.inject({
      method: 'POST',
      url: `/api/feeds/blm${options.query ?? ''}`,
      headers: {
        'content-type': options.type ?? 'application/zip',
        ...(options.key === null ? {} : { authorization: `Bearer ${options.key ?? KEY}` }),
      },
      payload: body,
    })
  const byRef = async (ref: string) => (await api.database.db.select().from(properties).where(eq(properties.agent_ref, ref)))[0]

  beforeAll(async () => {
    api = await createTestApi(kind, { feeds: { apiKey: KEY, maxBytes: MAX_BYTES, maxWithdrawShare: 0.2, preMarket: DEFAULT_PRE_MARKET_RULE, allowedMediaHosts: [], uploadDir } })
    // The server builds the gazetteer at start; imports place properties with it.
    await ensurePlaces(api.database)
    dir = mkdtempSync(path.join(os.tmpdir(), 'agency-feed-api-'))
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a9' } }).jpeg().toBuffer()
    const file = path.join(dir, 'feed.zip')
    await writeFeedZip(
      file,
      'agency.blm',
      toBlmText([
        toSampleBlmRecord('API-1', { MEDIA_IMAGE_00: 'api-1.jpg', MEDIA_IMAGE_TEXT_00: 'Front elevation' }),
        toSampleBlmRecord('API-2', { ADDRESS_1: '3 Mill Lane', PRICE: 410_000 }),
        toSampleBlmRecord('API-3', { ADDRESS_1: '5 Mill Lane', PRICE: 199_950, PROP_SUB_ID: 8 }),
      ]),
      [{ name: 'api-1.jpg', body: photo }],
    )
    zip = await readFile(file)
  })

  afterAll(async () => {
    await api?.close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(uploadDir, { recursive: true, force: true })
  })

  it('answers 401 without the key, with a wrong one, or with a session-style cookie instead', async () => {
    for (const response of [
      await post(zip, { key: null }),
      await post(zip, { key: 'wrong-key' }),
      await post(zip, { key: `${KEY}x` }),
      await api.app.inject({ method: 'POST', url: '/api/feeds/blm', headers: { 'content-type': 'application/zip', cookie: `session=${KEY}` }, payload: zip }),
    ]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: 'A valid feed API key is required (Authorization: Bearer).' })
    }
    expect(await api.database.db.select().from(feedImports)).toEqual([])
  })

  it('answers 413 for a feed over the configured limit, and imports nothing', async () => {
    const response = await post(Buffer.alloc(MAX_BYTES + 1, 0x41))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'The feed is larger than this server accepts.' })
    expect(await api.database.db.select().from(feedImports)).toEqual([])
  })

  it('answers 413 for an upload sent without a length once it runs past the limit', async () => {
    const body = Readable.from([Buffer.alloc(MAX_BYTES / 2, 0x41), Buffer.alloc(MAX_BYTES / 2, 0x41), Buffer.alloc(1024, 0x41)])
    const response = await api.app.inject({ method: 'POST', url: '/api/feeds/blm', headers: { 'content-type': 'application/zip', authorization: `Bearer ${KEY}` }, payload: body })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'The feed is larger than this server accepts.' })
    expect(await api.database.db.select().from(feedImports)).toEqual([])
  })

  it('answers 415 for a body that is not a feed upload', async () => {
    const response = await post('{}', { type: 'application/json' })
    expect(response.statusCode).toBe(415)
  })

  it('answers 422 with a report, never 500, for a zip whose entry size lies, a truncated zip, or a garbled one; nothing is imported', async () => {
    const lying = Buffer.from(zip)
    // The central directory's uncompressed size of agency.blm, made smaller than its data.
    for (let at = lying.indexOf(CENTRAL_HEADER); at >= 0; at = lying.indexOf(CENTRAL_HEADER, at + 4)) {
      const nameLength = lying.readUInt16LE(at + 28)
      if (lying.subarray(at + 46, at + 46 + nameLength).toString() === 'agency.blm') lying.writeUInt32LE(10, at + 24)
    }
    const garbled = Buffer.from(zip)
    garbled.fill(0xff, 44, 80)
    for (const [body, reason] of [
      [lying, /^the zip cannot be read: agency\.blm: too many bytes in the stream/],
      [zip.subarray(0, zip.length - 30), /^the zip cannot be read: /],
      [garbled, /^the zip cannot be read: agency\.blm: /],
    ] as const) {
      const response = await post(body)
      expect(response.statusCode).toBe(422)
      expect(response.json()).toMatchObject({ message: expect.stringMatching(reason), report: { outcome: 'invalid', added: 0 } })
    }
    for (const ref of ['API-1', 'API-2', 'API-3']) expect(await byRef(ref)).toBeUndefined()
  })

  it('imports a zip with its pictures and answers the report; the properties are then listed and shown', async () => {
    const response = await post(zip, { query: '?name=agency.zip' })
    expect(response.statusCode).toBe(200)
    const report = response.json()
    expect(report).toMatchObject({ source: 'agency.zip:agency.blm', outcome: 'imported', records: 3, added: 3, updated: 0, withdrawn: 0, refused: 0, errors: [], media: { stored: 1, failed: 0 } })
    const [saved] = await api.database.db.select().from(feedImports).where(eq(feedImports.feed_import_id, report.feed_import_id))
    expect(saved).toMatchObject({ outcome: 'imported', added: 3 })

    const imported = await byRef('API-1')
    const detail = await api.app.inject(`/api/properties/${imported!.property_profile_id}`)
    expect(detail.statusCode).toBe(200)
    const data = detail.json().data
    expect(data).toMatchObject({ advert_heading: '3 bedroom semi-detached house for sale', display_address: 'Park Row, Headingley, Leeds', price: { price: '£325,000', type: { name: 'Guide Price' } } })
    const picture = await api.app.inject(new URL(data.image).pathname)
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/webp')

    const list = await api.app.inject('/api/properties?transaction_type_id=1&page_size=100')
    const ids = (list.json().data as Array<{ property_profile_id: number }>).map((p) => p.property_profile_id)
    expect(ids).toContain(imported!.property_profile_id)
  })

  it('refuses with 409 and the reason a feed that would withdraw too much, then takes it when forced; a withdrawn property is gone from the site', async () => {
    const text = toBlmText([toSampleBlmRecord('API-1', { MEDIA_IMAGE_00: 'api-1.jpg', MEDIA_IMAGE_TEXT_00: 'Front elevation' })])
    const refused = await post(text, { type: 'text/plain' })
    expect(refused.statusCode).toBe(409)
    const reason = 'the file would withdraw 2 of 3 live properties (67 %), more than the 20 % allowed; nothing was imported (force the import to take it anyway)'
    expect(refused.json()).toMatchObject({ message: reason, report: { outcome: 'refused', reason, withdrawn: 0 } })
    expect((await byRef('API-2'))!.availability).toBe('available')

    const forced = await post(text, { type: 'text/plain', query: '?force=true' })
    expect(forced.statusCode).toBe(200)
    expect(forced.json()).toMatchObject({ outcome: 'imported', forced: true, withdrawn: 2 })
    const withdrawn = await byRef('API-2')
    expect(withdrawn!.availability).toBe('withdrawn')
    expect((await api.app.inject(`/api/properties/${withdrawn!.property_profile_id}`)).statusCode).toBe(404)
    const list = await api.app.inject('/api/properties?transaction_type_id=1&include_unavailable=true&page_size=100')
    const ids = (list.json().data as Array<{ property_profile_id: number }>).map((p) => p.property_profile_id)
    expect(ids).not.toContain(withdrawn!.property_profile_id)
  })

  it('answers 422 with the reason for a file that is not a BLM feed', async () => {
    const response = await post('hello', { type: 'text/plain' })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ message: 'line 1: the file does not start with #HEADER#', report: { outcome: 'invalid' } })
  })

  it('answers a dry run with what it would do, and writes nothing', async () => {
    const response = await post(zip, { query: '?dry_run=true' })
    expect(response.statusCode).toBe(200)
    expect(response.json(), response.body).toMatchObject({ outcome: 'dry_run', restored: 2 })
    expect((await byRef('API-2'))!.availability).toBe('withdrawn')
    // Uploads are streamed to a temporary file, removed once answered (this app's own directory: other
    // test files import feeds at the same time).
    expect(existsSync(uploadDir) ? readdirSync(uploadDir) : []).toEqual([])
  })

  it('keeps brochures as documents: linked from the property, served as PDF, hidden from a visitor for a locked property', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n% API brochure\n')
    const file = path.join(dir, 'brochures.zip')
    await writeFeedZip(
      file,
      'agency.blm',
      toBlmText([
        toSampleBlmRecord('API-1', { MEDIA_DOCUMENT_00: 'brochure.pdf', MEDIA_DOCUMENT_TEXT_00: 'Sales particulars' }),
        toSampleBlmRecord('API-9', { ADDRESS_1: '9 Mill Lane', PUBLISHED_FLAG: 0, MEDIA_DOCUMENT_00: 'brochure.pdf' }),
      ]),
      [{ name: 'brochure.pdf', body: pdf }],
    )
    const response = await post(await readFile(file), { query: '?force=true' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ errors: [], media: { stored: 1, reused: 1, failed: 0 } })

    const open = await byRef('API-1')
    const detail = (await api.app.inject(`/api/properties/${open!.property_profile_id}`)).json().data
    expect(detail.documents).toEqual([{ url: expect.stringMatching(/\/api\/media\/[0-9a-f-]{36}\/pdf$/), caption: 'Sales particulars', file_type: 'PDF', size_bytes: pdf.length }])
    const served = await api.app.inject(new URL(detail.documents[0].url).pathname)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="brochure-[0-9a-f-]{36}\.pdf"$/)
    expect(served.rawPayload.equals(pdf)).toBe(true)
    // A brochure has no picture.
    expect((await api.app.inject(new URL(detail.documents[0].url).pathname.replace(/pdf$/, 'full'))).statusCode).toBe(404)

    const locked = await byRef('API-9')
    expect(locked!.is_locked).toBe(true)
    const [document] = await api.database.db.select().from(propertyDocuments).where(eq(propertyDocuments.property_profile_id, locked!.property_profile_id))
    const url = `/api/media/${document!.media_key}/pdf`
    expect((await api.app.inject(`/api/properties/${locked!.property_profile_id}`)).json().data.documents).toEqual([])
    expect((await api.app.inject(url)).statusCode).toBe(404)
    // A registered buyer sees it.
    await insertTestContact({ ...api, clock: createTestClock() }, { email: 'brochure.buyer@example.com' })
    expect((await requestLink(api.app, 'brochure.buyer@example.com')).statusCode).toBe(202)
    const [mail] = await api.database.db.select().from(outbox).where(eq(outbox.to, 'brochure.buyer@example.com'))
    const cookie = toCookieHeader((await logIn(api.app, extractToken(mail!.text))).headers['set-cookie'])
    const seen = (await api.app.inject({ url: `/api/properties/${locked!.property_profile_id}`, headers: { cookie } })).json().data
    expect(seen.documents).toHaveLength(1)
    expect((await api.app.inject({ url, headers: { cookie } })).statusCode).toBe(200)
  })

  it('documents the route in the OpenAPI document', async () => {
    const document = (await api.app.inject('/api/openapi.json')).json()
    const route = document.paths['/api/feeds/blm'].post
    expect(route.security).toEqual([{ feedApiKey: [] }])
    expect(Object.keys(route.responses)).toEqual(['200', '401', '409', '413', '415', '422'])
    expect(document.components.securitySchemes.feedApiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
  })
})
