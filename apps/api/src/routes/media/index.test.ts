import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { epcs, floorPlans, properties, propertyMedias } from '@agency/db'
import { toShortMediaKey } from '@agency/domain'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_KEY_PATTERN, MEDIA_VARIANTS } from '#app/media/media-ref.ts'
import { logInTestBuyer } from '#app/routes/contacts/test-support.ts'
import { FILES, PHOTO_WIDTH } from '#app/testing/fixtures.ts'
import { createTestApi, PUBLIC_URL, type TestApi } from '#app/testing/api.ts'

const INVALID = 'The given data was invalid.'

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

describe.each(testDatabaseKinds())('GET /api/media/:media_id/:variant on %s', (kind) => {
  let api: TestApi
  /** Media keys: of an unlocked property's photo, floor plan and EPCs, and of a photo whose file is missing. */
  let openPhoto: string
  let missingPhoto: string
  let floorPlan: string
  let pdfEpc: string
  let imageEpc: string

  beforeAll(async () => {
    api = await createTestApi(kind)
    const { db } = api.database
    const rows = await db
      .select({ id: propertyMedias.media_key, kind: propertyMedias.kind, file: propertyMedias.file, locked: properties.is_locked })
      .from(propertyMedias)
      .innerJoin(properties, eq(properties.property_profile_id, propertyMedias.property_profile_id))
      .orderBy(asc(propertyMedias.property_profile_media_id))
    openPhoto = rows.find((r) => !r.locked && r.kind === 'photo' && r.file === FILES.photos[0])!.id
    missingPhoto = rows.find((r) => r.file === FILES.missing)!.id
    const plans = await db
      .select({ id: floorPlans.media_key, locked: properties.is_locked })
      .from(floorPlans)
      .innerJoin(properties, eq(properties.property_profile_id, floorPlans.property_profile_id))
      .orderBy(asc(floorPlans.floor_plan_id))
    floorPlan = plans.find((p) => !p.locked)!.id
    const certificates = await db
      .select({ id: epcs.media_key, pdf: epcs.pdf_file, locked: properties.is_locked })
      .from(epcs)
      .innerJoin(properties, eq(properties.property_profile_id, epcs.property_profile_id))
      .orderBy(asc(epcs.epc_id))
    pdfEpc = certificates.find((e) => !e.locked && e.pdf)!.id
    imageEpc = certificates.find((e) => !e.locked && !e.pdf)!.id
  })
  afterAll(async () => {
    await api?.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers })

  it.each([
    ['thumb', 320, 'webp', 'image/webp'],
    ['small', 480, 'webp', 'image/webp'],
    ['card', 640, 'webp', 'image/webp'],
    ['medium', 960, 'webp', 'image/webp'],
    ['hd', 1280, 'webp', 'image/webp'],
    ['large', 1600, 'webp', 'image/webp'],
    ['full', 1600, 'jpeg', 'image/jpeg'],
    ['thumb-avif', 320, 'heif', 'image/avif'],
    ['small-avif', 480, 'heif', 'image/avif'],
    ['card-avif', 640, 'heif', 'image/avif'],
    ['medium-avif', 960, 'heif', 'image/avif'],
    ['hd-avif', 1280, 'heif', 'image/avif'],
    ['large-avif', 1600, 'heif', 'image/avif'],
    ['thumb-jpeg', 320, 'jpeg', 'image/jpeg'],
    ['small-jpeg', 480, 'jpeg', 'image/jpeg'],
    ['card-jpeg', 640, 'jpeg', 'image/jpeg'],
    ['medium-jpeg', 960, 'jpeg', 'image/jpeg'],
    ['hd-jpeg', 1280, 'jpeg', 'image/jpeg'],
  ])('derives the %s variant, %i pixels wide', async (variant, width, format, contentType) => {
    const response = await get(`/api/media/${openPhoto}/${variant}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(contentType)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['etag']).toMatch(/^"[0-9a-f]{32}"$/)
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const meta = await sharp(response.rawPayload).metadata()
    expect(meta.format).toBe(format)
    expect(meta.width).toBe(width)
    expect(meta.height).toBe(Math.round((1200 / PHOTO_WIDTH) * width))
  })

  it.each([
    ['320a', 'thumb-avif', 320, 'image/avif'],
    ['640w', 'card', 640, 'image/webp'],
    ['1280j', 'hd-jpeg', 1280, 'image/jpeg'],
    ['1600j', 'full', 1600, 'image/jpeg'],
  ])('serves the short URL /api/m/{key}/%s as the %s variant', async (short, variant, width, contentType) => {
    const key = toShortMediaKey(openPhoto)!
    expect(key).toHaveLength(22)
    const response = await get(`/api/m/${key}/${short}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(contentType)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await sharp(response.rawPayload).metadata()).width).toBe(width)
    const long = await get(`/api/media/${openPhoto}/${variant}`)
    expect(response.headers['etag']).toBe(long.headers['etag'])
    expect(response.rawPayload.equals(long.rawPayload)).toBe(true)
  })

  const CHROMIUM_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
  it.each([
    [CHROMIUM_ACCEPT, 'card-avif', 'image/avif'],
    ['image/webp,*/*', 'card', 'image/webp'],
    ['*/*', 'card-jpeg', 'image/jpeg'],
    [undefined, 'card-jpeg', 'image/jpeg'],
  ])('serves /api/m/{key}/640 to Accept %s as the %s variant, varying by Accept', async (accept, variant, contentType) => {
    const response = await get(`/api/m/${toShortMediaKey(openPhoto)}/640`, accept ? { accept } : {})
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(contentType)
    expect(String(response.headers['vary']).toLowerCase().split(/,\s*/)).toContain('accept')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const long = await get(`/api/media/${openPhoto}/${variant}`)
    expect(response.headers['etag']).toBe(long.headers['etag'])
    expect(response.rawPayload.equals(long.rawPayload)).toBe(true)
    // A revalidation with the tag of the format this Accept gets is answered 304, and the same Accept.
    const again = await get(`/api/m/${toShortMediaKey(openPhoto)}/640`, { ...(accept ? { accept } : {}), 'if-none-match': long.headers['etag'] as string })
    expect(again.statusCode).toBe(304)
  })

  it.each([
    ['a q that is no number', 'image/avif;q=NaN, image/webp;q=abc', 'image/jpeg'],
    ['a q past 1 and below 0', 'image/avif;q=1e999, image/webp;q=-1', 'image/jpeg'],
    ['a NUL byte in a type', 'image/av\u0000if, image/webp', 'image/webp'],
    ['8 KB of ranges', `${'x/y;q=0.5,'.repeat(800)}image/webp`, 'image/webp'],
    ['nothing but separators', ',,;;,;q=,', 'image/jpeg'],
  ])('answers a negotiated URL asked with %s as it would without them (%s)', async (_name, accept, contentType) => {
    const response = await get(`/api/m/${toShortMediaKey(openPhoto)}/640`, { accept })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(contentType)
  })

  it('names no Vary on a short URL that names its format', async () => {
    const response = await get(`/api/m/${toShortMediaKey(openPhoto)}/640a`, { accept: '*/*' })
    expect(response.headers['content-type']).toBe('image/avif')
    expect(String(response.headers['vary'] ?? '').toLowerCase()).not.toContain('accept,')
    expect(String(response.headers['vary'] ?? '').toLowerCase().split(/,\s*/)).not.toContain('accept')
  })

  it.each([
    ['a key of no media', () => `${toShortMediaKey(randomUUID())}/640w`, 404],
    ['a width no copy has', () => `${toShortMediaKey(openPhoto)}/500w`, 400],
    ['a width alone that no copy has', () => `${toShortMediaKey(openPhoto)}/500`, 400],
    ['a negotiated URL of no media', () => `${toShortMediaKey(randomUUID())}/640`, 404],
    ['a NUL byte after the width', () => `${toShortMediaKey(openPhoto)}/640%00`, 400],
    ['a huge width', () => `${toShortMediaKey(openPhoto)}/99999999999999999999`, 400],
    ['a negative width', () => `${toShortMediaKey(openPhoto)}/-640`, 400],
    ['a width with a fraction', () => `${toShortMediaKey(openPhoto)}/640.0`, 400],
    ['a long variant name', () => `${toShortMediaKey(openPhoto)}/card`, 400],
    ['a long media key', () => `${openPhoto}/640w`, 400],
    ['bits beyond the key', () => `${toShortMediaKey(openPhoto)!.slice(0, 21)}B/640w`, 400],
  ])('answers a short URL with %s with %i', async (_name, path, status) => {
    const response = await get(`/api/m/${path()}`)
    expect(response.statusCode).toBe(status)
  })

  it('derives floor plans and EPC pictures too', async () => {
    const plan = await get(`/api/media/${floorPlan}/full`)
    expect(plan.statusCode).toBe(200)
    expect((await sharp(plan.rawPayload).metadata()).width).toBe(1400)
    const epc = await get(`/api/media/${imageEpc}/medium`)
    expect(epc.statusCode).toBe(200)
    expect((await sharp(epc.rawPayload).metadata()).width).toBe(900)
  })

  it('makes the blurred variant from a tiny copy, so no detail survives', async () => {
    const card = await get(`/api/media/${openPhoto}/card`)
    const blurred = await get(`/api/media/${openPhoto}/blurred`)
    expect(blurred.statusCode).toBe(200)
    expect(blurred.headers['content-type']).toBe('image/webp')
    expect(blurred.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await sharp(blurred.rawPayload).metadata()).width).toBe(640)
    // The fixture photo is a 20px checkerboard: sharp at card size, an even tone once blurred.
    const cardStats = await sharp(card.rawPayload).greyscale().stats()
    const blurredStats = await sharp(blurred.rawPayload).greyscale().stats()
    expect(cardStats.channels[0]!.stdev).toBeGreaterThan(40)
    expect(blurredStats.channels[0]!.stdev).toBeLessThan(8)
    expect(blurred.rawPayload.length).toBeLessThan(card.rawPayload.length / 10)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(`/api/media/${openPhoto}/thumb`)
    const again = await get(`/api/media/${openPhoto}/thumb`, { 'if-none-match': String(first.headers['etag']) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers['etag']).toBe(first.headers['etag'])
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const listed = await get(`/api/media/${openPhoto}/thumb`, { 'if-none-match': `"other", W/${String(first.headers['etag'])}` })
    expect(listed.statusCode).toBe(304)
    const stale = await get(`/api/media/${openPhoto}/thumb`, { 'if-none-match': '"other"' })
    expect(stale.statusCode).toBe(200)
  })

  it('writes each variant once to the cache and serves it from there', async () => {
    const before = await listFiles(api.cacheDir)
    const first = await get(`/api/media/${imageEpc}/thumb`)
    const after = await listFiles(api.cacheDir)
    const added = after.filter((file) => !before.includes(file))
    expect(added).toHaveLength(1)
    expect(added[0]).toMatch(/\.webp$/)
    const second = await get(`/api/media/${imageEpc}/thumb`)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers['etag']).toBe(first.headers['etag'])
    expect(await listFiles(api.cacheDir)).toHaveLength(after.length)
    expect(after.some((file) => file.endsWith('.tmp'))).toBe(false)
  })

  it('serves an EPC document as a PDF', async () => {
    const response = await get(`/api/media/${pdfEpc}/pdf`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(`inline; filename="epc-${pdfEpc}.pdf"`)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it.each([
    ['a photo', () => `${openPhoto}/pdf`],
    ['an EPC without a document', () => `${imageEpc}/pdf`],
    ['an unknown media key', () => `${randomUUID()}/card`],
    ['a photo whose file is missing', () => `${missingPhoto}/card`],
  ])('answers 404 for %s', async (_name, path) => {
    const response = await get(`/api/media/${path()}`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Media not found' })
  })

  it.each([
    ['0b6a4c1e-2f3d-4e5a-9b8c-7d6e5f4a3b21/huge', { variant: ['Invalid option: expected one of "thumb"|"small"|"card"|"medium"|"hd"|"large"|"full"|"thumb-avif"|"small-avif"|"card-avif"|"medium-avif"|"hd-avif"|"large-avif"|"thumb-jpeg"|"small-jpeg"|"card-jpeg"|"medium-jpeg"|"hd-jpeg"|"blurred"|"pdf"'] }],
    // The sequential ids of old are no media's name any more.
    ['p1/card', { media_id: ['Invalid media id.'] }],
    ['1/card', { media_id: ['Invalid media id.'] }],
    ['x1/card', { media_id: ['Invalid media id.'] }],
    // A key has one written form: lower case, with hyphens.
    ['0B6A4C1E-2F3D-4E5A-9B8C-7D6E5F4A3B21/card', { media_id: ['Invalid media id.'] }],
    ['0b6a4c1e2f3d4e5a9b8c7d6e5f4a3b21/card', { media_id: ['Invalid media id.'] }],
    ['{0b6a4c1e-2f3d-4e5a-9b8c-7d6e5f4a3b21}/card', { media_id: ['Invalid media id.'] }],
  ])('refuses %s with 400', async (path, errors) => {
    const response = await get(`/api/media/${path}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: INVALID, errors })
  })

  it('names media by random keys that say nothing of their order or number', async () => {
    const keys = [
      ...(await api.database.db.select({ key: propertyMedias.media_key }).from(propertyMedias)),
      ...(await api.database.db.select({ key: floorPlans.media_key }).from(floorPlans)),
      ...(await api.database.db.select({ key: epcs.media_key }).from(epcs)),
    ].map((row) => row.key)
    expect(keys.length).toBeGreaterThan(500)
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys) expect(key).toMatch(MEDIA_KEY_PATTERN)
    // Version 4 UUIDs: 122 random bits each, so neighbours share no more than chance would have them.
    const sharedPrefixes = new Set(keys.map((key) => key.slice(0, 4))).size
    expect(sharedPrefixes).toBeGreaterThan(keys.length * 0.9)
  })
})

/** Every media row of every locked property of the fixture, by its key. */
interface LockedMedia {
  propertyId: number
  key: string
  what: 'photo' | 'video' | 'virtual_tour' | 'floor plan' | 'EPC' | 'EPC with a document'
}

async function getLockedMedia(api: TestApi): Promise<LockedMedia[]> {
  const { db } = api.database
  const medias = await db
    .select({ propertyId: propertyMedias.property_profile_id, key: propertyMedias.media_key, kind: propertyMedias.kind })
    .from(propertyMedias)
    .innerJoin(properties, eq(properties.property_profile_id, propertyMedias.property_profile_id))
    .where(eq(properties.is_locked, true))
  const plans = await db
    .select({ propertyId: floorPlans.property_profile_id, key: floorPlans.media_key })
    .from(floorPlans)
    .innerJoin(properties, eq(properties.property_profile_id, floorPlans.property_profile_id))
    .where(eq(properties.is_locked, true))
  const certificates = await db
    .select({ propertyId: epcs.property_profile_id, key: epcs.media_key, pdf: epcs.pdf_file })
    .from(epcs)
    .innerJoin(properties, eq(properties.property_profile_id, epcs.property_profile_id))
    .where(eq(properties.is_locked, true))
  return [
    ...medias.map((m) => ({ propertyId: m.propertyId, key: m.key, what: m.kind as LockedMedia['what'] })),
    ...plans.map((p) => ({ propertyId: p.propertyId, key: p.key, what: 'floor plan' as const })),
    ...certificates.map((e) => ({ propertyId: e.propertyId, key: e.key, what: e.pdf ? ('EPC with a document' as const) : ('EPC' as const) })),
  ]
}

describe.each(testDatabaseKinds())('media of locked properties on %s', (kind) => {
  let api: TestApi
  let locked: LockedMedia[]
  let buyerCookie: string

  beforeAll(async () => {
    api = await createTestApi(kind)
    locked = await getLockedMedia(api)
    buyerCookie = await logInTestBuyer(api)
  })
  afterAll(async () => {
    await api?.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers })

  /** The picture a visitor's card of the property shows, as the API names it. */
  async function visitorImageOf(propertyId: number): Promise<string | null> {
    const response = await get(`/api/properties/${propertyId}`)
    expect(response.statusCode).toBe(200)
    const { data } = response.json() as { data: { is_locked: boolean; image: string | null; medias: unknown[] } }
    expect(data.is_locked).toBe(true)
    expect(data.medias).toEqual([])
    return data.image
  }

  it('the fixture has locked properties with photos, videos, tours, floor plans and EPCs of both kinds', () => {
    const kinds = new Set(locked.map((m) => m.what))
    expect([...kinds].sort()).toEqual(['EPC', 'EPC with a document', 'floor plan', 'photo', 'video', 'virtual_tour'])
    expect(new Set(locked.map((m) => m.propertyId)).size).toBeGreaterThan(10)
  })

  it('shows a visitor one picture of each, its card picture blurred, and answers 404 for every other variant and media', async () => {
    const served: string[] = []
    for (const propertyId of new Set(locked.map((m) => m.propertyId))) {
      const image = await visitorImageOf(propertyId)
      for (const media of locked.filter((m) => m.propertyId === propertyId)) {
        for (const variant of MEDIA_VARIANTS) {
          const url = `${PUBLIC_URL}/api/media/${media.key}/${variant}`
          const response = await get(url)
          const label = `${media.what} ${url} of property ${propertyId}`
          if (url === image) {
            expect(response.statusCode, label).toBe(200)
            expect(response.headers['content-type'], label).toBe('image/webp')
            expect(response.headers['cache-control'], label).toBe('public, max-age=31536000, immutable')
            served.push(url)
          } else {
            expect(response.statusCode, label).toBe(404)
            expect(response.json(), label).toEqual({ message: 'Media not found' })
            // Not kept by a shared cache: once logged in, the same address must answer.
            expect(response.headers['cache-control'], label).toBe('private, no-cache')
          }
        }
      }
    }
    // The short URLs name no blurred copy: every one of a locked property is not found.
    for (const media of locked) {
      for (const short of ['320a', '640w', '1600j', '640']) {
        const response = await get(`/api/m/${toShortMediaKey(media.key)}/${short}`, { accept: 'image/avif,image/webp,*/*' })
        expect(response.statusCode, `${media.what} ${media.key} ${short}`).toBe(404)
      }
    }
    // Exactly one picture per locked property that has any: its card picture, blurred.
    const withPictures = new Set(locked.filter((m) => m.what !== 'floor plan' && !m.what.startsWith('EPC')).map((m) => m.propertyId))
    expect(served).toHaveLength(withPictures.size)
    expect(served.every((url) => url.endsWith('/blurred'))).toBe(true)
  })

  it("shows a Heads Up e-mail's pre-market card picture through its signed address: that picture and variant only, until it expires", async () => {
    const [first, second] = [...new Set(locked.map((m) => m.propertyId))]
    const keyOf = async (propertyId: number) => /\/api\/media\/([^/]+)\/blurred$/.exec((await visitorImageOf(propertyId)) ?? '')![1]!
    const key = await keyOf(first!)
    const other = await keyOf(second!)
    const token = api.app.mediaLinks.sign(key, 'card', new Date())
    const card = await get(`/api/media/${key}/card?access=${token}`)
    expect(card.statusCode).toBe(200)
    expect(card.headers['content-type']).toBe('image/webp')
    expect(card.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    const refused = [
      `/api/media/${key}/card`,
      `/api/media/${key}/full?access=${token}`,
      `/api/media/${other}/card?access=${token}`,
      `/api/media/${key}/card?access=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `/api/media/${key}/card?access=${api.app.mediaLinks.sign(key, 'card', new Date(Date.now() - 31 * 24 * 60 * 60_000))}`,
    ]
    for (const url of refused) expect((await get(url)).statusCode, url).toBe(404)
    // Hostile tokens: a NUL byte, control characters, a repeated parameter are not found; an overlong one is a bad request.
    for (const url of [`/api/media/${key}/card?access=%00`, `/api/media/${key}/card?access=m1.zz.%01%7F`, `/api/media/${key}/card?access=${token}&access=${token}`]) {
      const answer = await get(url)
      expect([400, 404], url).toContain(answer.statusCode)
    }
    expect((await get(`/api/media/${key}/card?access=${'m'.repeat(5000)}`)).statusCode).toBe(400)
  })

  it('serves a buyer every media of a locked property, marked private so no shared cache keeps it', async () => {
    const property = locked.find(
      (m) => m.what === 'EPC with a document' && locked.some((other) => other.propertyId === m.propertyId && other.what === 'photo'),
    )!.propertyId
    const own = locked.filter((m) => m.propertyId === property)
    expect(own.map((m) => m.what)).toEqual(expect.arrayContaining(['photo', 'EPC with a document']))
    const image = await visitorImageOf(property)
    for (const media of own) {
      const variants = media.what === 'EPC with a document' ? (['medium', 'full', 'blurred', 'pdf'] as const) : (['card', 'full', 'blurred'] as const)
      for (const variant of variants) {
        const url = `${PUBLIC_URL}/api/media/${media.key}/${variant}`
        const response = await get(url, { cookie: buyerCookie })
        const label = `${media.what} ${url}`
        expect(response.statusCode, label).toBe(200)
        // Only the blurred card picture, the one any visitor gets, may sit in a shared cache.
        expect(response.headers['cache-control'], label).toBe(
          url === image ? 'public, max-age=31536000, immutable' : 'private, max-age=31536000, immutable',
        )
      }
    }
  })

  it('serves a buyer the short URLs of a locked property\'s photos, privately', async () => {
    const photo = locked.find((m) => m.what === 'photo')!
    const response = await get(`/api/m/${toShortMediaKey(photo.key)}/640a`, { cookie: buyerCookie })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/avif')
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    const chosen = await get(`/api/m/${toShortMediaKey(photo.key)}/640`, { cookie: buyerCookie, accept: 'image/webp,*/*' })
    expect(chosen.statusCode).toBe(200)
    expect(chosen.headers['content-type']).toBe('image/webp')
    expect(chosen.headers['cache-control']).toBe('private, max-age=31536000, immutable')
  })

  it("serves a buyer a locked property's EPC picture and document, privately", async () => {
    const certificates = locked.filter((m) => m.what.startsWith('EPC'))
    expect(certificates.length).toBeGreaterThan(3)
    for (const epc of certificates) {
      const picture = await get(`/api/media/${epc.key}/medium`, { cookie: buyerCookie })
      expect(picture.statusCode).toBe(200)
      expect(picture.headers['content-type']).toBe('image/webp')
      expect(picture.headers['cache-control']).toBe('private, max-age=31536000, immutable')
      expect((await sharp(picture.rawPayload).metadata()).width).toBe(900)
      const document = await get(`/api/media/${epc.key}/pdf`, { cookie: buyerCookie })
      if (epc.what === 'EPC with a document') {
        expect(document.statusCode).toBe(200)
        expect(document.headers['content-type']).toBe('application/pdf')
        expect(document.headers['cache-control']).toBe('private, max-age=31536000, immutable')
        expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      } else {
        expect(document.statusCode).toBe(404)
      }
      // The same addresses, without the session, are not found.
      expect((await get(`/api/media/${epc.key}/medium`)).statusCode).toBe(404)
      expect((await get(`/api/media/${epc.key}/pdf`)).statusCode).toBe(404)
    }
  })
})
