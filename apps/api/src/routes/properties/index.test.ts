import {
  BOUNDS_PARAM_MESSAGE,
  LOCATION_PARAM_MESSAGE,
  MATERIAL_INFORMATION_DETAIL_KEYS,
  PROPERTY_STYLES,
  MAP_MARKERS_PAGE_SIZE_DEFAULT,
  PROPERTY_TYPES,
  SEARCH_TYPE_ONLY_FILTERS,
  isResidentialPropertyType,
  toPinPriceLabel,
  toPriceLabel,
  type InclusionFilter,
} from '@agency/domain'
import { branches, epcs, floorPlans, priceHistory, properties, propertyMedias } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROPERTY_COUNT, TOWNS } from '#app/testing/fixtures.ts'
import { PUBLIC_URL, createTestApi, type TestApi } from '#app/testing/api.ts'

type Row = typeof properties.$inferSelect
type MediaRow = typeof propertyMedias.$inferSelect
type Query = Record<string, string | string[]>

const INVALID = 'The given data was invalid.'

/** The room counts the API gives a property: a home's own, none for Commercial (5) or Land (6). */
const roomsOf = (row: Row) =>
  !isResidentialPropertyType(row.property_type_id) ? { bedroom: null, bathroom: null, reception: null } : { bedroom: row.bedroom, bathroom: row.bathroom, reception: row.reception }

// An independent reference for every filter and sort, in plain JS.
const EARTH_RADIUS_MILES = 3958.8
function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(Math.min(1, a)))
}

const INCLUSION_FLAGS: Record<InclusionFilter, keyof Row> = {
  new_homes: 'new_home',
  shared_ownership: 'shared_ownership',
  retirement_homes: 'retirement',
  short_let: 'short_let',
  house_flat_share: 'house_flat_share',
  pets_allowed: 'pets_allowed',
  bills_included: 'bills_included',
}

const one = (query: Query, key: string): string | undefined => {
  const value = query[key]
  return Array.isArray(value) ? value[0] : value
}
const many = (query: Query, key: string): string[] => {
  const value = query[key]
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}
const countParam = (query: Query, key: string): number | null => {
  const value = one(query, key)
  return value === undefined || value === 'null' ? null : Number(value)
}

interface ReferenceLocation {
  lat: number
  lng: number
  radius: number
  bounds?: { south: number; west: number; north: number; east: number }
}

function locationsOf(query: Query): ReferenceLocation[] {
  return many(query, 'locations').map((value) => {
    const [lat, lng, radius, south, west, north, east] = value.split(',').map(Number) as [number, number, number, ...number[]]
    const bounds = south === undefined ? undefined : { south, west: west!, north: north!, east: east! }
    // SPEC §9 radius 0 without bounds: a street or two (0.15 mile) around the point.
    return { lat, lng, radius: radius === 0 && !bounds ? 0.15 : radius, bounds }
  })
}

/** Where a visitor may place a property: a locked one rounded to two decimal places (about a kilometre). */
function visiblePosition(p: Row, canSeeLocked: boolean): { lat: number; lng: number } {
  if (canSeeLocked || !p.is_locked) return { lat: p.lat, lng: p.lng }
  return { lat: Math.round(p.lat * 100) / 100, lng: Math.round(p.lng * 100) / 100 }
}

/**
 * A place without bounds: its circle. With bounds: inside them at radius 0; at a larger radius, within
 * that many miles of the bounds' nearest point (across the antimeridian, the nearer edge).
 */
function isWithin(l: ReferenceLocation, p: { lat: number; lng: number }): boolean {
  if (l.bounds && l.radius === 0) return milesFrom(l, p) === 0
  return milesFrom(l, p) <= l.radius
}

/** How far a point lies from a place: from its bounds' nearest point (0 inside them), else from its point. */
function milesFrom(l: ReferenceLocation, p: { lat: number; lng: number }): number {
  if (!l.bounds) return haversineMiles(l.lat, l.lng, p.lat, p.lng)
  const { south, west, north, east } = l.bounds
  const lngInside = west <= east ? p.lng >= west && p.lng <= east : p.lng >= west || p.lng <= east
  const lat = Math.min(Math.max(p.lat, south), north)
  const lng = lngInside ? p.lng : west <= east ? Math.min(Math.max(p.lng, west), east) : west - p.lng <= p.lng - east ? west : east
  return haversineMiles(lat, lng, p.lat, p.lng)
}

/**
 * What a search must answer. A visitor (the default) may not see locked properties: those match by
 * search type, status and rounded position alone, come after every priced one in a price sort, and
 * are measured from their rounded position.
 */
function expectedIds(all: Row[], query: Query, canSeeLocked = false): number[] {
  const transaction = Number(one(query, 'transaction_type_id') ?? 1)
  const typeOnly = transaction === 1 ? SEARCH_TYPE_ONLY_FILTERS.lettings : SEARCH_TYPE_ONLY_FILTERS.sales
  const locations = locationsOf(query)
  const selections = many(query, 'property_types').map((value) => {
    const [type, styles] = value.split(':')
    return { type: Number(type), styles: styles ? styles.split(',').map(Number) : [] }
  })
  const mustHaves = many(query, 'must_haves').flatMap((v) => v.split(','))
  // An unknown count (null) is in no range with a bound, as in SQL.
  const inRange = (value: number | null, min: number | null, max: number | null) =>
    (min === null || (value !== null && value >= min)) && (max === null || (value !== null && value <= max))
  const minPrice = Number(one(query, 'min_price') ?? 0)
  const maxPrice = Number(one(query, 'max_price') ?? 0)
  const furnishing = one(query, 'furnishing') ?? 'any'

  const shown = (p: Row) => p.transaction_type_id === transaction && (one(query, 'include_unavailable') === 'true' || p.availability === 'available')
  const area = one(query, 'bounds')?.split(',').map(Number)
  const inArea = (at: { lat: number; lng: number }) => {
    if (!area) return true
    const [south, west, north, east] = area as [number, number, number, number]
    return at.lat >= south && at.lat <= north && (west <= east ? at.lng >= west && at.lng <= east : at.lng >= west || at.lng <= east)
  }
  const near = (p: Row) =>
    (locations.length === 0 || locations.some((l) => isWithin(l, visiblePosition(p, canSeeLocked)))) && inArea(visiblePosition(p, canSeeLocked))
  const hidden = (p: Row) => p.is_locked && !canSeeLocked
  const matches = (p: Row) => shown(p) && near(p) && (hidden(p) || matchesDetails(p))
  const matchesDetails = (p: Row) =>
    (minPrice === 0 || p.price >= minPrice) &&
    (maxPrice === 0 || p.price <= maxPrice) &&
    inRange(p.bedroom, countParam(query, 'min_bedroom'), countParam(query, 'max_bedroom')) &&
    inRange(p.bathroom, countParam(query, 'min_bathroom'), countParam(query, 'max_bathroom')) &&
    inRange(p.reception, countParam(query, 'min_reception'), countParam(query, 'max_reception')) &&
    (selections.length === 0 ||
      selections.some((s) => p.property_type_id === s.type && (s.styles.length === 0 || (p.property_style_id !== null && s.styles.includes(p.property_style_id))))) &&
    (!mustHaves.includes('garden') || p.has_garden) &&
    (!mustHaves.includes('parking') || p.has_parking) &&
    (furnishing === 'any' || transaction === 1 || p.furnishing === furnishing) &&
    (Object.keys(INCLUSION_FLAGS) as InclusionFilter[]).every((name) => {
      const value = one(query, name) ?? 'include'
      if (value === 'include' || (typeOnly as readonly string[]).includes(name)) return true
      return p[INCLUSION_FLAGS[name]] === (value === 'show_only')
    })

  const sort = one(query, 'sort') ?? 'newest'
  const byNewest = (a: Row, b: Row) => b.created_at.getTime() - a.created_at.getTime() || b.property_profile_id - a.property_profile_id
  const first = locations[0]
  // Hidden prices sort last, as SQL's NULLS LAST.
  const priceOf = (p: Row) => (hidden(p) ? null : p.price)
  const byPrice = (direction: 1 | -1) => (a: Row, b: Row) => {
    const pa = priceOf(a)
    const pb = priceOf(b)
    if (pa === null || pb === null) return (pa === null ? 1 : 0) - (pb === null ? 1 : 0) || direction * (a.property_profile_id - b.property_profile_id)
    return direction * (pa - pb) || direction * (a.property_profile_id - b.property_profile_id)
  }
  const distanceOf = (p: Row) => {
    const at = visiblePosition(p, canSeeLocked)
    return haversineMiles(first!.lat, first!.lng, at.lat, at.lng)
  }
  const compare =
    sort === 'price_desc'
      ? byPrice(-1)
      : sort === 'price_asc'
        ? byPrice(1)
        : sort === 'distance' && first
          ? (a: Row, b: Row) => distanceOf(a) - distanceOf(b) || a.property_profile_id - b.property_profile_id
          : byNewest
  return all.filter(matches).sort(compare).map((p) => p.property_profile_id)
}

