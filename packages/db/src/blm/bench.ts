/**
 * The feed import benchmark (part of `npm run bench`): 10,000 properties without media imported into
 * a fresh embedded database, and into PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set; then
 * the same file again, which changes nothing. Prints the figures; asserts nothing.
 *   npx tsx packages/db/src/blm/bench.ts [properties, default 10000]
 * Targets: under 60 s on PostgreSQL and 3 minutes embedded; the re-import under half of the import.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDatabase, type Database } from '../client.ts'
import { createDiskMediaStore } from '../media-store/disk.ts'
import { migrate } from '../migrate.ts'
import { ensurePlaces } from '../places/index.ts'
import { withScratchDatabase } from '../scratch-database.ts'
import { Random } from '../seed/random.ts'
import { importBlm } from './import.ts'
import { toBlmText, toSampleBlmRecord } from './write.ts'

const count = Number(process.argv[2] ?? 10_000)
const TOWNS = [
  ['Leeds', 'LS', 53.8, -1.55],
  ['Manchester', 'M', 53.48, -2.24],
  ['Bristol', 'BS', 51.45, -2.59],
  ['York', 'YO', 53.96, -1.08],
  ['Norwich', 'NR', 52.63, 1.3],
  ['Exeter', 'EX', 50.72, -3.53],
] as const
const SUB_IDS = [1, 2, 3, 4, 8, 9, 12, 15, 22, 23, 28, 29]

function toRecords(): Array<Record<string, string | number>> {
  const rng = new Random(7)
  return Array.from({ length: count }, (_, i) => {
    const [town, area, lat, lng] = TOWNS[i % TOWNS.length]!
    const lettings = rng.chance(0.3)
    // Half carry coordinates; the rest are placed by the gazetteer.
    const position = i % 2 === 0 ? { LATITUDE: (lat + (rng.next() - 0.5) / 10).toFixed(5), LONGITUDE: (lng + (rng.next() - 0.5) / 10).toFixed(5) } : { LATITUDE: '', LONGITUDE: '' }
    return toSampleBlmRecord(`BENCH-${String(i).padStart(6, '0')}`, {
      ADDRESS_1: `${rng.int(1, 200)} Station Road`,
      TOWN: town,
      POSTCODE1: `${area}${rng.int(1, 20)}`,
      POSTCODE2: `${rng.int(1, 9)}${'ABDEFGHJ'[rng.int(0, 7)]}${'LNPQRSTU'[rng.int(0, 7)]}`,
      DISPLAY_ADDRESS: `Station Road, ${town}`,
      BEDROOMS: rng.int(1, 5),
      PRICE: lettings ? rng.int(600, 2500) : rng.int(90, 900) * 1000,
      PRICE_QUALIFIER: lettings ? 0 : rng.pick([0, 2, 4, 5]),
      PROP_SUB_ID: rng.pick(SUB_IDS),
      TRANS_TYPE_ID: lettings ? 2 : 1,
      LET_RENT_FREQUENCY: lettings ? 1 : '',
      LET_FURN_ID: lettings ? rng.int(0, 2) : '',
      STATUS_ID: rng.chance(0.8) ? 0 : lettings ? 5 : 1,
      PUBLISHED_FLAG: rng.chance(0.05) ? 0 : 1,
      ...position,
    })
  })
}

async function benchOne(label: string, database: Database, file: string, mediaDir: string): Promise<void> {
  await migrate(database)
  await ensurePlaces(database)
  const mediaStore = createDiskMediaStore(mediaDir)
  const first = await importBlm(database, { file, mediaStore })
  const second = await importBlm(database, { file, mediaStore })
  const seconds = (ms: number) => (ms / 1000).toFixed(1)
  console.log(
    `  ${label.padEnd(10)} import ${seconds(first.elapsed_ms).padStart(6)} s (added ${first.added}, refused ${first.refused})   ` +
      `re-import ${seconds(second.elapsed_ms).padStart(6)} s (unchanged ${second.unchanged}, updated ${second.updated})   ` +
      `re-import/import ${(second.elapsed_ms / first.elapsed_ms).toFixed(2)}`,
  )
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agency-feed-bench-'))
  try {
    const file = path.join(dir, 'bench.blm')
    writeFileSync(file, toBlmText(toRecords()))
    console.log(`\nfeed import, ${count.toLocaleString('en-GB')} properties without media (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB)`)
    const embedded = await createDatabase({ dataDir: path.join(dir, 'data') })
    try {
      await benchOne('embedded', embedded, file, path.join(dir, 'media'))
    } finally {
      await embedded.close()
    }
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
    if (serverUrl) await withScratchDatabase(serverUrl, 'agency_feed_bench', (database) => benchOne('postgres', database, file, path.join(dir, 'media')))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
