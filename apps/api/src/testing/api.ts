import { createDiskMediaStore, moveMedia, type Database, type MediaStore, type ReadDatabase } from '@agency/db'
import { createTestDatabase, type TestDatabase } from '@agency/db/testing'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import type { PlaceSearchLimit } from '#app/places/search-limit.ts'
import { createFixedCaptchaVerifier } from '#app/auth/captcha.ts'
import { buildApp, type ApiOptions } from '#app/app.ts'
import { createMediaFiles, insertFixture, type Fixture } from './fixtures.ts'

/** The public origin the test apps build media URLs with. */
export const PUBLIC_URL = 'https://agency.example'

/** A test API on a fresh database holding the fixture catalogue. */
export interface TestApi {
  app: FastifyInstance
  database: TestDatabase
  fixture: Fixture
  /** The fixture's media files on disk (what a disk store keeps; the store's source otherwise). */
  mediaDir: string
  /** The originals the app reads: the disk store over `mediaDir`, or the one the test asked for. */
  mediaStore: MediaStore
  cacheDir: string
  close: () => Promise<void>
}

/** Builds the API on a fresh `kind` database with the fixture inserted. */
export async function createTestApi(
  kind: 'pglite' | 'postgres',
  options: {
    logger?: FastifyServerOptions['logger']
    /** Adds routes beside the API, as the composition root does, before the app is ready. */
    register?: (app: FastifyInstance) => unknown
    /** Accounts options; by default a captcha that always passes, so tests can request login links. */
    accounts?: ApiOptions['accounts']
    /** The feed import's key and limits. */
    feeds?: ApiOptions['feeds']
    /** Limits on visitors' alert registrations. */
    alertLimits?: ApiOptions['alertLimits']
    /** Limits on lead enquiries. */
    leadLimits?: ApiOptions['leadLimits']
    /** How long visitors' search and place answers are kept (none by default). */
    visitorCacheTtlMs?: number
    /** Place searches one address may send (by default more than any test sends). */
    placeSearchLimit?: PlaceSearchLimit
    /** Which proxies may name the client (none by default). */
    trustProxy?: ApiOptions['trustProxy']
    /** The media store, made on the test's database (the fixture's files are copied into it); the disk by default. */
    mediaStore?: (database: Database) => MediaStore
    /** The read replicas' handle, made over the test's (primary) database; the primary by default. */
    readDatabase?: (database: Database) => ReadDatabase
  } = {},
): Promise<TestApi> {
  const database = await createTestDatabase(kind)
  const files = await createMediaFiles()
  const fixture = await insertFixture(database)
  const disk = createDiskMediaStore(files.mediaDir)
  const mediaStore = options.mediaStore ? options.mediaStore(database) : disk
  if (mediaStore !== disk) await moveMedia(disk, mediaStore)
  const readDatabase = options.readDatabase?.(database)
  const app = await buildApp({
    database,
    ...(readDatabase ? { readDatabase } : {}),
    mediaStore,
    cacheDir: files.cacheDir,
    publicUrl: `${PUBLIC_URL}/`,
    logger: options.logger,
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    accounts: options.accounts ?? { captcha: createFixedCaptchaVerifier(true), magicLinkMinResponseMs: 0 },
    // Tests choose the places provider through the environment (vi.stubEnv), as an operator would.
    places: {
      env: { PLACES_PROVIDER: process.env.PLACES_PROVIDER, GOOGLE_PLACES_API_KEY: process.env.GOOGLE_PLACES_API_KEY },
      searchLimit: options.placeSearchLimit ?? { limit: 1_000_000, windowMs: 60_000 },
    },
    ...(options.feeds ? { feeds: options.feeds } : {}),
    ...(options.alertLimits ? { alertLimits: options.alertLimits } : {}),
    ...(options.leadLimits ? { leadLimits: options.leadLimits } : {}),
    ...(options.visitorCacheTtlMs ? { visitorCacheTtlMs: options.visitorCacheTtlMs } : {}),
  })
  options.register?.(app)
  await app.ready()
  return {
    app,
    database,
    fixture,
    mediaDir: files.mediaDir,
    mediaStore,
    cacheDir: files.cacheDir,
    close: async () => {
      await app.close()
      await mediaStore.close()
      await readDatabase?.close()
      await database.close()
      await files.cleanup()
    },
  }
}
