/**
 * Place search latency over a full gazetteer: the 4,300 GB places plus the postcode districts and
 * postcodes of synthetic properties spread over real postcode areas, as the demo seed spreads them,
 * and as many schools as England's open ones (~25,000), from a synthetic 'Get Information about
 * Schools' CSV of that size imported by the importer, and 3,000 railway, underground, tram and metro
 * stations (about Great Britain's) from a synthetic NaPTAN stops CSV, among platforms, entrances and
 * bus stops the importer leaves out, as NaPTAN's Stops.csv has them. Prints p50/p99 per keyword and
 * overall; no assertions.
 *
 *   npx tsx apps/api/src/places/bench.ts [properties, default 100000] [runs per keyword, default 200] [schools, default 25000] [stations, default 3000] [pglite|postgres]
 *
 * Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { Random, getTownPlaces, importSchools, importStations, properties, rebuildPlaces, wgs84ToGrid, type Database } from '@agency/db'
import { createTestDatabase, testDatabaseKinds } from '@agency/db/testing'
import { sql } from 'drizzle-orm'
import { createDatabasePlacesProvider } from './database-provider.ts'
import { toPlaceSearchOptions } from './config.ts'

const PROPERTIES = Number(process.argv[2] ?? 100_000)
const RUNS = Number(process.argv[3] ?? 200)
const SCHOOLS = Number(process.argv[4] ?? 25_000)
const STATIONS = Number(process.argv[5] ?? 3_000)
/** One database kind only, when named. */
const DATABASE_KINDS = testDatabaseKinds().filter((kind) => !process.argv[6] || kind === process.argv[6])

const KEYWORDS = [
  'manc',
  'Newcastle',
  'lon',
  'l',
  'st albans',
  'harogate',
  'newcastel',
  'upon tyne',
  'ls1',
  'LS1 4',
  'm1 1ae',
  'st marys',
  'leeds',
  'kingswood acad',
  'academy',
  'primary',
  'brudenell',
  'parkway',
  'leeds station',
  'manchester piccadilly',
]

// Names as the schools' list has them: a town's or a saint's name, then what the school is.
const SAINTS = ['St Mary’s', 'St John’s', 'St Peter’s', 'St Joseph’s', 'Holy Trinity', 'St Michael’s', 'All Saints', 'Christ Church']
const KINDS = [
  ['Primary School', 'Primary', 'Community school'],
  ['Church of England Primary School', 'Primary', 'Voluntary aided school'],
  ['Catholic Primary School', 'Primary', 'Voluntary aided school'],
  ['Infant School', 'Primary', 'Community school'],
  ['Junior School', 'Primary', 'Community school'],
  ['Academy', 'Secondary', 'Academy converter'],
  ['High School', 'Secondary', 'Foundation school'],
  ['Nursery School', 'Nursery', 'Local authority nursery school'],
] as const

/** A synthetic establishment CSV in the DfE's format: `count` open schools and a tenth as many closed ones. */
async function writeSchoolsCsv(file: string, count: number): Promise<void> {
  const rng = new Random(7)
  const towns = getTownPlaces().filter((town) => town.lat < 55.8 && town.lng > -5.7)
  const out = createWriteStream(file)
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain')
  }
  const quote = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  await write('URN,LA (name),EstablishmentName,TypeOfEstablishment (name),EstablishmentStatus (name),PhaseOfEducation (name),Street,Town,Postcode,Easting,Northing\r\n')
  const total = Math.round(count * 1.1)
  for (let i = 0; i < total; i++) {
    const town = towns[Math.floor(rng.next() * towns.length)]!
    const [suffix, phase, type] = KINDS[Math.floor(rng.next() * KINDS.length)]!
    const first = rng.next() < 0.25 ? SAINTS[Math.floor(rng.next() * SAINTS.length)]! : town.name
    const status = i % 11 === 10 ? 'Closed' : 'Open'
    const { easting, northing } = wgs84ToGrid(town.lat + (rng.next() - 0.5) * 0.05, town.lng + (rng.next() - 0.5) * 0.08)
    const row = [String(100_000 + i), 'Somewhere', `${first} ${suffix}`, type, status, phase, '1 School Lane', town.name, 'LS6 1AA', easting.toFixed(0), northing.toFixed(0)]
    await write(row.map(quote).join(',') + '\r\n')
  }
  out.end()
  await once(out, 'finish')
}

/** What a station's name adds to its town's, and the stops NaPTAN lists around one station. */
const STATION_SUFFIXES = ['', ' Central', ' North', ' South', ' Parkway', ' Road', ' Junction', ' Piccadilly', ' Park', ' Bridge']

/**
 * A synthetic NaPTAN stops CSV (Stops.csv's columns, a few of its ~43): `count` stations in use
 * (railway stations, and a fifth underground, tram or metro), a tenth as many inactive ones, and for
 * each station the stops the importer leaves out (two platforms, an entrance and a bus stop outside).
 */
