/**
 * Loads the public lists of schools, pubs and stations into the location search:
 *   npm run places:import -- schools FILE   the DfE's 'Get Information about Schools' establishment CSV
 *   npm run places:import -- pubs FILE      OpenStreetMap amenity=pub points, GeoJSON or CSV
 *   npm run places:import -- stations FILE  the DfT's NaPTAN stops CSV (Stops.csv): rail, underground, tram and metro stations
 *   npm run places:import -- postcodes FILE the ONS Postcode Directory or OS Code-Point Open CSV: where feed properties are placed
 * Reads DATABASE_URL (PostgreSQL), else the PGlite database under DATA_DIR (default ./data, resolved
 * from where npm was run). Stop a server using the embedded database first. Re-running with a newer
 * file updates what is there and removes what the file no longer holds.
 * Exit status: 0 imported, 1 the wrong file or a failure (nothing changed).
 */
import path from 'node:path'
import { z } from 'zod'
import { createDatabase } from '../client.ts'
import { migrate } from '../migrate.ts'
import { importPostcodes, type PostcodesImportReport } from '../places/postcodes.ts'
import { importPubs, importSchools, importStations, type PointsImportReport } from '../places/import-points.ts'

const USAGE = 'usage: places:import -- schools FILE | pubs FILE | stations FILE | postcodes FILE'

const ArgsSchema = z.tuple([z.enum(['schools', 'pubs', 'stations', 'postcodes']), z.string().min(1)])

const EnvSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
})

/** What each kind is called in a report. */
const KIND_NAMES = { school: 'schools', pub: 'pubs', station: 'stations' } as const

/** The report as lines for a person. */
export function toPlacesReportLines(report: PointsImportReport): string[] {
  const skipped = Object.entries(report.skipped).map(([reason, count]) => `${reason} ${count}`)
  const lines = [
    `${report.file} (${report.format}): ${report.rows} records; ${KIND_NAMES[report.kind]} added ${report.added}, ` +
      `updated ${report.updated}, removed ${report.removed}; left out: ${skipped.length ? skipped.join(', ') : 'none'}; ` +
      `unreadable ${report.bad} (${(report.elapsed_ms / 1000).toFixed(1)} s)`,
  ]
  for (const problem of report.problems) lines.push(`line ${problem.line}: ${problem.message}`)
  if (report.bad > report.problems.length) lines.push(`… and ${report.bad - report.problems.length} more unreadable records`)
  return lines
}

/** A postcodes import's report as lines for a person. */
export function toPostcodesReportLines(report: PostcodesImportReport): string[] {
  const skipped = Object.entries(report.skipped).map(([reason, count]) => `${reason} ${count}`)
  const lines = [
    `${report.file} (${report.format}): ${report.rows} records; postcodes ${report.postcodes}, districts ${report.districts}; ` +
      `left out: ${skipped.length ? skipped.join(', ') : 'none'}; unreadable ${report.bad} (${(report.elapsed_ms / 1000).toFixed(1)} s)`,
  ]
  for (const problem of report.problems) lines.push(`line ${problem.line}: ${problem.message}`)
  if (report.bad > report.problems.length) lines.push(`… and ${report.bad - report.problems.length} more unreadable records`)
  return lines
}

async function main(): Promise<void> {
  const args = ArgsSchema.safeParse(process.argv.slice(2))
  if (!args.success) throw new Error(USAGE)
  const [kind, name] = args.data
  const env = EnvSchema.parse(process.env)
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd()
  const database = await createDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: path.resolve(cwd, env.DATA_DIR) })
  try {
    await migrate(database)
    const file = path.resolve(cwd, name)
    if (kind === 'postcodes') {
      for (const line of toPostcodesReportLines(await importPostcodes(database, file))) console.log(line)
      return
    }
    const report = kind === 'schools' ? await importSchools(database, file) : kind === 'pubs' ? await importPubs(database, file) : await importStations(database, file)
    for (const line of toPlacesReportLines(report)) console.log(line)
  } finally {
    await database.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
