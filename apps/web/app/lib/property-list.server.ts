import type { SiteServices } from '@agency/api/site-services'
import {
  LIST_PATHS,
  MAX_LOCATIONS,
  PropertySearchQuerySchema,
  RADIUS_DEFAULT_MILES,
  fromSearchParams,
  toMergedTypeSelection,
  toOrderedRanges,
  toSwitchedQuery,
  toTransactionTypeId,
} from '@agency/domain'
import type { Bounds, LocationFilter, PropertySearchQuery, SearchResultPlace, SearchType } from '@agency/domain'
import { data, redirect } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { toListCard } from '#app/components/property-card/types.ts'
import type { PlaceNotFound } from '#app/components/property-list/property-list-page.tsx'
import { ALERT_ON, FILTERS_OPEN, PAGE_PARAMS, isSameQuery, readPageRequest, toSearchUrlParams } from '#app/components/search/search-url.ts'
import { toCataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { toPublicUrl, toUrlWithParams } from '#app/lib/urls.ts'

/**
 * The list pages' loader: the URL query is the search (so every result page can be shared), parsed
 * with the API's own schema. A query that does not parse is the visitor's mistake, not ours: it gets
 * a 400 page with a way out instead of an error.
 *
 * A form sent without JavaScript arrives with the page's own parameters (search-url.ts PAGE_PARAMS):
 * a keyword to look up, the radius, the For Sale / For Rent switch, a chip to remove, and every field
 * at its default. They are applied here and the visitor is redirected to the canonical URL of the
 * result, so the address bar always holds a clean, shareable search.
 */
export async function loadPropertyList(request: Request, context: AppLoadContext, searchType: SearchType) {
  const url = new URL(request.url)
  const path = LIST_PATHS[searchType]
  const page = readPageRequest(url.searchParams)
  const parsed = PropertySearchQuerySchema.safeParse({
    ...fromSearchParams(page.apiParams),
    // The path decides sales or lettings, whatever the query says.
    transaction_type_id: toTransactionTypeId(searchType),
  })
  const invalid = () =>
    data({ kind: 'invalid' as const, searchType, canonicalUrl: toPublicUrl(context.publicUrl, path) }, { status: 400 })
  if (!parsed.success) return invalid()

  // A pair the wrong way round (£500,000 to £200,000) is searched, and its address written, as meant.
  let query: PropertySearchQuery = toOrderedRanges({ ...parsed.data, property_types: toMergedTypeSelection(parsed.data.property_types) })
  let names = query.locations.map((_, index) => page.locationNames[index] ?? '')
  if (page.removeLocation !== null) {
    query = { ...query, locations: query.locations.filter((_, index) => index !== page.removeLocation) }
    names = names.filter((_, index) => index !== page.removeLocation)
  }
  // The radius dropdown sets the radius of every chosen location, as it does with JavaScript.
  const radius = page.radius
  if (radius !== null) query = { ...query, locations: query.locations.map((location) => ({ ...location, radius })) }

  let notFoundKeyword = ''
  // Several places match the keyword sent without JavaScript: the page offers them to choose from.
  let placeChoices: SearchResultPlace[] = []
  if (page.keyword !== '' || page.place !== '') {
    const found = await findPlace(context.services, page.keyword, page.place)
    if (found.kind === 'none') notFoundKeyword = page.keyword
    else if (found.kind === 'choices') placeChoices = found.places
    const place = found.kind === 'place' ? found.place : null
    if (place && query.locations.length < MAX_LOCATIONS && !query.locations.some((l) => l.lat === place.lat && l.lng === place.lng)) {
      const location: LocationFilter = { lat: place.lat, lng: place.lng, radius: radius ?? RADIUS_DEFAULT_MILES }
      query = { ...query, locations: [...query.locations, place.bounds ? { ...location, bounds: place.bounds } : location] }
      names = [...names, place.name]
    }
  }

  const target = page.searchType ?? searchType
  if (target !== searchType) {
    const switched = toSearchUrlParams(toSwitchedQuery(query, searchType), names)
    if (notFoundKeyword || placeChoices.length) {
      switched.set(PAGE_PARAMS.KEYWORD, page.keyword)
      if (page.radius !== null) switched.set(PAGE_PARAMS.RADIUS, String(page.radius))
    }
    throw redirect(toUrlWithParams(LIST_PATHS[target], switched))
  }
  const canonical = toSearchUrlParams(query, names)
  // The Filters panel without JavaScript is the same search with `filters=open` (search-url.ts).
  const address = new URLSearchParams(canonical)
  if (page.filtersOpen) address.set(PAGE_PARAMS.FILTERS, FILTERS_OPEN)
  if (page.alertOn) address.set(PAGE_PARAMS.ALERT, ALERT_ON)
  if (!notFoundKeyword && !placeChoices.length && !isSameQuery(url.searchParams, address)) throw redirect(toUrlWithParams(path, address))

  // A keyword that found no place is not searched without it: the list would be every property in the
  // country, as if the search had worked. The page says so and offers the nearest spellings instead.
  const placeNotFound = notFoundKeyword ? await toPlaceNotFound(context.services, path, canonical, notFoundKeyword, radius) : null
  // Nor is a keyword that found several places: the page asks which one was meant, and lists nothing
  // until it is chosen.
  const searched = !placeNotFound && !placeChoices.length

  const results = searched ? await context.services.searchPropertyCards(query) : { data: [], total: 0, page: 1, page_size: query.page_size }
  return data(
    {
      kind: 'results' as const,
      searchType,
      query,
      locationNames: names,
      notFoundKeyword,
      placeNotFound,
      placeChoices: placeChoices.length ? { keyword: page.keyword, radius, places: placeChoices } : null,
      filtersOpen: page.filtersOpen,
      results: { ...results, data: results.data.map(toListCard) },
      canonicalUrl: toPublicUrl(context.publicUrl, path, canonical),
      // Where a locked card's Login link brings the visitor back to.
      returnTo: `${url.pathname}${url.search}`,
    },
    { headers: toCataloguePageHeaders(request) },
  )
}

/**
 * The nearest spellings of a keyword that found no place, each a link that runs the same search with
 * that place: the keyword and its place_id (`place`), as a place chosen from a keyword's matches without
 * JavaScript, and the radius that was asked for. A failed look-up offers none.
 */
async function toPlaceNotFound(
  services: SiteServices,
  path: string,
  canonical: URLSearchParams,
  keyword: string,
  radius: number | null,
): Promise<PlaceNotFound> {
  const places = (await services.findNearestSpellings(keyword)) ?? []
  const spellings = places.map((place) => {
    const params = new URLSearchParams(canonical)
    params.set(PAGE_PARAMS.KEYWORD, place.name)
    params.set(PAGE_PARAMS.PLACE, place.place_id)
    if (radius !== null) params.set(PAGE_PARAMS.RADIUS, String(radius))
    return { name: place.name, description: place.description ?? null, url: toUrlWithParams(path, params) }
  })
  return { keyword, radius, spellings }
}

/** A place to search around: its name, position and an area's bounds (SPEC §9 radius 0 searches the bounds). */
interface FoundPlace {
  name: string
  lat: number
  lng: number
  bounds: Bounds | null
}

/** The most places a keyword sent without JavaScript offers to choose from. */
const PLACE_CHOICES_MAX = 8

/**
 * SPEC §7 place search then details, for a form sent without JavaScript: the place chosen from a
 * keyword's matches (`place`, its place_id), else the one place the keyword finds (or the first, when
 * its name is the keyword), else the places it finds to choose from, as the live search lists them.
 * 'none' when nothing matches (SPEC §8 "Couldn't find the address.") or the keyword is refused.
 */
async function findPlace(
  services: SiteServices,
  keyword: string,
  placeId: string,
): Promise<{ kind: 'place'; place: FoundPlace } | { kind: 'choices'; places: SearchResultPlace[] } | { kind: 'none' }> {
  const places = keyword ? await services.searchPlaces(keyword) : []
  if (places === null) return { kind: 'none' }
  const chosen = placeId ? (places.find((p) => p.place_id === placeId) ?? { name: keyword, place_id: placeId }) : null
  const first = places[0]
  const only = chosen ?? (first && (places.length === 1 || first.name.toLowerCase() === keyword.toLowerCase()) ? first : null)
  if (!only) return places.length ? { kind: 'choices', places: places.slice(0, PLACE_CHOICES_MAX) } : { kind: 'none' }
  const details = await services.getPlace(only.place_id)
  if (!details) return { kind: 'none' }
  // A place id sent without its name (a link made elsewhere) is named as the place itself is.
  return { kind: 'place', place: { name: only.name || keyword || details.name, lat: details.lat, lng: details.lng, bounds: details.bounds } }
}
