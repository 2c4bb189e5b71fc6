/**
 * The demo's schools and pubs: invented, one of each a short walk from every branch (and real stations), so that a
 * newcomer can try searching near a school or a pub before loading the real lists
 * (`npm run places:import`, see docs/importing.md). Their descriptions say '(demo)'.
 */
import type { Database } from '../client.ts'
import { removeOtherRuns, upsertPointsOfInterest, type PointOfInterestInput } from '../places/points-of-interest.ts'

type DemoPoint = readonly [name: string, label: string, town: string, postcode: string, lat: number, lng: number]

const DEMO_SCHOOLS: readonly DemoPoint[] = [
  ['Canonbury Fields Primary School', 'Primary school', 'London', 'N1 2AA', 51.5411, -0.0968],
  ['Larkhall Rise Academy', 'Secondary school', 'London', 'SW4 6AA', 51.4668, -0.1339],
  ['Forbury Meadow Primary School', 'Primary school', 'Reading', 'RG1 3AA', 51.4588, -0.9636],
  ['Whiteladies Grammar School', 'Secondary school', 'Bristol', 'BS8 2AA', 51.4672, -2.6112],
  ['Castle Arcade Primary School', 'Primary school', 'Cardiff', 'CF10 2AA', 51.4842, -3.1855],
  ['Colmore Park Academy', 'Secondary school', 'Birmingham', 'B3 1AA', 52.4851, -1.9045],
  ['Lace Market Infant School', 'Primary school', 'Nottingham', 'NG1 1AA', 52.9531, -1.1411],
  ['Kingfisher Primary School', 'Primary school', 'Manchester', 'M2 5AA', 53.4762, -2.2473],
  ['Hyde Park Corner Primary School', 'Primary school', 'Leeds', 'LS6 1AA', 53.8105, -1.5630],
  ['Grey Street Academy', 'Secondary school', 'Newcastle upon Tyne', 'NE1 6AA', 54.9741, -1.6069],
  ['Stockbridge Rise Primary School', 'Primary school', 'Edinburgh', 'EH3 6AA', 55.9580, -3.2075],
  ['Kelvin Bridge Academy', 'Secondary school', 'Glasgow', 'G12 8AA', 55.8760, -4.2860],
]

const DEMO_PUBS: readonly DemoPoint[] = [
  ['The Quill and Lantern', 'Pub', 'London', 'N1 1AA', 51.5352, -0.1041],
  ['The Hare and Compass', 'Pub', 'London', 'SW4 7AA', 51.4640, -0.1352],
  ['The Kennet Arms', 'Pub', 'Reading', 'RG1 2AA', 51.4546, -0.9701],
  ['The Cotham Inn', 'Pub', 'Bristol', 'BS8 2AB', 51.4648, -2.6054],
  ['The Taff Bridge Inn', 'Pub', 'Cardiff', 'CF10 1AA', 51.4790, -3.1822],
  ['The Jewellers Arms', 'Pub', 'Birmingham', 'B3 3AA', 52.4822, -1.8970],
  ['The Trip to the Castle', 'Pub', 'Nottingham', 'NG1 6AA', 52.9502, -1.1522],
  ['The Spinning Jenny', 'Pub', 'Manchester', 'M2 4AA', 53.4819, -2.2418],
  ['The Park Row Tavern', 'Pub', 'Leeds', 'LS1 5AA', 53.7981, -1.5470],
  ['The Grey Horse', 'Pub', 'Newcastle upon Tyne', 'NE1 6AB', 54.9722, -1.6131],
  ['The Thistle and Quaich', 'Pub', 'Edinburgh', 'EH2 3AA', 55.9540, -3.1990],
  ['The Byres Tap', 'Pub', 'Glasgow', 'G12 8AB', 55.8736, -4.2917],
]

/**
 * Stations near each branch (issue 46): real stations at their positions, rounded, none named after
 * its town (so that 'manc' still offers Manchester alone); the real list comes from NaPTAN
 * (`npm run places:import -- stations FILE`).
 */
