import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { epcs, floorPlans, properties, propertyMedias, seedDemoData, createDiskMediaStore } from '@agency/db'
import { createTestDatabase, testPoolCache, type TestDatabase } from '@agency/db/testing'
import { SALES_PRICE_STEPS, LETTINGS_PRICE_STEPS } from '@agency/domain'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestSite } from './testing.ts'

/**
 * Issue 15, locked properties: a visitor (no cookie) walks every list page, every property page they
 * link to, the sitemap, the map data, the search answers and the property API, and no answer may hold
 * a pre-market property's price, room counts, exact position, street or any picture but its blurred
 * card picture. The locked properties and their true values come from the database.
 */

const PUBLIC_URL = 'http://127.0.0.1:3000'
const PROPERTIES = 300

/** What a visitor must never learn of one locked property. */
interface LockedProperty {
  property_profile_id: number
  transaction_type_id: number
  price: number
  bedroom: number
  bathroom: number | null
  reception: number | null
  lat: number
  lng: number
  address_line_1: string
  postcode: string
  /** The card picture's key: shown only as its blurred variant. */
  cardMediaKey: string | null
  /** Every other picture, floor plan and EPC of the property: never named at all. */
  hiddenMediaKeys: string[]
}

/** One answer the crawler read, as the visitor got it. */
interface Answer {
  url: string
  status: number
  body: string
}

/** The forbidden values found in one answer. */
interface Leak {
  url: string
  property_profile_id: number
  what: string
}