function toUrl(path: string, query: Query): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v)
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

const leeds = TOWNS[0]
const harrogate = TOWNS[1]
const york = TOWNS[2]
// A box around Harrogate's centre: about half a mile north and south, a third of a mile west and a mile
// and a quarter east, so it differs from every circle around the same point.
const harrogateBounds = [harrogate.lat - 0.008, harrogate.lng - 0.008, harrogate.lat + 0.008, harrogate.lng + 0.03].join(',')
// The visible map area of a search: Leeds's centre and what lies north and east of it, up to Harrogate.
const mapArea = [leeds.lat - 0.01, leeds.lng - 0.02, harrogate.lat + 0.01, harrogate.lng + 0.05].join(',')

/** Filter cases, each compared with the reference over every page. */
const FILTER_CASES: Array<[string, Query]> = [
  ['the default search: sales, available only', {}],
  ['lettings', { transaction_type_id: '2' }],
  ['sales including unavailable', { include_unavailable: 'true' }],
  ['lettings including unavailable', { transaction_type_id: '2', include_unavailable: 'true' }],
  ['a minimum price', { min_price: '500000' }],
  ['a maximum price', { max_price: '400000' }],
  ['a price range', { min_price: '300000', max_price: '900000' }],
  ['prices of 0 as no limit', { min_price: '0', max_price: '0' }],
  ['a lettings price range', { transaction_type_id: '2', min_price: '1000', max_price: '2500' }],
  ['a minimum bedroom count', { min_bedroom: '3' }],
  ['a maximum bedroom count of studio', { max_bedroom: '0', include_unavailable: 'true' }],
  ['a bedroom range', { min_bedroom: '2', max_bedroom: '4' }],
  ['null bedroom bounds as no limit', { min_bedroom: 'null', max_bedroom: 'null' }],
  ['a bathroom range', { min_bathroom: '1', max_bathroom: '2' }],
  ['a minimum reception count', { min_reception: '2' }],
  ['a maximum reception count', { max_reception: '1', transaction_type_id: '2' }],
  ['one property type', { property_types: '1', include_unavailable: 'true' }],
  ['a type with chosen styles', { property_types: '1:1,2,3', include_unavailable: 'true' }],
  ['several selections', { property_types: ['2', '1:3', '3'], include_unavailable: 'true' }],
  ['a style of another type, which matches nothing', { property_types: '2:1' }],
  ['ids beyond the database range, which match nothing', { property_types: ['99999999999', '1:99999999999'] }],
  ['a style beyond the database range beside a real one', { property_types: '1:1,99999999999', include_unavailable: 'true' }],
  ['a garden', { must_haves: 'garden' }],
  ['parking', { must_haves: 'parking' }],
  ['a garden and parking, repeated', { must_haves: ['garden', 'parking'] }],
  ['a garden and parking, as a comma list', { must_haves: 'garden,parking', include_unavailable: 'true' }],
  ['furnished lettings', { transaction_type_id: '2', furnishing: 'furnished', include_unavailable: 'true' }],
  ['part furnished lettings', { transaction_type_id: '2', furnishing: 'part_furnished', include_unavailable: 'true' }],
  ['unfurnished lettings', { transaction_type_id: '2', furnishing: 'unfurnished', include_unavailable: 'true' }],
  ['furnishing on sales, which is ignored', { furnishing: 'furnished' }],
  ['new homes only', { new_homes: 'show_only' }],
  ['no new homes', { new_homes: 'exclude' }],
  ['shared ownership only', { shared_ownership: 'show_only', include_unavailable: 'true' }],
  ['no shared ownership', { shared_ownership: 'exclude' }],
  ['retirement homes only (sales)', { retirement_homes: 'show_only', include_unavailable: 'true' }],
  ['no retirement homes (lettings)', { transaction_type_id: '2', retirement_homes: 'exclude' }],
  ['short lets only', { transaction_type_id: '2', short_let: 'show_only', include_unavailable: 'true' }],
  ['no short lets', { transaction_type_id: '2', short_let: 'exclude' }],
  ['house and flat shares only', { transaction_type_id: '2', house_flat_share: 'show_only', include_unavailable: 'true' }],
  ['no house and flat shares', { transaction_type_id: '2', house_flat_share: 'exclude' }],
  ['pets allowed only', { transaction_type_id: '2', pets_allowed: 'show_only', include_unavailable: 'true' }],
  ['no pets allowed', { transaction_type_id: '2', pets_allowed: 'exclude' }],
  ['bills included only', { transaction_type_id: '2', bills_included: 'show_only', include_unavailable: 'true' }],
  ['no bills included', { transaction_type_id: '2', bills_included: 'exclude' }],
  ['explicit include, which filters nothing', { new_homes: 'include', short_let: 'include' }],
  ['a lettings-only filter on sales, which is ignored', { pets_allowed: 'show_only', short_let: 'exclude' }],
  ['a sales-only filter on lettings, which is ignored', { transaction_type_id: '2', new_homes: 'show_only' }],
  ['within 2 miles of Leeds', { locations: `${leeds.lat},${leeds.lng},2`, include_unavailable: 'true' }],
  ['within 1 mile of Leeds or 3 miles of York', { locations: [`${leeds.lat},${leeds.lng},1`, `${york.lat},${york.lng},3`], include_unavailable: 'true' }],
  ['radius 0 as a street or two around the point', { locations: `${harrogate.lat},${harrogate.lng},0`, include_unavailable: 'true' }],
  ["radius 0 as the place's own bounds", { locations: `${harrogate.lat},${harrogate.lng},0,${harrogateBounds}`, include_unavailable: 'true' }],
  ["radius 3 around a place's bounds: the bounds and three miles beyond", { locations: `${harrogate.lat},${harrogate.lng},3,${harrogateBounds}`, include_unavailable: 'true' }],
  ["the default quarter mile around a place's bounds", { locations: `${harrogate.lat},${harrogate.lng},0.25,${harrogateBounds}`, include_unavailable: 'true' }],
  ['a mile around bounds across the antimeridian', { locations: `${leeds.lat},${leeds.lng},1,53.7,170,53.9,-1.55`, include_unavailable: 'true' }],
  ['bounds across the antimeridian', { locations: `${leeds.lat},${leeds.lng},0,53.7,170,53.9,-1.55`, include_unavailable: 'true' }],
  ['within 40 miles of Leeds', { locations: `${leeds.lat},${leeds.lng},40` }],
  ['a place with no property near it', { locations: '51.5074,-0.1278,5' }],
  ['the visible map area alone', { bounds: mapArea, include_unavailable: 'true' }],
  ['the map area on lettings', { bounds: mapArea, transaction_type_id: '2' }],
  ['the map area and a location that overlaps it', { bounds: mapArea, locations: `${leeds.lat},${leeds.lng},15`, include_unavailable: 'true' }],
  ['the map area with price, rooms and a garden', { bounds: mapArea, min_price: '200000', min_bedroom: '2', must_haves: 'garden', include_unavailable: 'true' }],
  ['a map area across the antimeridian', { bounds: `53.7,170,54.2,-1.45`, include_unavailable: 'true' }],
  ['a map area with no property in it', { bounds: '51.4,-0.3,51.6,0.1' }],
  [
    'many filters together',
    { min_price: '100000', max_price: '1200000', min_bedroom: '1', must_haves: 'garden', property_types: ['1', '2'], new_homes: 'exclude', include_unavailable: 'true' },
  ],
]