async function writeStationsCsv(file: string, count: number): Promise<void> {
  const rng = new Random(11)
  const towns = getTownPlaces().filter((town) => town.lat < 58.6 && town.lng > -6.2)
  const out = createWriteStream(file)
  const write = async (row: readonly string[]) => {
    const line = row.map((value) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)).join(',') + '\r\n'
    if (!out.write(line)) await once(out, 'drain')
  }
  await write(['ATCOCode', 'NaptanCode', 'CommonName', 'Indicator', 'LocalityName', 'Town', 'GridType', 'Easting', 'Northing', 'Longitude', 'Latitude', 'StopType', 'Status'])
  const total = Math.round(count * 1.1)
  for (let i = 0; i < total; i++) {
    const town = towns[Math.floor(rng.next() * towns.length)]!
    const suffix = STATION_SUFFIXES[Math.floor(rng.next() * STATION_SUFFIXES.length)]!
    const lat = town.lat + (rng.next() - 0.5) * 0.04
    const lng = town.lng + (rng.next() - 0.5) * 0.06
    const { easting, northing } = wgs84ToGrid(lat, lng)
    const status = i % 11 === 10 ? 'inactive' : 'active'
    const metro = i % 5 === 4
    const code = String(i).padStart(5, '0')
    const atco = metro ? (i % 10 === 9 ? `940GZZLU${code}` : `9400ZZMA${code}`) : `9100X${code}`
    const name = `${town.name}${suffix}${metro ? (atco.startsWith('940GZZLU') ? ' Underground Station' : ' Tram Stop') : ' Rail Station'}`
    const at = (dLat: number, dLng: number) => [(lng + dLng).toFixed(6), (lat + dLat).toFixed(6)]
    const grid = ['U', easting.toFixed(0), northing.toFixed(0)]
    await write([atco, '', name, '', town.name, town.name, ...grid, ...at(0, 0), metro ? 'MET' : 'RLY', status])
    await write([`${atco}1`, '', name, 'Platform 1', town.name, town.name, ...grid, ...at(0.0002, 0), metro ? 'PLT' : 'RPL', status])
    await write([`${atco}2`, '', name, 'Platform 2', town.name, town.name, ...grid, ...at(-0.0002, 0), metro ? 'PLT' : 'RPL', status])
    await write([`${atco}0`, '', `${name} Entrance`, 'Entrance', town.name, town.name, ...grid, ...at(0, 0.0003), metro ? 'TMU' : 'RSE', status])
    await write([`4500X${code}`, `bus${code}`, `${town.name}${suffix} Station`, 'Stop A', town.name, town.name, ...grid, ...at(0.0004, 0.0004), 'BCT', 'active'])
  }
  out.end()
  await once(out, 'finish')
}

/** Postcode areas and the town each centres on. */
const AREAS: ReadonlyArray<readonly [string, string]> = [
  ['M', 'Manchester'], ['LS', 'Leeds'], ['L', 'Liverpool'], ['B', 'Birmingham'], ['NE', 'Newcastle upon Tyne'],
  ['S', 'Sheffield'], ['BS', 'Bristol'], ['CF', 'Cardiff'], ['EH', 'Edinburgh'], ['G', 'Glasgow'], ['N', 'London'],
  ['E', 'London'], ['SW', 'London'], ['SE', 'London'], ['W', 'London'], ['NW', 'London'], ['HG', 'Harrogate'],
  ['YO', 'York'], ['NG', 'Nottingham'], ['LE', 'Leicester'], ['CV', 'Coventry'], ['OX', 'Oxford'], ['CB', 'Cambridge'],
  ['RG', 'Reading'], ['BN', 'Brighton'], ['PO', 'Portsmouth'], ['SO', 'Southampton'], ['EX', 'Exeter'], ['PL', 'Plymouth'],
  ['BA', 'Bath'], ['GL', 'Gloucester'], ['WF', 'Wakefield'], ['BD', 'Bradford'], ['HX', 'Halifax'], ['HD', 'Huddersfield'],
  ['DN', 'Doncaster'], ['HU', 'Kingston upon Hull'], ['LN', 'Lincoln'], ['NR', 'Norwich'], ['IP', 'Ipswich'],
  ['CO', 'Colchester'], ['CM', 'Chelmsford'], ['ME', 'Chatham'], ['CT', 'Canterbury'], ['GU', 'Guildford'],
  ['MK', 'Milton Keynes'], ['NN', 'Northampton'], ['PE', 'Peterborough'], ['DE', 'Derby'], ['ST', 'Stoke-on-Trent'],
  ['WV', 'Wolverhampton'], ['WR', 'Worcester'], ['CH', 'Chester'], ['WA', 'Warrington'], ['PR', 'Preston'],
  ['LA', 'Lancaster'], ['CA', 'Carlisle'], ['DH', 'Durham'], ['SR', 'Sunderland'], ['TS', 'Middlesbrough'],
  ['AB', 'Aberdeen'], ['DD', 'Dundee'], ['KY', 'Kirkcaldy'], ['FK', 'Falkirk'], ['IV', 'Inverness'], ['SA', 'Swansea'],
  ['NP', 'Newport'], ['LL', 'Llandudno'],
]

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'