const roundTo2 = (value: number) => Math.round(value * 100) / 100
const gbp = (pounds: number) => `£${pounds.toLocaleString('en-GB')}`
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The body as a reader sees it: JSON's escaped slashes and unicode escapes undone, entities of '/' too. */
function normalise(body: string): string {
  return body.replace(/\\u002F/gi, '/').replace(/\\\//g, '/').replace(/&#x2F;|&#47;/gi, '/').replace(/&amp;/g, '&')
}

describe('a visitor crawling the site', () => {
  let database: TestDatabase
  let app: FastifyInstance
  let mediaDir: string
  let locked: LockedProperty[]
  /** Prices of locked properties that no visible property has and no price filter offers. */
  let distinctivePrices: Map<number, number>
  const answers = new Map<string, Answer>()

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'agency-crawl-media-'))
    await seedDemoData(database, { properties: PROPERTIES, seed: 1, mediaStore: createDiskMediaStore(mediaDir), poolCache: testPoolCache() })
    // The demo's prices are round figures that visible properties share; locked ones get odd figures
    // of their own, so a price found in any answer can only be theirs.
    await database.db
      .update(properties)
      .set({ price: sql`case when ${properties.transaction_type_id} = 1 then 1234567 + ${properties.property_profile_id} * 1013 else 7919 + ${properties.property_profile_id} * 7 end` })
      .where(eq(properties.is_locked, true))
    app = await buildTestSite({ database, publicUrl: PUBLIC_URL, mediaDir })

    const rows = await database.db.select().from(properties)
    const medias = await database.db.select().from(propertyMedias)
    const plans = await database.db.select().from(floorPlans)
    const certificates = await database.db.select().from(epcs)
    const keysOf = <T extends { property_profile_id: number; media_key: string }>(list: T[], id: number) =>
      list.filter((m) => m.property_profile_id === id)
    locked = rows
      .filter((row) => row.is_locked)
      .map((row) => {
        const own = keysOf(medias, row.property_profile_id).sort((a, b) => a.position - b.position)
        // The card picture is the first photo of the gallery (presenters' cardPicture).
        const card = own.find((m) => m.kind === 'photo') ?? own[0] ?? null
        return {
          property_profile_id: row.property_profile_id,
          transaction_type_id: row.transaction_type_id,
          price: row.price,
          bedroom: row.bedroom,
          bathroom: row.bathroom,
          reception: row.reception,
          lat: row.lat,
          lng: row.lng,
          address_line_1: row.address_line_1,
          postcode: row.postcode,
          cardMediaKey: card?.media_key ?? null,
          hiddenMediaKeys: [
            ...own.filter((m) => m !== card).map((m) => m.media_key),
            ...keysOf(plans, row.property_profile_id).map((m) => m.media_key),
            ...keysOf(certificates, row.property_profile_id).map((m) => m.media_key),
          ],
        }
      })
    const visiblePrices = new Set(rows.filter((row) => !row.is_locked).map((row) => row.price))
    const steps = new Set<number>([...SALES_PRICE_STEPS, ...LETTINGS_PRICE_STEPS])
    distinctivePrices = new Map(
      locked.filter((p) => !visiblePrices.has(p.price) && !steps.has(p.price)).map((p) => [p.property_profile_id, p.price]),
    )
  }, 300_000)

  afterAll(async () => {
    await app?.close()
    await database?.close()
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true })
  })

  /** GETs a URL as a visitor (no cookie), following the site's own redirects, and keeps the answer. */
  async function visit(url: string): Promise<Answer> {
    const seen = answers.get(url)
    if (seen) return seen
    let target = url
    for (let hops = 0; ; hops++) {
      const response = await app.inject({ method: 'GET', url: target, headers: { host: new URL(PUBLIC_URL).host } })
      const location = response.headers.location
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string' && hops < 5) {
        const next = new URL(location, PUBLIC_URL)
        if (next.origin !== new URL(PUBLIC_URL).origin) throw new Error(`${url} redirects off the site to ${location}`)
        target = `${next.pathname}${next.search}`
        continue
      }
      const answer = { url, status: response.statusCode, body: response.body }
      answers.set(url, answer)
      return answer
    }
  }

  /** Every same-site path a page links to (href attributes and sitemap <loc>s). */
  function linksOf(body: string): string[] {
    const found = new Set<string>()
    for (const match of body.matchAll(/(?:href="|<loc>)([^"<]+)/g)) {
      const raw = match[1]!.replace(/&amp;/g, '&')
      const url = new URL(raw, PUBLIC_URL)
      if (url.origin === new URL(PUBLIC_URL).origin) found.add(`${url.pathname}${url.search}`)
    }
    return [...found]
  }

  /** The value's decimal forms finer than the locked rounding that a leak would show. */
  function exactForms(value: number): string[] {
    const forms = new Set<string>([String(value), value.toFixed(6), value.toFixed(5), value.toFixed(4)])
    // A value that happens to have two decimals or fewer is the rounded value itself.
    return [...forms].filter((form) => Number(form) !== roundTo2(value) && /\.\d{3,}/.test(form))
  }

  /** The forbidden values of every locked property found in one answer's text. */
  function textLeaks(answer: Answer): Leak[] {
    const body = normalise(answer.body)
    const leaks: Leak[] = []
    for (const p of locked) {
      const leak = (what: string) => leaks.push({ url: answer.url, property_profile_id: p.property_profile_id, what })
      const latForms = exactForms(p.lat).filter((form) => body.includes(form))
      const lngForms = exactForms(p.lng).filter((form) => body.includes(form))
      if (latForms.includes(String(p.lat)) || lngForms.includes(String(p.lng))) leak(`exact position ${p.lat},${p.lng}`)
      else if (latForms.length > 0 && lngForms.length > 0) leak(`position to 4+ decimals (${latForms[0]}, ${lngForms[0]})`)
      if (p.cardMediaKey && new RegExp(`${p.cardMediaKey}/(?!blurred\\b)`).test(body)) leak(`card picture ${p.cardMediaKey} unblurred`)
      for (const key of p.hiddenMediaKeys) if (body.includes(key)) leak(`media ${key}`)
      if (p.address_line_1.length >= 6 && body.includes(p.address_line_1)) leak(`street "${p.address_line_1}"`)
      const price = distinctivePrices.get(p.property_profile_id)
      if (price !== undefined) {
        if (body.includes(gbp(price))) leak(`price ${gbp(price)}`)
        if (new RegExp(`(?<![\\w.-])${escapeRegExp(String(price))}(?![\\w.])`).test(body)) leak(`price ${price}`)
      }
    }
    return leaks
  }

  /** In a JSON answer, every object naming a locked property must carry only its locked facts. */
  function jsonLeaks(answer: Answer): Leak[] {
    let parsed: unknown
    try {
      parsed = JSON.parse(answer.body)
    } catch {
      return []
    }
    const byId = new Map(locked.map((p) => [p.property_profile_id, p]))
    const leaks: Leak[] = []
    const walk = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(walk)
      if (typeof value !== 'object' || value === null) return
      const record = value as Record<string, unknown>
      const p = typeof record.property_profile_id === 'number' ? byId.get(record.property_profile_id) : undefined
      if (p) {
        const leak = (what: string) => leaks.push({ url: answer.url, property_profile_id: p.property_profile_id, what })
        for (const field of ['price', 'bedroom', 'bathroom', 'reception', 'bedrooms', 'bathrooms', 'full_address', 'postcode', 'summary', 'description']) {
          if (record[field] !== undefined && record[field] !== null) leak(`${field} ${JSON.stringify(record[field])}`)
        }
        if (record.lat !== undefined && record.lat !== roundTo2(p.lat)) leak(`lat ${String(record.lat)}`)
        if (record.lng !== undefined && record.lng !== roundTo2(p.lng)) leak(`lng ${String(record.lng)}`)
        for (const list of ['medias', 'floor_plans', 'epcs', 'price_history', 'features']) {
          if (Array.isArray(record[list]) && (record[list] as unknown[]).length > 0) leak(`${list} not empty`)
        }
        if (record.is_locked !== undefined && record.is_locked !== true) leak('is_locked is not true')
      }
      Object.values(record).forEach(walk)
    }
    walk(parsed)
    return leaks
  }

  /** Every page of a list, as the page and as its data request, and of the list API. */
  async function walkList(listPath: string, transactionTypeId: number): Promise<string[]> {
    const pages: string[] = []
    for (const sort of ['', 'price_desc', 'price_asc']) {
      for (let page = 1; page <= 40; page++) {
        const query = new URLSearchParams({ ...(sort ? { sort } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString()
        const url = `${listPath}${query ? `?${query}` : ''}`
        const answer = await visit(url)
        expect(answer.status, url).toBe(200)
        pages.push(url)
        await visit(`${listPath}.data${query ? `?${query}` : ''}`)
        const api = await visit(`/api/properties?${new URLSearchParams({ transaction_type_id: String(transactionTypeId), include_unavailable: 'true', page_size: '100', page: String(page), ...(sort ? { sort } : {}) })}`)
        expect(api.status).toBe(200)
        // The list pages show 12 or so; the walk stops once the page names no further page.
        if (!answer.body.includes(`page=${page + 1}`)) break
      }
    }
    return pages
  }

  it("knows a locked property's true values when an answer holds them, so the crawl can fail", () => {
    const p = locked.find((candidate) => candidate.cardMediaKey !== null && distinctivePrices.has(candidate.property_profile_id))
    if (!p) throw new Error('no locked property with a picture and a price of its own')
    const full = {
      url: '/unredacted',
      status: 200,
      body: JSON.stringify({
        data: { property_profile_id: p.property_profile_id, price: p.price, bedroom: p.bedroom, lat: p.lat, lng: p.lng, image: `/api/media/${p.cardMediaKey}/full` },
      }),
    }
    const found = [...textLeaks(full), ...jsonLeaks(full)].map((leak) => leak.what.split(' ')[0])
    expect(new Set(found)).toEqual(new Set(['exact', 'card', 'price', 'bedroom', 'lat', 'lng']))
    const page = { url: '/page', status: 200, body: `<p>${gbp(p.price)}</p><img src="/api/media/${p.cardMediaKey}/medium">` }
    expect(textLeaks(page).map((leak) => leak.what.split(' ')[0])).toEqual(['card', 'price'])
  })

  it('finds no price, room count, exact position, street or unblurred picture of a locked property anywhere', async () => {
    expect(locked.length, 'the seeded catalogue holds locked properties').toBeGreaterThan(5)
    expect(locked.some((p) => p.cardMediaKey !== null)).toBe(true)
    expect(distinctivePrices.size, 'some locked prices can be told from every visible one').toBeGreaterThan(0)

    // Lists: home, the entry redirect, sales and lettings with their paging, and their data requests.
    for (const url of ['/', '/properties', '/branches', '/saved-properties', '/sitemap.xml', '/robots.txt']) await visit(url)
    const listPages = [...(await walkList('/sales/property-for-sale', 1)), ...(await walkList('/lettings/property-to-rent', 2))]

    // Every property page any visited page links to, and every locked one by its own address.
    const propertyPages = new Set<string>()
    for (const answer of [...answers.values()]) {
      for (const link of linksOf(answer.body)) if (link.startsWith('/property/')) propertyPages.add(link.split('?')[0]!)
    }
    for (const p of locked) {
      const detail = await visit(`/api/properties/${p.property_profile_id}`)
      expect(detail.status).toBe(200)
      const { data } = JSON.parse(detail.body) as { data: { detail_page_url: string } }
      propertyPages.add(data.detail_page_url)
      propertyPages.add(`/property/${p.property_profile_id}`)
      await visit(`/api/properties/${p.property_profile_id}/similar`)
    }
    const lockedPageUrls = new Set<string>()
    for (const url of propertyPages) {
      const answer = await visit(url)
      expect(answer.status, url).toBe(200)
      await visit(`${url}.data`)
      if (locked.some((p) => url.startsWith(`/property/${p.property_profile_id}/`) || url === `/property/${p.property_profile_id}`)) lockedPageUrls.add(url)
    }
    expect(lockedPageUrls.size).toBeGreaterThanOrEqual(locked.length)

    // The property API: cards by id (a visitor's saved properties), the sitemap's list, types and branches.
    const ids = locked.map((p) => p.property_profile_id)
    for (let i = 0; i < ids.length; i += 50) await visit(`/api/properties/cards?ids=${ids.slice(i, i + 50).join(',')}`)
    for (const url of ['/api/sitemap/properties', '/api/branches', '/api/properties/property_types?__limit=250', '/api/properties/property_styles?__limit=250']) {
      await visit(url)
    }

    // Map data: every marker of each search type, and searches aimed at each locked property's true
    // position, which must find nothing a visitor could not find from its rounded one.
    for (const type of [1, 2]) {
      for (let page = 1; page <= 10; page++) {
        const markers = await visit(`/api/properties/markers?transaction_type_id=${type}&include_unavailable=true&page_size=2000&page=${page}`)
        expect(markers.status).toBe(200)
        const { data } = JSON.parse(markers.body) as { data: unknown[] }
        if (data.length < 2000) break
      }
    }
    const aimedLeaks: Leak[] = []
    for (const p of locked) {
      const type = String(p.transaction_type_id)
      // A box about 100 m across round the true position that leaves out the rounded one.
      const d = 0.0005
      const rounded = { lat: roundTo2(p.lat), lng: roundTo2(p.lng) }
      const box = [p.lat - d, p.lng - d, p.lat + d, p.lng + d]
      const boxHoldsRounded = rounded.lat >= box[0]! && rounded.lat <= box[2]! && rounded.lng >= box[1]! && rounded.lng <= box[3]!
      const bounds = box.map((v) => v.toFixed(6)).join(',')
      const near = new URLSearchParams({ transaction_type_id: type, include_unavailable: 'true', bounds, page_size: '100' })
      const searches = [`/api/properties?${near}`, `/api/properties/markers?${near}`]
      // A quarter-mile circle round the true position, and round the rounded one for comparison.
      const around = (lat: number, lng: number) =>
        `/api/properties?${new URLSearchParams({ transaction_type_id: type, include_unavailable: 'true', locations: `${lat},${lng},0.25`, sort: 'distance', page_size: '100' })}`
      searches.push(around(p.lat, p.lng))
      // Price and room filters that leave the locked property out must not be what decides.
      const priceFilters: Array<Record<string, string>> = [
        { min_price: String(p.price + 1) },
        { max_price: String(Math.max(p.price - 1, 0)) },
        { min_bedroom: String(p.bedroom + 1) },
        { max_bedroom: String(Math.max(p.bedroom - 1, 0)) },
      ]
      const filtered: string[] = []
      for (const filter of priceFilters) {
        filtered.push(`/api/properties?${new URLSearchParams({ transaction_type_id: type, include_unavailable: 'true', locations: `${rounded.lat},${rounded.lng},1`, page_size: '100', ...filter })}`)
      }
      for (const url of [...searches, ...filtered]) {
        const answer = await visit(url)
        expect([200, 400], url).toContain(answer.status)
      }
      const namesIt = (url: string) => {
        const answer = answers.get(url)
        if (!answer || answer.status !== 200) return false
        return (JSON.parse(answer.body) as { data: Array<{ property_profile_id: number }> }).data.some((c) => c.property_profile_id === p.property_profile_id)
      }
      if (!boxHoldsRounded && (namesIt(searches[0]!) || namesIt(searches[1]!))) {
        aimedLeaks.push({ url: searches[0]!, property_profile_id: p.property_profile_id, what: 'found by a box round its true position' })
      }
      // The unfiltered search round the rounded position finds it; filters on what is hidden must not drop it.
      const base = await visit(
        `/api/properties?${new URLSearchParams({ transaction_type_id: type, include_unavailable: 'true', locations: `${rounded.lat},${rounded.lng},1`, page_size: '100' })}`,
      )
      const baseIds = (JSON.parse(base.body) as { data: Array<{ property_profile_id: number }> }).data.map((c) => c.property_profile_id)
      if (baseIds.includes(p.property_profile_id)) {
        for (const url of filtered) {
          if (answers.get(url)?.status === 200 && !namesIt(url)) aimedLeaks.push({ url, property_profile_id: p.property_profile_id, what: 'left out by a filter on a hidden value' })
        }
      }
    }

    // Suggestions a visitor's typing reaches: places and addresses by the locked street and postcode.
    for (const p of locked) {
      for (const keyword of [p.address_line_1, p.postcode]) {
        await visit(`/api/places?${new URLSearchParams({ keyword })}`)
        await visit(`/api/addresses?${new URLSearchParams({ keyword })}`)
      }
    }

    const leaks = [...aimedLeaks]
    for (const answer of answers.values()) {
      expect(answer.status, `${answer.url} answered ${answer.status}`).toBeLessThan(500)
      leaks.push(...textLeaks(answer), ...jsonLeaks(answer))
    }
    const lockedPages = [...lockedPageUrls].filter((url) => answers.get(url)?.status === 200)
    for (const url of lockedPages) {
      // The page of a locked property names no room count in its text (the failure quotes what it found).
      const roomCount = /.{0,80}\b\d+\s*(bed|bedroom|bathroom|reception)s?\b.{0,40}/is.exec(answers.get(url)!.body.replace(/<[^>]+>/g, ' '))
      if (roomCount) leaks.push({ url, property_profile_id: 0, what: `a room count on a locked page: ${roomCount[0].replace(/\s+/g, ' ')}` })
    }
    console.info(
      `locked crawl: ${answers.size} answers read (${listPages.length} list pages, ${propertyPages.size} property pages), ` +
        `${locked.length} locked properties checked, ${leaks.length} leaks`,
    )
    expect(leaks).toEqual([])
  }, 600_000)
})