const SORT_CASES: Array<[string, Query]> = [
  ['newest first, ties by id', { include_unavailable: 'true' }],
  ['newest first on lettings', { sort: 'newest', transaction_type_id: '2', include_unavailable: 'true' }],
  ['price high to low, ties by id', { sort: 'price_desc', include_unavailable: 'true' }],
  ['price low to high, ties by id', { sort: 'price_asc', include_unavailable: 'true' }],
  ['lettings price low to high', { sort: 'price_asc', transaction_type_id: '2' }],
  ['nearest to the first location', { sort: 'distance', locations: [`${leeds.lat},${leeds.lng},30`, `${york.lat},${york.lng},1`], include_unavailable: 'true' }],
  ['distance without a location, as newest', { sort: 'distance', include_unavailable: 'true' }],
]

describe.each(testDatabaseKinds())('the catalogue routes on %s', (kind) => {
  let api: TestApi
  let all: Row[]
  let medias: MediaRow[]

  beforeAll(async () => {
    api = await createTestApi(kind)
    all = await api.database.db.select().from(properties).orderBy(asc(properties.property_profile_id))
    medias = await api.database.db
      .select()
      .from(propertyMedias)
      .orderBy(asc(propertyMedias.property_profile_id), asc(propertyMedias.position))
  })
  afterAll(async () => {
    await api?.close()
  })

  const get = (url: string) => api.app.inject({ method: 'GET', url })

  /** Every id a search answers, page by page, and the totals each page reported. */
  async function searchAll(query: Query, pageSize = 100) {
    const ids: number[] = []
    const totals: number[] = []
    for (let page = 1; page <= 20; page++) {
      const response = await get(toUrl('/api/properties', { ...query, page: String(page), page_size: String(pageSize) }))
      expect(response.statusCode, response.body).toBe(200)
      const body = response.json<{ data: Array<{ property_profile_id: number }>; total: number; page: number; page_size: number }>()
      expect(body.page).toBe(page)
      expect(body.page_size).toBe(pageSize)
      totals.push(body.total)
      ids.push(...body.data.map((card) => card.property_profile_id))
      if (body.data.length < pageSize) break
    }
    return { ids, totals }
  }

  it('holds the whole fixture', () => {
    expect(all).toHaveLength(PROPERTY_COUNT)
  })

  describe('GET /api/properties filters', () => {
    it.each(FILTER_CASES)('finds exactly the matching properties for %s', async (_name, query) => {
      const expected = expectedIds(all, query)
      const { ids, totals } = await searchAll(query)
      expect(ids).toEqual(expected)
      expect(new Set(totals)).toEqual(new Set([expected.length]))
    })

    it('has cases that each narrow the results, so the comparisons can fail', () => {
      const everything = expectedIds(all, { include_unavailable: 'true' }).length
      for (const [name, query] of FILTER_CASES) {
        const count = expectedIds(all, query).length
        // A visitor still sees the locked properties there, which match by their locked card alone.
        if (/match(es)? nothing|no property (near|in)/.test(name)) expect(expectedIds(all, query, true).length, name).toBe(0)
        else expect(count, name).toBeGreaterThan(0)
      }
      expect(expectedIds(all, { new_homes: 'show_only', include_unavailable: 'true' }).length).toBeLessThan(everything)
      // Radius 0 must differ from a tenth of a mile and from a quarter mile, so its own circle is what is tested.
      const around = (radius: string) => expectedIds(all, { locations: `${harrogate.lat},${harrogate.lng},${radius}`, include_unavailable: 'true' }).length
      expect(around('0.1')).toBeLessThan(around('0'))
      expect(around('0')).toBeLessThan(around('0.25'))
      expect(around('0.25')).toBeLessThan(around('0.6'))
      expect(around('0.6')).toBeLessThan(around('1'))
      // The bounds differ from every circle the radius options draw around the same point.
      const bounded = expectedIds(all, { locations: `${harrogate.lat},${harrogate.lng},0,${harrogateBounds}`, include_unavailable: 'true' })
      for (const radius of ['0', '0.25', '0.5', '1', '3']) {
        const circle = expectedIds(all, { locations: `${harrogate.lat},${harrogate.lng},${radius}`, include_unavailable: 'true' })
        expect(circle, radius).not.toEqual(bounded)
      }
      // A radius around a place's bounds widens 'This area only' (SPEC §9's radii grow a search): the
      // quarter mile finds every home of the bounds and more, and more than the quarter-mile circle.
      const aroundBounds = (radius: string) => expectedIds(all, { locations: `${harrogate.lat},${harrogate.lng},${radius},${harrogateBounds}`, include_unavailable: 'true' })
      expect(aroundBounds('0.25')).toEqual(expect.arrayContaining(bounded))
      expect(aroundBounds('0.25').length).toBeGreaterThan(bounded.length)
      expect(aroundBounds('0.25').length).toBeGreaterThan(around('0.25'))
      expect(aroundBounds('3').length).toBeGreaterThan(aroundBounds('0.25').length)
      // Across the antimeridian: west of Leeds's -1.55 only, none of the towns further east.
      const across = expectedIds(all, { locations: `${leeds.lat},${leeds.lng},0,53.7,170,53.9,-1.55`, include_unavailable: 'true' })
      expect(across.length).toBeGreaterThan(0)
      expect(across.every((id) => all.find((p) => p.property_profile_id === id)!.lng <= -1.55)).toBe(true)
      expect(expectedIds(all, { transaction_type_id: '2', furnishing: 'furnished' }).length).toBeLessThan(
        expectedIds(all, { transaction_type_id: '2' }).length,
      )
    })
  })

  describe('GET /api/properties sorts and pages', () => {
    it.each(SORT_CASES)('orders %s', async (_name, query) => {
      const expected = expectedIds(all, query)
      expect(expected.length).toBeGreaterThan(1)
      const { ids } = await searchAll(query)
      expect(ids).toEqual(expected)
    })

    it('pages through the same order without gaps or repeats', async () => {
      const query = { sort: 'price_desc', include_unavailable: 'true' }
      const expected = expectedIds(all, query)
      const { ids, totals } = await searchAll(query, 7)
      expect(ids).toEqual(expected)
      expect(totals.length).toBe(Math.ceil(expected.length / 7) + (expected.length % 7 === 0 ? 1 : 0))
      expect(new Set(totals)).toEqual(new Set([expected.length]))
    })

    it('answers 12 cards on page 1 by default', async () => {
      const response = await get('/api/properties')
      const body = response.json()
      expect(body.page).toBe(1)
      expect(body.page_size).toBe(12)
      expect(body.data.map((c: { property_profile_id: number }) => c.property_profile_id)).toEqual(expectedIds(all, {}).slice(0, 12))
    })

    it('answers an empty page past the end, with the total', async () => {
      const total = expectedIds(all, {}).length
      for (const page of ['50', '10000']) {
        const response = await get(`/api/properties?page=${page}&page_size=100`)
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({ data: [], total, page: Number(page), page_size: 100 })
      }
      // Near a location too, where the page itself counts the matches.
      const near = { locations: `${leeds.lat},${leeds.lng},3` }
      const nearTotal = expectedIds(all, near).length
      expect(nearTotal).toBeGreaterThan(3)
      const last = (await get(toUrl('/api/properties', { ...near, page: '2', page_size: '3' }))).json()
      expect(last.total).toBe(nearTotal)
      expect(last.data).toHaveLength(3)
      const past = (await get(toUrl('/api/properties', { ...near, page: '400', page_size: '3' }))).json()
      expect(past).toEqual({ data: [], total: nearTotal, page: 400, page_size: 3 })
      const nowhere = (await get(toUrl('/api/properties', { locations: '51.5074,-0.1278,5' }))).json()
      expect(nowhere).toEqual({ data: [], total: 0, page: 1, page_size: 12 })
    })

    it('gives each card its distance in miles to the nearest location', async () => {
      const query = { locations: [`${leeds.lat},${leeds.lng},5`, `${harrogate.lat},${harrogate.lng},5`], include_unavailable: 'true', page_size: '100' }
      const body = (await get(toUrl('/api/properties', query))).json<{ data: Array<{ property_profile_id: number; distance: number; is_locked: boolean }> }>()
      expect(body.data.length).toBeGreaterThan(0)
      for (const card of body.data) {
        const row = all.find((p) => p.property_profile_id === card.property_profile_id)!
        // A visitor's distance to a locked property is measured from its rounded position.
        const at = visiblePosition(row, false)
        const nearest = Math.min(haversineMiles(leeds.lat, leeds.lng, at.lat, at.lng), haversineMiles(harrogate.lat, harrogate.lng, at.lat, at.lng))
        expect(card.distance).toBeCloseTo(nearest, card.is_locked ? 1 : 2)
      }
      const without = (await get('/api/properties')).json<{ data: Array<{ distance: number | null }> }>()
      expect(without.data.every((card) => card.distance === null)).toBe(true)
    })

    it("measures a card's distance to a place with bounds from the bounds, not the place's centre: 0 inside, never more than the radius", async () => {
      const query = { locations: [`${harrogate.lat},${harrogate.lng},3,${harrogateBounds}`, `${leeds.lat},${leeds.lng},1`], include_unavailable: 'true', page_size: '100' }
      const area = locationsOf(query)
      const body = (await get(toUrl('/api/properties', query))).json<{ data: Array<{ property_profile_id: number; distance: number; is_locked: boolean }> }>()
      const inside = body.data.filter((card) => card.distance === 0)
      const around = body.data.filter((card) => card.distance > 0)
      expect(inside.length).toBeGreaterThan(0)
      expect(around.length).toBeGreaterThan(0)
      for (const card of body.data) {
        const at = visiblePosition(all.find((p) => p.property_profile_id === card.property_profile_id)!, false)
        expect(card.distance).toBeCloseTo(Math.min(...area.map((l) => milesFrom(l, at))), card.is_locked ? 1 : 2)
        expect(card.distance).toBeLessThanOrEqual(3)
      }
      // Measured from Harrogate's centre, some cards would say they lie further than the three miles asked for.
      expect(around.some((card) => {
        const at = visiblePosition(all.find((p) => p.property_profile_id === card.property_profile_id)!, false)
        return haversineMiles(harrogate.lat, harrogate.lng, at.lat, at.lng) > 3
      })).toBe(true)
    })
  })

  describe('GET /api/properties cards', () => {
    it('gives an office, a shop or land no room counts on its card, its page or its map marker, and a home its own', async () => {
      const office = all.find((p) => p.property_type_id === 5 && !p.is_locked && p.availability === 'available' && p.bedroom > 0)!
      const home = all.find((p) => p.property_type_id === 1 && !p.is_locked && p.availability === 'available' && p.bedroom > 0)!
      for (const [row, rooms] of [
        [office, { bedroom: null, bathroom: null, reception: null }],
        [home, { bedroom: home.bedroom, bathroom: home.bathroom, reception: home.reception }],
      ] as const) {
        const box = [row.lat - 0.0001, row.lng - 0.0001, row.lat + 0.0001, row.lng + 0.0001].join(',')
        const cards = (await get(`/api/properties?transaction_type_id=${row.transaction_type_id}&bounds=${box}`)).json()
        expect(cards.data.find((c: { property_profile_id: number }) => c.property_profile_id === row.property_profile_id)).toMatchObject(rooms)
        expect((await get(`/api/properties/${row.property_profile_id}`)).json().data).toMatchObject(rooms)
        const markers = (await get(`/api/properties/markers?transaction_type_id=${row.transaction_type_id}&bounds=${box}`)).json()
        expect(markers.data.find((m: { property_profile_id: number }) => m.property_profile_id === row.property_profile_id)).toMatchObject({ bedroom: rooms.bedroom })
      }
    })

    it('shapes an unlocked card per SPEC §3, with the first photo as its image', async () => {
      // Fixture 3 opens its gallery with a video, then photos.
      const row = all[3]!
      expect(row.is_locked).toBe(false)
      const own = medias.filter((m) => m.property_profile_id === row.property_profile_id)
      expect(own[0]!.kind).toBe('video')
      const firstPhoto = own.find((m) => m.kind === 'photo')!
      const body = (await get(`/api/properties?transaction_type_id=${row.transaction_type_id}&include_unavailable=true&page_size=100`)).json()
      const card = body.data.find((c: { property_profile_id: number }) => c.property_profile_id === row.property_profile_id)
      const url = (key: string, variant: string) => `${PUBLIC_URL}/api/media/${key}/${variant}`
      expect(card).toEqual({
        property_profile_id: row.property_profile_id,
        image: url(firstPhoto.media_key, 'card'),
        is_locked: false,
        is_pre_market: false,
        custom_property_status_title: { available: 'Available', sstc: 'SSTC', under_offer: 'Under Offer', let_agreed: 'Let Agreed' }[row.availability],
        advert_heading: row.advert_heading,
        display_address: row.display_address,
        full_address: [row.address_line_1, row.address_line_2, row.town, row.county, row.postcode].filter(Boolean).join(', '),
        price: {
          type: { name: row.price_qualifier },
          price: toPriceLabel(row.price, row.transaction_type_id === 2 ? 'lettings' : 'sales'),
          numberPrice: row.price,
        },
        ...roomsOf(row),
        summary: row.summary,
        detail_page_url: `/property/${row.property_profile_id}/${row.slug}`,
        match_percentage: null,
        medias: own.map((m) => ({
          property_profile_media_id: m.media_key,
          background: url(m.media_key, 'medium'),
          mediaLink: m.kind === 'photo' ? url(m.media_key, 'full') : m.link,
          isDownloadable: m.kind === 'photo' && m.is_downloadable,
          isIframePlayable: m.kind === 'video',
          isVirtualTour: m.kind === 'virtual_tour',
        })),
        // Its photos alone, not the video that opens its gallery.
        photo_count: own.filter((m) => m.kind === 'photo').length,
        transaction_type_id: row.transaction_type_id,
        branch_id: row.branch_id,
        lat: row.lat,
        lng: row.lng,
        location_precision: row.location_precision,
        distance: null,
        created_at: row.created_at.toISOString(),
        // The fixture lowered every third property's price by £10,000 on 1 January 2026.
        reduced_at: '2026-01-01T12:00:00.000Z',
      })
    })

    it('formats lettings prices per month', async () => {
      const body = (await get('/api/properties?transaction_type_id=2&sort=price_asc&page_size=1')).json()
      const cheapest = all.find((p) => p.property_profile_id === expectedIds(all, { transaction_type_id: '2', sort: 'price_asc' })[0])!
      expect(body.data[0].price.price).toBe(`${toPriceLabel(cheapest.price, 'sales')} PCM`)
    })

    it.each(['1', '2'])('answers the same cards without their photo lists with include_medias=false (transaction type %s)', async (type) => {
      const query = `transaction_type_id=${type}&include_unavailable=true&page_size=100`
      const whole = await get(`/api/properties?${query}`)
      const bare = await get(`/api/properties?${query}&include_medias=false`)
      expect(bare.statusCode).toBe(200)
      const wholeBody = whole.json<{ data: Array<{ medias?: unknown; is_locked: boolean; image: string | null }> }>()
      const bareBody = bare.json<{ data: Array<Record<string, unknown>> }>()
      expect(wholeBody.data.every((card) => Array.isArray(card.medias))).toBe(true)
      expect(bareBody).toEqual({ ...wholeBody, data: wholeBody.data.map(({ medias: _medias, ...card }) => card) })
      expect(bareBody.data.every((card) => !('medias' in card))).toBe(true)
      // The fixture's cards include locked ones (their blurred picture) and ones with no picture at all.
      expect(wholeBody.data.some((card) => card.is_locked && card.image !== null)).toBe(true)
      expect(wholeBody.data.some((card) => card.image === null)).toBe(true)
      expect(await get(`/api/properties?${query}&include_medias=true`).then((r) => r.json())).toEqual(wholeBody)
    })

    it('shows no image on a card without medias', async () => {
      const row = all[0]!
      expect(medias.some((m) => m.property_profile_id === row.property_profile_id)).toBe(false)
      const body = (await get(`/api/properties?transaction_type_id=${row.transaction_type_id}&include_unavailable=true&page_size=100`)).json()
      const card = body.data.find((c: { property_profile_id: number }) => c.property_profile_id === row.property_profile_id)
      expect(card.image).toBeNull()
      expect(card.medias).toEqual([])
    })
  })

  describe('locked (pre-market) properties for a visitor', () => {
    it('redacts every locked card in the list and leaks none of it in the body', async () => {
      const locked = all.filter((p) => p.is_locked)
      expect(locked.length).toBeGreaterThan(5)
      for (const transaction of ['1', '2']) {
        const response = await get(`/api/properties?transaction_type_id=${transaction}&include_unavailable=true&page_size=100`)
        const body = response.json<{ data: Array<Record<string, unknown>> }>()
        for (const row of locked.filter((p) => String(p.transaction_type_id) === transaction)) {
          const card = body.data.find((c) => c.property_profile_id === row.property_profile_id)!
          const first = medias.find((m) => m.property_profile_id === row.property_profile_id && m.kind === 'photo')
          expect(card).toEqual({
            property_profile_id: row.property_profile_id,
            image: first ? `${PUBLIC_URL}/api/media/${first.media_key}/blurred` : null,
            is_locked: true,
            is_pre_market: true,
            custom_property_status_title: expect.any(String),
            advert_heading: transaction === '1' ? 'Pre-market property for sale' : 'Pre-market property to rent',
            display_address: row.town,
            full_address: null,
            price: null,
            bedroom: null,
            bathroom: null,
            reception: null,
            summary: null,
            detail_page_url: `/property/${row.property_profile_id}/pre-market-property-${transaction === '1' ? 'for-sale' : 'to-rent'}-${row.town.toLowerCase()}`,
            match_percentage: null,
            medias: [],
            photo_count: null,
            transaction_type_id: row.transaction_type_id,
            branch_id: row.branch_id,
            lat: Math.round(row.lat * 100) / 100,
            lng: Math.round(row.lng * 100) / 100,
            location_precision: row.location_precision,
            distance: null,
            created_at: row.created_at.toISOString(),
          })
          const serialised = JSON.stringify(card)
          expect(serialised).not.toContain(toPriceLabel(row.price, transaction === '2' ? 'lettings' : 'sales'))
          expect(serialised).not.toContain(row.summary)
          expect(serialised).not.toContain(row.address_line_1)
          expect(serialised).not.toContain(row.advert_heading)
          expect(serialised).not.toContain(row.slug)
          expect(serialised).not.toContain(String(row.lat))
          expect(serialised).not.toMatch(/\/(card|medium|full|thumb)"/)
        }
        // No other card carries a locked property's media either.
        for (const media of medias.filter((m) => locked.some((p) => p.property_profile_id === m.property_profile_id))) {
          for (const variant of ['card', 'medium', 'full', 'thumb']) {
            expect(response.body).not.toContain(`/api/media/${media.media_key}/${variant}`)
          }
        }
      }
    })

    it('redacts the detail of a locked property', async () => {
      const row = all.find((p) => p.is_locked && p.transaction_type_id === 1)!
      const response = await get(`/api/properties/${row.property_profile_id}`)
      expect(response.statusCode).toBe(200)
      const body = response.json().data
      expect(body).toMatchObject({
        is_locked: true,
        price: null,
        bedroom: null,
        bathroom: null,
        reception: null,
        summary: null,
        description: null,
        features: [],
        medias: [],
        floor_plans: [],
        epcs: [],
        price_history: [],
        full_address: null,
        postcode: null,
        material_information: null,
        property_type: null,
        property_style: null,
        advert_heading: 'Pre-market property for sale',
        display_address: row.town,
      })
      const first = medias.find((m) => m.property_profile_id === row.property_profile_id && m.kind === 'photo')
      expect(body.image).toBe(first ? `${PUBLIC_URL}/api/media/${first.media_key}/blurred` : null)
      expect(response.body).not.toContain(row.advert_heading)
      expect(response.body).not.toContain(row.description)
      expect(response.body).not.toContain(row.summary)
      expect(response.body).not.toContain(row.postcode)
      expect(response.body).not.toContain(toPriceLabel(row.price, 'sales'))
      expect(response.body).not.toMatch(/\/api\/media\/[^/"]+\/(card|medium|full|thumb|pdf)/)
    })
  })

  describe('what searches tell a visitor of a locked property', () => {
    const lockedSales = () => all.filter((p) => p.is_locked && p.transaction_type_id === 1)

    it('lists it whatever price, room, type or feature filter would include or drop it', async () => {
      for (const row of lockedSales()) {
        const base = { include_unavailable: 'true', locations: `${row.lat},${row.lng},1` }
        const excluding: Query[] = [
          { ...base, min_price: String(row.price + 5_000) },
          { ...base, max_price: String(Math.max(row.price - 5_000, 1)) },
          { ...base, min_bedroom: String(row.bedroom + 1) },
          { ...base, max_bathroom: String(Math.max((row.bathroom ?? 0) - 1, 0)), min_bathroom: '0' },
          { ...base, property_types: String(row.property_type_id === 1 ? 2 : 1) },
          { ...base, must_haves: row.has_garden ? 'parking' : 'garden', new_homes: row.new_home ? 'exclude' : 'show_only' },
        ]
        for (const query of excluding) {
          const { ids } = await searchAll(query)
          expect(ids, JSON.stringify(query)).toContain(row.property_profile_id)
        }
      }
    })

    it('places it after every priced property in both price sorts', async () => {
      for (const sort of ['price_desc', 'price_asc']) {
        const { ids } = await searchAll({ sort, include_unavailable: 'true' })
        const lockedIds = new Set(lockedSales().map((p) => p.property_profile_id))
        const firstLocked = ids.findIndex((id) => lockedIds.has(id))
        expect(firstLocked).toBe(ids.length - lockedIds.size)
      }
    })

    it('finds it only by its rounded position, so a tiny search area cannot pin it down', async () => {
      const row = lockedSales()[0]!
      const rounded = visiblePosition(row, false)
      expect(rounded).not.toEqual({ lat: row.lat, lng: row.lng })
      const around = (lat: number, lng: number) =>
        [lat, lng, 0, lat - 0.0005, lng - 0.0005, lat + 0.0005, lng + 0.0005].map((n) => n.toFixed(5)).join(',')
      expect((await searchAll({ include_unavailable: 'true', locations: around(row.lat, row.lng) })).ids).not.toContain(row.property_profile_id)
      expect((await searchAll({ include_unavailable: 'true', locations: around(rounded.lat, rounded.lng) })).ids).toContain(row.property_profile_id)
    })
  })

  describe('GET /api/properties/markers', () => {
    type Marker = { property_profile_id: number; lat: number; lng: number; is_locked: boolean; price: string | null; pin_price: string | null; bedroom: number | null; image: string | null; advert_heading: string; detail_page_url: string }
    type Markers = { data: Marker[]; total: number; page: number; page_size: number }
    const markers = async (query: Query) => {
      const response = await get(toUrl('/api/properties/markers', query))
      expect(response.statusCode, response.body).toBe(200)
      return response.json<Markers>()
    }
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)

    it.each([
      ['the visible map area alone', { bounds: mapArea, include_unavailable: 'true' }],
      ['the map area, a location and filters', { bounds: mapArea, locations: `${leeds.lat},${leeds.lng},15`, min_bedroom: '2', transaction_type_id: '2' }],
      ['no area: the whole search', { include_unavailable: 'true' }],
    ] as Array<[string, Query]>)('answers a marker for every property the list finds for %s', async (_name, query) => {
      const expected = expectedIds(all, query)
      expect(expected.length).toBeGreaterThan(0)
      const body = await markers(query)
      expect(body.total).toBe(expected.length)
      expect(body.page_size).toBe(MAP_MARKERS_PAGE_SIZE_DEFAULT)
      expect(sorted(body.data.map((m) => m.property_profile_id))).toEqual(sorted(expected))
      // The same search in the list answers the same properties.
      expect(sorted((await searchAll(query)).ids)).toEqual(sorted(expected))
    })

    it('pages the markers apart from the list, newest first', async () => {
      const query = { include_unavailable: 'true' }
      const expected = expectedIds(all, query)
      const first = await markers({ ...query, page_size: '5' })
      const second = await markers({ ...query, page_size: '5', page: '2' })
      expect(first.total).toBe(expected.length)
      expect([...first.data, ...second.data].map((m) => m.property_profile_id)).toEqual(expected.slice(0, 10))
    })

    it('gives an unlocked marker its position and card summary', async () => {
      const row = all.find((p) => !p.is_locked && p.transaction_type_id === 1 && p.availability === 'available')!
      const body = await markers({ bounds: [row.lat - 0.0001, row.lng - 0.0001, row.lat + 0.0001, row.lng + 0.0001].join(',') })
      const marker = body.data.find((m) => m.property_profile_id === row.property_profile_id)!
      expect(marker).toMatchObject({ lat: row.lat, lng: row.lng, is_locked: false, price: toPriceLabel(row.price, 'sales'), pin_price: toPinPriceLabel(row.price, 'sales'), bedroom: roomsOf(row).bedroom, advert_heading: row.advert_heading })
      expect(marker.detail_page_url).toBe(`/property/${row.property_profile_id}/${row.slug}`)
    })

    it("shows on each marker its own card's picture, as the list's card does", async () => {
      const query = { include_unavailable: 'true' }
      const cards = new Map<number, string | null>()
      for (let page = 1; page <= 20; page++) {
        const body = (await get(toUrl('/api/properties', { ...query, page: String(page), page_size: '100' }))).json<{ data: Array<{ property_profile_id: number; image: string | null }> }>()
        for (const card of body.data) cards.set(card.property_profile_id, card.image)
        if (body.data.length < 100) break
      }
      const body = await markers(query)
      expect(body.data.length).toBe(cards.size)
      for (const marker of body.data) expect(marker.image, `marker ${marker.property_profile_id}`).toBe(cards.get(marker.property_profile_id))
      // Pictures differ from property to property: the markers do not all carry one.
      expect(new Set(body.data.filter((m) => !m.is_locked).map((m) => m.image)).size).toBeGreaterThan(1)
    })

    it('shows a visitor a locked property only at its rounded position, without price or rooms', async () => {
      const row = all.find((p) => p.is_locked && p.transaction_type_id === 1)!
      const rounded = visiblePosition(row, false)
      const tiny = (at: { lat: number; lng: number }) => [at.lat - 0.0005, at.lng - 0.0005, at.lat + 0.0005, at.lng + 0.0005].map((n) => n.toFixed(5)).join(',')
      const atReal = await markers({ include_unavailable: 'true', bounds: tiny(row) })
      expect(atReal.data.map((m) => m.property_profile_id)).not.toContain(row.property_profile_id)
      const atRounded = await markers({ include_unavailable: 'true', bounds: tiny(rounded) })
      const marker = atRounded.data.find((m) => m.property_profile_id === row.property_profile_id)!
      expect(marker).toMatchObject({ ...rounded, is_locked: true, price: null, pin_price: null, bedroom: null, advert_heading: 'Pre-market property for sale' })
      expect(marker.image === null || marker.image.endsWith('/blurred')).toBe(true)
      // Nor does the list find it at its real position.
      expect((await searchAll({ include_unavailable: 'true', bounds: tiny(row) })).ids).not.toContain(row.property_profile_id)
      expect((await searchAll({ include_unavailable: 'true', bounds: tiny(rounded) })).ids).toContain(row.property_profile_id)
      // A filter its hidden price would fail still lists it, as the list does.
      const priced = await markers({ include_unavailable: 'true', bounds: tiny(rounded), min_price: String(row.price + 5_000) })
      expect(priced.data.map((m) => m.property_profile_id)).toContain(row.property_profile_id)
      const raw = JSON.stringify(atRounded.data)
      expect(raw).not.toContain(String(row.lat))
      expect(raw).not.toContain(row.advert_heading)
    })

    it.each([
      ['bounds=53.9,-1.6,53.7,-1.4', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=53.7,-1.6', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['page_size=2001', { page_size: ['Too big: expected number to be <=2000'] }],
      ['page=0', { page: ['Too small: expected number to be >=1'] }],
      ['min_price=-1', { min_price: ['Too small: expected number to be >=0'] }],
    ])('refuses %s with 400 and the field errors', async (query, errors) => {
      const response = await get(`/api/properties/markers?${query}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: INVALID, errors })
    })
  })

  describe('GET /api/properties validation', () => {
    it.each([
      ['page=0', { page: ['Too small: expected number to be >=1'] }],
      ['page=10001', { page: ['Too big: expected number to be <=10000'] }],
      ['page=abc', { page: ['Invalid input: expected number, received NaN'] }],
      ['page_size=101', { page_size: ['Too big: expected number to be <=100'] }],
      ['sort=bogus', { sort: ['Invalid option: expected one of "newest"|"price_desc"|"price_asc"|"distance"|"most_reduced"'] }],
      ['min_bedroom=x', { min_bedroom: ['Invalid input: expected number, received NaN'] }],
      ['max_bathroom=1.5', { max_bathroom: ['Invalid input: expected int, received number'] }],
      ['min_price=-5', { min_price: ['Too small: expected number to be >=0'] }],
      ['transaction_type_id=3', { transaction_type_id: ['Invalid input'] }],
      ['locations=53.8,-1.5', { locations: [LOCATION_PARAM_MESSAGE] }],
      ['locations=53.8,-1.5,far', { locations: [LOCATION_PARAM_MESSAGE] }],
      ['locations=91,0,1', { locations: [LOCATION_PARAM_MESSAGE] }],
      ['locations=53.8,-1.5,41', { locations: [LOCATION_PARAM_MESSAGE] }],
      ['locations=53.8,-1.5,1&locations=,,', { locations: [LOCATION_PARAM_MESSAGE] }],
      ['locations=53.8,-1.5,0,53.7,-1.6,53.9', { locations: [LOCATION_PARAM_MESSAGE] }],
      ['locations=53.8,-1.5,0,53.9,-1.6,53.7,-1.4', { locations: [LOCATION_PARAM_MESSAGE] }],
      ['locations=53.8,-1.5,0,53.7,-1.6,53.9,181', { locations: [LOCATION_PARAM_MESSAGE] }],
      ['property_types=house', { property_types: ['Each property type must be TYPE or TYPE:STYLE,STYLE.'] }],
      ['property_types=1:', { property_types: ['Each property type must be TYPE or TYPE:STYLE,STYLE.'] }],
      ['property_types=0', { property_types: ['Each property type must be TYPE or TYPE:STYLE,STYLE.'] }],
      ['must_haves=pool', { must_haves: ['Invalid option: expected one of "garden"|"parking"'] }],
      ['furnishing=bogus', { furnishing: ['Invalid option: expected one of "any"|"furnished"|"part_furnished"|"unfurnished"'] }],
      ['new_homes=maybe', { new_homes: ['Invalid option: expected one of "include"|"exclude"|"show_only"'] }],
      ['bounds=53.7,-1.6,53.9', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=53.7,-1.6,53.9,-1.4,0', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=53.9,-1.6,53.7,-1.4', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=53.7,-1.6,91,-1.4', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=53.7,-181,53.9,-1.4', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=north,west,south,east', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=53.7,,53.9,-1.4', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=0x10,-1.6,53.9,-1.4', { bounds: [BOUNDS_PARAM_MESSAGE] }],
      ['bounds=53.7,-1.6,53.9,-1.4&bounds=53.7,-1.6,53.9,-1.4', { bounds: ['Invalid input: expected string, received array'] }],
      ['include_medias=no', { include_medias: ['Invalid option: expected one of "true"|"false"'] }],
      ['include_medias=1', { include_medias: ['Invalid option: expected one of "true"|"false"'] }],
      [`include_medias=${'x'.repeat(5000)}`, { include_medias: ['Invalid option: expected one of "true"|"false"'] }],
      ['include_medias=false&include_medias=true', { include_medias: ['Invalid option: expected one of "true"|"false"'] }],
    ])('refuses %s with 400 and the field errors', async (query, errors) => {
      const response = await get(`/api/properties?${query}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: INVALID, errors })
    })

    it('refuses a NUL byte in include_medias with 400, as in any field', async () => {
      const response = await get('/api/properties?include_medias=false%00')
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(INVALID)
    })

    it('reports every bad field at once', async () => {
      const response = await get('/api/properties?page=0&page_size=101&sort=bogus')
      expect(response.statusCode).toBe(400)
      expect(Object.keys(response.json().errors).sort()).toEqual(['page', 'page_size', 'sort'])
    })
  })

  describe('GET /api/properties/:property_profile_id', () => {
    it('answers the full detail of an unlocked property', async () => {
      // Fixture 9: floor plans, a PDF EPC, price history and a branch.
      const row = all[9]!
      expect(row.is_locked).toBe(false)
      const [branch] = await api.database.db.select().from(branches).where(eq(branches.branch_id, row.branch_id!))
      const plans = (await api.database.db.select().from(floorPlans).orderBy(asc(floorPlans.position))).filter((p) => p.property_profile_id === row.property_profile_id)
      const certificates = (await api.database.db.select().from(epcs)).filter((e) => e.property_profile_id === row.property_profile_id)
      const history = (await api.database.db.select().from(priceHistory)).filter((h) => h.property_profile_id === row.property_profile_id)
      expect(plans.length).toBe(2)
      expect(certificates.length).toBe(1)
      expect(certificates[0]!.pdf_file).not.toBeNull()
      expect(history.length).toBe(2)

      const response = await get(`/api/properties/${row.property_profile_id}`)
      expect(response.statusCode).toBe(200)
      const body = response.json().data
      const style = PROPERTY_STYLES.find((s) => s.property_style_id === row.property_style_id)
      expect(body).toMatchObject({
        property_profile_id: row.property_profile_id,
        is_locked: false,
        description: row.description,
        features: row.features,
        floor_plans: plans.map((p) => ({ image: `${PUBLIC_URL}/api/media/${p.media_key}/full` })),
        epcs: [
          {
            image: `${PUBLIC_URL}/api/media/${certificates[0]!.media_key}/medium`,
            isPDF: true,
            fileURL: `${PUBLIC_URL}/api/media/${certificates[0]!.media_key}/pdf`,
          },
        ],
        branch: {
          id: branch!.branch_id,
          name: branch!.name,
          branchName: branch!.branch_name,
          phone: branch!.phone,
          email: branch!.email,
          address: branch!.address,
          lat: branch!.lat,
          lng: branch!.lng,
          button: true,
          buttonLabel: 'View on Google Map',
          businessLink: branch!.business_link,
          markerImage: branch!.marker_image,
          color: '#0b4f6c',
          version: 1,
        },
        property_type: PROPERTY_TYPES.find((t) => t.property_type_id === row.property_type_id),
        property_style: style ?? null,
        postcode: row.postcode,
        material_information: {
          tenure: row.tenure,
          council_tax_band: row.council_tax_band,
          epc_rating: row.epc_rating,
          furnishing: row.furnishing,
          available_from: row.available_from,
          deposit: row.deposit,
          ...Object.fromEntries(MATERIAL_INFORMATION_DETAIL_KEYS.map((key) => [key, row[key]])),
        },
        price_history: history
          .sort((a, b) => b.changed_at.getTime() - a.changed_at.getTime())
          .map((h) => ({ price: h.price, changed_at: h.changed_at.toISOString() })),
        updated_at: row.updated_at.toISOString(),
        price: { numberPrice: row.price },
        bedroom: roomsOf(row).bedroom,
        summary: row.summary,
      })
    })

    it('answers an image EPC with its full picture as the file', async () => {
      const row = all[10]!
      const [certificate] = (await api.database.db.select().from(epcs)).filter((e) => e.property_profile_id === row.property_profile_id)
      expect(certificate!.pdf_file).toBeNull()
      const body = (await get(`/api/properties/${row.property_profile_id}`)).json().data
      expect(body.epcs).toEqual([
        {
          image: `${PUBLIC_URL}/api/media/${certificate!.media_key}/medium`,
          isPDF: false,
          fileURL: `${PUBLIC_URL}/api/media/${certificate!.media_key}/full`,
        },
      ])
    })

    it('answers 404 for an unknown property', async () => {
      const response = await get('/api/properties/987654')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Property not found' })
    })

    it.each([
      ['abc', 'An id must be a positive whole number written in decimal digits.'],
      ['0', 'An id must be a positive whole number written in decimal digits.'],
      ['-3', 'An id must be a positive whole number written in decimal digits.'],
      ['1.5', 'An id must be a positive whole number written in decimal digits.'],
      ['99999999999', 'An id must be a positive whole number written in decimal digits.'],
    ])('refuses the id %s with 400', async (id, message) => {
      const response = await get(`/api/properties/${id}`)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message: INVALID, errors: { property_profile_id: [message] } })
    })
  })

  describe('GET /api/properties/property_types and property_styles', () => {
    it('lists every type and style, 250 at most by default', async () => {
      expect((await get('/api/properties/property_types?__limit=250')).json()).toEqual({ data: PROPERTY_TYPES })
      expect((await get('/api/properties/property_styles')).json()).toEqual({ data: PROPERTY_STYLES })
    })

    it('honours __limit', async () => {
      expect((await get('/api/properties/property_types?__limit=2')).json()).toEqual({ data: PROPERTY_TYPES.slice(0, 2) })
      expect((await get('/api/properties/property_styles?__limit=5')).json()).toEqual({ data: PROPERTY_STYLES.slice(0, 5) })
    })

    it.each(['0', '251', 'all'])('refuses __limit=%s', async (limit) => {
      const response = await get(`/api/properties/property_types?__limit=${limit}`)
      expect(response.statusCode).toBe(400)
      expect(Object.keys(response.json().errors)).toEqual(['__limit'])
    })
  })
})
