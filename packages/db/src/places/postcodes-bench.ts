/**
 * The postcodes import benchmark (part of `npm run bench`): a generated ONS Postcode Directory CSV of
 * 1.7 million rows (a tenth of them terminated, as the real file has many) loaded into a fresh
 * embedded database, and into PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set; then the
 * same file again. Prints time and this process's peak memory (resident set, which holds PGlite
 * itself on the embedded line; give one kind to measure it in a process of its own, as
 * `npm run bench` does); asserts nothing.
 *   npx tsx packages/db/src/places/postcodes-bench.ts [rows, default 1700000] [pglite|postgres]
 * Target: under 3 minutes and 500 MB on PostgreSQL.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import { createDatabase, type Database } from '../client.ts'
import { migrate } from '../migrate.ts'
import { withScratchDatabase } from '../scratch-database.ts'
import { Random } from '../seed/random.ts'
import { wgs84ToGrid } from './osgb.ts'
import { importPostcodes } from './postcodes.ts'

const ROWS = Number(process.argv[2] ?? 1_700_000)
const ONLY = process.argv[3]
const HEADER = 'pcd,pcd2,pcds,dointr,doterm,oscty,oslaua,osward,usertype,oseast1m,osnrth1m,osgrdind,ctry,lat,long'
/** Postcode areas and a point in each, to spread the generated postcodes over Great Britain. */
const AREAS = [
  ['LS', 53.8, -1.55], ['M', 53.48, -2.24], ['B', 52.48, -1.9], ['BS', 51.45, -2.59], ['SL', 51.51, -0.6], ['HP', 51.63, -0.75],
  ['EH', 55.95, -3.19], ['G', 55.86, -4.25], ['CF', 51.48, -3.18], ['NE', 54.97, -1.61], ['NR', 52.63, 1.3], ['EX', 50.72, -3.53],
  ['YO', 53.96, -1.08], ['SW', 51.46, -0.17], ['E', 51.53, -0.05], ['N', 51.56, -0.11], ['PL', 50.38, -4.14], ['IV', 57.48, -4.22],
] as const
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'

/** 18 areas × 99 districts × 10 sectors × 400 units: the postcodes the generator can write. */
const COMBINATIONS = AREAS.length * 99 * 10 * 400
/** A stride with no factor in common with COMBINATIONS, so i → (i × STRIDE) mod COMBINATIONS never repeats. */
const STRIDE = 1_000_003

/** The i-th generated postcode: distinct for every i below COMBINATIONS, without remembering the others. */
function toPostcode(i: number): { pcds: string; area: (typeof AREAS)[number] } {
  let n = (i * STRIDE) % COMBINATIONS
  const unit = n % 400
  n = Math.floor(n / 400)
  const sector = n % 10
  n = Math.floor(n / 10)
  const district = (n % 99) + 1
  const area = AREAS[Math.floor(n / 99)]!
  return { pcds: `${area[0]}${district} ${sector}${LETTERS[Math.floor(unit / 20)]}${LETTERS[unit % 20]}`, area }
}

async function writeFile(file: string): Promise<void> {
  const rng = new Random(11)
  const out = createWriteStream(file)
  out.write(`${HEADER}\r\n`)
  for (let i = 0; i < ROWS; i++) {
    const { pcds, area } = toPostcode(i)
    const grid = wgs84ToGrid(area[1] + (rng.next() - 0.5) * 0.4, area[2] + (rng.next() - 0.5) * 0.6)
    const terminated = rng.chance(0.1) ? '200512' : ''
    const line = `"${pcds}","${pcds}","${pcds}","198001","${terminated}","E99999999","E08000035","E05011234","0",${Math.round(grid.easting)},${Math.round(grid.northing)},"1","E92000001",0,0\r\n`
    if (!out.write(line)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'close')
}

async function benchOne(label: string, database: Database, file: string): Promise<void> {
  await migrate(database)
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200)
  try {
    const first = await importPostcodes(database, file)
    const firstPeak = peak
    const second = await importPostcodes(database, file)
    const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    console.log(
      `  ${label.padEnd(10)} import ${seconds(first.elapsed_ms).padStart(8)} (postcodes ${first.postcodes.toLocaleString('en-GB')}, districts ${first.districts.toLocaleString('en-GB')}, ` +
        `terminated ${(first.skipped.terminated ?? 0).toLocaleString('en-GB')}), peak memory ${mb(firstPeak)} (${mb(before)} before)   the same file again ${seconds(second.elapsed_ms).padStart(8)}, peak memory ${mb(peak)}`,
    )
  } finally {
    clearInterval(sampler)
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agency-postcodes-bench-'))
  try {
    const file = path.join(dir, 'ONSPD_BENCH_UK.csv')
    await writeFile(file)
    console.log(`\npostcodes import, a generated ONS Postcode Directory CSV of ${ROWS.toLocaleString('en-GB')} rows (${(statSync(file).size / 1024 / 1024).toFixed(0)} MB)`)
    if (!ONLY || ONLY === 'pglite') {
      const embedded = await createDatabase({ dataDir: path.join(dir, 'data') })
      try {
        await benchOne('embedded', embedded, file)
      } finally {
        await embedded.close()
      }
    }
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
    if (serverUrl && (!ONLY || ONLY === 'postgres')) await withScratchDatabase(serverUrl, 'agency_postcodes_bench', (database) => benchOne('postgres', database, file))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