async function insertProperties(database: Database, count: number): Promise<void> {
  const rng = new Random(4)
  const next = () => rng.next()
  const towns = getTownPlaces()
  const centres = AREAS.map(([area, name]) => {
    const town = towns.filter((place) => place.name === name).sort((a, b) => b.population - a.population)[0]
    if (!town) throw new Error(`no town named ${name}`)
    return { area, town }
  })
  const letter = () => INWARD_LETTERS[Math.floor(next() * INWARD_LETTERS.length)]
  const chunk = 2_000
  // rebuildPlaces makes the postcode places afterwards: the per-insert trigger would redo every
  // district for every chunk.
  await database.db.execute(sql`alter table properties disable trigger properties_postcode_places_insert`)
  for (let start = 0; start < count; start += chunk) {
    const rows = Array.from({ length: Math.min(chunk, count - start) }, () => {
      const { area, town } = centres[Math.floor(next() * centres.length)]!
      const postcode = `${area}${1 + Math.floor(next() * 20)} ${1 + Math.floor(next() * 9)}${letter()}${letter()}`
      return {
        transaction_type_id: 1,
        property_type_id: 1,
        slug: 'bench',
        advert_heading: 'Bench',
        summary: 'Bench.',
        description: 'Bench.',
        bedroom: 2,
        bathroom: 1,
        reception: 1,
        price: 200_000,
        price_qualifier: 'Guide Price',
        address_line_1: '1 High Street',
        town: town.name,
        postcode,
        display_address: `High Street, ${town.name}`,
        lat: town.lat + (next() - 0.5) * 0.1,
        lng: town.lng + (next() - 0.5) * 0.16,
      }
    })
    await database.db.insert(properties).values(rows)
  }
  await database.db.execute(sql`alter table properties enable trigger properties_postcode_places_insert`)
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

for (const kind of DATABASE_KINDS) {
  const database = await createTestDatabase(kind)
  try {
    let started = performance.now()
    await insertProperties(database, PROPERTIES)
    const inserted = performance.now() - started
    started = performance.now()
    const summary = await rebuildPlaces(database)
    const rebuilt = performance.now() - started
    console.log(
      `\n${kind}: ${PROPERTIES.toLocaleString('en-GB')} properties inserted in ${(inserted / 1000).toFixed(1)} s; ` +
        `gazetteer rebuilt in ${(rebuilt / 1000).toFixed(1)} s ${JSON.stringify(summary)}`,
    )
    const dir = mkdtempSync(path.join(os.tmpdir(), 'places-bench-'))
    try {
      const file = path.join(dir, 'edubasealldata.csv')
      await writeSchoolsCsv(file, SCHOOLS)
      const imported = await importSchools(database, file)
      const again = await importSchools(database, file)
      console.log(
        `  schools: ${imported.added.toLocaleString('en-GB')} open of ${imported.rows.toLocaleString('en-GB')} imported in ${(imported.elapsed_ms / 1000).toFixed(1)} s, ` +
          `re-imported (${again.updated.toLocaleString('en-GB')} updated) in ${(again.elapsed_ms / 1000).toFixed(1)} s`,
      )
      const stops = path.join(dir, 'Stops.csv')
      await writeStationsCsv(stops, STATIONS)
      const stations = await importStations(database, stops)
      const stationsAgain = await importStations(database, stops)
      console.log(
        `  stations: ${stations.added.toLocaleString('en-GB')} in use of ${stations.rows.toLocaleString('en-GB')} NaPTAN stops imported in ${(stations.elapsed_ms / 1000).toFixed(1)} s, ` +
          `re-imported (${stationsAgain.updated.toLocaleString('en-GB')} updated) in ${(stationsAgain.elapsed_ms / 1000).toFixed(1)} s`,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    // As the site runs it on this database, without its bounds on concurrent searches (one runs at a time here).
    const provider = createDatabasePlacesProvider(database.db, { trigrams: toPlaceSearchOptions(kind).trigrams })
    const all: number[] = []
    for (const keyword of KEYWORDS) {
      for (let i = 0; i < 5; i++) await provider.search(keyword)
      const times: number[] = []
      let results = 0
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now()
        results = (await provider.search(keyword)).length
        times.push(performance.now() - t)
      }
      times.sort((a, b) => a - b)
      all.push(...times)
      console.log(
        `  ${JSON.stringify(keyword).padEnd(16)} p50 ${percentile(times, 50).toFixed(2).padStart(6)} ms  ` +
          `p99 ${percentile(times, 99).toFixed(2).padStart(6)} ms  (${results} places)`,
      )
    }
    all.sort((a, b) => a - b)
    console.log(`  all keywords     p50 ${percentile(all, 50).toFixed(2).padStart(6)} ms  p99 ${percentile(all, 99).toFixed(2).padStart(6)} ms`)
  } finally {
    await database.close()
  }
}
