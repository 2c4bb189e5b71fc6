/**
 * Loads the demo data:
 *   npm run seed -- --properties 2000 [--seed 1] [--reset]
 * Reads DATABASE_URL (PostgreSQL), else the PGlite database under DATA_DIR (default ./data, resolved
 * from where npm was run); the image pool goes into the media store (DATA_DIR/media, or the shared store
 * MEDIA_STORE, MEDIA_S3_* and DATABASE_URL name: docs/configuration.md).
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { createDatabase } from '../client.ts'
import { mediaStoreSettingsFromEnv, openMediaStore } from '../media-store/settings.ts'
import { migrate } from '../migrate.ts'
import { rebuildPlaces } from '../places/index.ts'
import { seedDemoContacts } from '../seed-contacts/index.ts'
import { seedDemoData } from '../seed/index.ts'
import { seedDemoPointsOfInterest } from '../seed/points-of-interest.ts'

const ArgsSchema = z.object({
  properties: z.coerce.number().int().min(0).max(1_000_000).default(2_000),
  seed: z.coerce.number().int().min(0).max(2 ** 32 - 1).default(1),
  reset: z.boolean().default(false),
})

const USAGE = 'usage: seed [--properties N] [--seed S] [--reset]'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      properties: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean' },
    },
    strict: true,
  })
  const parsed = ArgsSchema.safeParse(values)
  if (!parsed.success) throw new Error(`${USAGE}\n${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}`)
  const args = parsed.data
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data')
  const databaseUrl = process.env.DATABASE_URL || undefined
  const settings = mediaStoreSettingsFromEnv(process.env, { dataDir, databaseUrl })
  const database = await createDatabase({ databaseUrl, dataDir })
  const mediaStore = await openMediaStore(settings, database)
  try {
    await migrate(database)
    const summary = await seedDemoData(database, {
      properties: args.properties,
      seed: args.seed,
      reset: args.reset,
      mediaStore,
      log: (line) => console.log(line),
    })
    console.log(
      `seeded ${summary.properties} properties (${summary.medias} medias, ${summary.floorPlans} floor plans, ` +
        `${summary.epcs} EPCs, ${summary.priceHistory} prices) and ${summary.branches} branches ` +
        `into ${database.kind === 'postgres' ? 'PostgreSQL' : dataDir} in ${(summary.elapsedMs / 1000).toFixed(1)} s`,
    )
    // The demo contacts' alerts are built around the catalogue, and the gazetteer takes in its postcodes.
    const contacts = await seedDemoContacts(database, { seed: args.seed })
    const places = await rebuildPlaces(database)
    const points = await seedDemoPointsOfInterest(database)
    console.log(`demo contacts: ${JSON.stringify(contacts)}; places: ${JSON.stringify(places)}; demo schools and pubs: ${JSON.stringify(points)}`)
  } finally {
    await mediaStore.close()
    await database.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
