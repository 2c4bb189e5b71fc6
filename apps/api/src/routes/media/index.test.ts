import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { epcs, floorPlans, properties, propertyMedias } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FILES, PHOTO_WIDTH } from '#app/testing/fixtures.ts'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

const INVALID = 'The given data was invalid.'

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

describe.each(testDatabaseKinds())('GET /api/media/:media_id/:variant on %s', (kind) => {
  let api: TestApi
  /** A photo of an unlocked property, and one of a locked property. */
  let openPhoto: number
  let lockedPhoto: number
  let lockedPlan: number
  let missingPhoto: number
  let floorPlan: number
  let pdfEpc: number
  let imageEpc: number

  beforeAll(async () => {
    api = await createTestApi(kind)
    const { db } = api.database
    const rows = await db
      .select({ id: propertyMedias.property_profile_media_id, kind: propertyMedias.kind, file: propertyMedias.file, locked: properties.is_locked })
      .from(propertyMedias)
      .innerJoin(properties, eq(properties.property_profile_id, propertyMedias.property_profile_id))
      .orderBy(asc(propertyMedias.property_profile_media_id))
    openPhoto = rows.find((r) => !r.locked && r.kind === 'photo' && r.file === FILES.photos[0])!.id
    lockedPhoto = rows.find((r) => r.locked && r.kind === 'photo')!.id
    missingPhoto = rows.find((r) => r.file === FILES.missing)!.id
    const plans = await db
      .select({ id: floorPlans.floor_plan_id, locked: properties.is_locked })
      .from(floorPlans)
      .innerJoin(properties, eq(properties.property_profile_id, floorPlans.property_profile_id))
      .orderBy(asc(floorPlans.floor_plan_id))
    floorPlan = plans.find((p) => !p.locked)!.id
    lockedPlan = plans.find((p) => p.locked)!.id
    const certificates = await db
      .select({ id: epcs.epc_id, pdf: epcs.pdf_file, locked: properties.is_locked })
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
    ['card', 640, 'webp', 'image/webp'],
    ['medium', 960, 'webp', 'image/webp'],
    ['full', 1600, 'jpeg', 'image/jpeg'],
  ])('derives the %s variant, %i pixels wide', async (variant, width, format, contentType) => {
    const response = await get(`/api/media/p${openPhoto}/${variant}`)
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

  it('derives floor plans and EPC pictures too', async () => {
    const plan = await get(`/api/media/f${floorPlan}/full`)
    expect(plan.statusCode).toBe(200)
    expect((await sharp(plan.rawPayload).metadata()).width).toBe(1400)
    const epc = await get(`/api/media/e${imageEpc}/medium`)
    expect(epc.statusCode).toBe(200)
    expect((await sharp(epc.rawPayload).metadata()).width).toBe(900)
  })

  it('makes the blurred variant from a tiny copy, so no detail survives', async () => {
    const card = await get(`/api/media/p${openPhoto}/card`)
    const blurred = await get(`/api/media/p${openPhoto}/blurred`)
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
    const first = await get(`/api/media/p${openPhoto}/thumb`)
    const again = await get(`/api/media/p${openPhoto}/thumb`, { 'if-none-match': String(first.headers['etag']) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers['etag']).toBe(first.headers['etag'])
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const listed = await get(`/api/media/p${openPhoto}/thumb`, { 'if-none-match': `"other", W/${String(first.headers['etag'])}` })
    expect(listed.statusCode).toBe(304)
    const stale = await get(`/api/media/p${openPhoto}/thumb`, { 'if-none-match': '"other"' })
    expect(stale.statusCode).toBe(200)
  })

  it('writes each variant once to the cache and serves it from there', async () => {
    const before = await listFiles(api.cacheDir)
    const first = await get(`/api/media/e${imageEpc}/thumb`)
    const after = await listFiles(api.cacheDir)
    const added = after.filter((file) => !before.includes(file))
    expect(added).toHaveLength(1)
    expect(added[0]).toMatch(/\.webp$/)
    const second = await get(`/api/media/e${imageEpc}/thumb`)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers['etag']).toBe(first.headers['etag'])
    expect(await listFiles(api.cacheDir)).toHaveLength(after.length)
    expect(after.some((file) => file.endsWith('.tmp'))).toBe(false)
  })

  it('serves an EPC document as a PDF', async () => {
    const response = await get(`/api/media/e${pdfEpc}/pdf`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(`inline; filename="epc-${pdfEpc}.pdf"`)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it.each([
    ['a photo', () => `p${openPhoto}/pdf`],
    ['an EPC without a document', () => `e${imageEpc}/pdf`],
    ['an unknown photo', () => 'p987654/card'],
    ['an unknown floor plan', () => 'f987654/full'],
    ['an unknown EPC', () => 'e987654/medium'],
    ['a photo whose file is missing', () => `p${missingPhoto}/card`],
  ])('answers 404 for %s', async (_name, path) => {
    const response = await get(`/api/media/${path()}`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Media not found' })
  })

  it.each([
    ['p1/huge', { variant: ['Invalid option: expected one of "thumb"|"card"|"medium"|"full"|"blurred"|"pdf"'] }],
    ['x1/card', { media_id: ['Invalid media id.'] }],
    ['p0/card', { media_id: ['Invalid media id.'] }],
    ['p99999999999/card', { media_id: ['Invalid media id.'] }],
    ['p1.5/card', { media_id: ['Invalid media id.'] }],
  ])('refuses %s with 400', async (path, errors) => {
    const response = await get(`/api/media/${path}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: INVALID, errors })
  })

  describe('for a visitor, media of a locked property', () => {
    it.each(['thumb', 'card', 'medium', 'full'])('refuses the %s variant with 403', async (variant) => {
      const response = await get(`/api/media/p${lockedPhoto}/${variant}`)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: 'Register or log in to see this property.' })
      // Not cached as the picture is: once logged in, the same address must answer.
      expect(response.headers['cache-control']).toBe('private, no-cache')
    })

    it('refuses its floor plans', async () => {
      expect((await get(`/api/media/f${lockedPlan}/full`)).statusCode).toBe(403)
    })

    it('serves the blurred variant', async () => {
      const response = await get(`/api/media/p${lockedPhoto}/blurred`)
      expect(response.statusCode).toBe(200)
      expect((await sharp(response.rawPayload).metadata()).width).toBe(640)
    })
  })
})