const DEMO_STATIONS: readonly DemoPoint[] = [
  ['Highbury & Islington', 'Railway station', 'London', 'N5 1RA', 51.5462, -0.104],
  ['Angel', 'Underground station', 'London', 'N1 8XB', 51.5322, -0.1058],
  ['Clapham Common', 'Underground station', 'London', 'SW4 7AJ', 51.4618, -0.1384],
  ['Clapham High Street', 'Railway station', 'London', 'SW4 6AB', 51.4653, -0.1325],
  ['Tilehurst', 'Railway station', 'Reading', 'RG31 6BB', 51.4716, -1.0297],
  ['Clifton Down', 'Railway station', 'Bristol', 'BS8 2PN', 51.4645, -2.6122],
  ['Cathays', 'Railway station', 'Cardiff', 'CF24 4AA', 51.4889, -3.1787],
  ['Grangetown', 'Railway station', 'Cardiff', 'CF11 7AA', 51.4676, -3.1896],
  ['St Chads', 'Tram stop', 'Birmingham', 'B3 2AA', 52.4849, -1.8985],
  ['Jewellery Quarter', 'Railway station', 'Birmingham', 'B18 6NF', 52.4893, -1.9135],
  ['Old Market Square', 'Tram stop', 'Nottingham', 'NG1 2DT', 52.953, -1.15],
  ['St Peter’s Square', 'Tram stop', 'Manchester', 'M2 3AE', 53.4781, -2.2429],
  ['Deansgate', 'Railway station', 'Manchester', 'M3 4LG', 53.4742, -2.2508],
  ['Burley Park', 'Railway station', 'Leeds', 'LS4 2AA', 53.8123, -1.5776],
  ['Monument', 'Metro station', 'Newcastle upon Tyne', 'NE1 7AL', 54.9738, -1.6133],
  ['Haymarket', 'Metro station', 'Newcastle upon Tyne', 'NE1 7PF', 54.9776, -1.6136],
  ['Princes Street', 'Tram stop', 'Edinburgh', 'EH2 2AA', 55.9508, -3.2043],
  ['Hillhead', 'Underground station', 'Glasgow', 'G12 8SQ', 55.8753, -4.293],
  ['Partick', 'Railway station', 'Glasgow', 'G11 5JS', 55.87, -4.3088],
]

function toInputs(points: readonly DemoPoint[], prefix: string): PointOfInterestInput[] {
  return points.map(([name, label, town, postcode, lat, lng], i) => ({ source_id: `${prefix}${i + 1}`, name, label: `${label} (demo)`, town, postcode, lat, lng }))
}

/** The demo's schools, pubs and stations as the demo set lists them. */
export const DEMO_POINTS_OF_INTEREST = { schools: toInputs(DEMO_SCHOOLS, 's'), pubs: toInputs(DEMO_PUBS, 'p'), stations: toInputs(DEMO_STATIONS, 't') }

/** Writes the demo's schools, pubs and stations (again), leaving any imported real ones alone. */
export async function seedDemoPointsOfInterest(database: Pick<Database, 'db'>): Promise<{ schools: number; pubs: number; stations: number }> {
  // A new run each time, so that a demo entry since dropped from the lists above leaves.
  const run = `demo-${new Date().toISOString()}`
  await database.db.transaction(async (tx) => {
    await upsertPointsOfInterest(tx, 'school', 'demo', run, DEMO_POINTS_OF_INTEREST.schools)
    await upsertPointsOfInterest(tx, 'pub', 'demo', run, DEMO_POINTS_OF_INTEREST.pubs)
    await removeOtherRuns(tx, 'school', 'demo', run)
    await upsertPointsOfInterest(tx, 'station', 'demo', run, DEMO_POINTS_OF_INTEREST.stations)
    await removeOtherRuns(tx, 'pub', 'demo', run)
    await removeOtherRuns(tx, 'station', 'demo', run)
  })
  return { schools: DEMO_SCHOOLS.length, pubs: DEMO_PUBS.length, stations: DEMO_STATIONS.length }
}
