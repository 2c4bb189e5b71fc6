import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PROPERTY_STYLES, PROPERTY_TYPES } from '@agency/domain'
import { drizzle } from 'drizzle-orm/pglite'
import pg from 'pg'
import { createDatabase, withDefaultUser, type Database, type Db } from './client.ts'
import { MIGRATIONS_FOLDER, migrate } from './migrate.ts'
import { createDiskMediaStore } from './media-store/disk.ts'
import type { MediaStore } from './media-store/store.ts'
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts'
import * as schema from './schema/index.ts'

/**
 * Where a test run keeps the demo's rendered pictures (DEMO_POOL_DIR, a folder `npm test` and the
 * end-to-end script make for the run and remove after it), so the pool is drawn once a run rather than
 * once a test file; none when the tests run without it.
 */
export function testPoolCache(): MediaStore | undefined {
  const dir = process.env.DEMO_POOL_DIR
  return dir ? createDiskMediaStore(dir) : undefined
}

/** A fresh, migrated database for one test file, and how to throw it away. */
export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database, when it is one. */
  url?: string
}

/**
 * A fresh migrated database: in-memory PGlite by default, or, when `kind` is 'postgres', a new
 * database created on the server of `TEST_DATABASE_URL` and dropped on close.
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres' = 'pglite'): Promise<TestDatabase> {
  if (kind === 'pglite') return createDatabase({ dataDir: 'memory', loadDataDir: await migratedPgliteDump() })
  const testUrl = testDatabaseUrl()
  if (!testUrl) throw new Error('TEST_DATABASE_URL is not set')
  const serverUrl = withDefaultUser(testUrl)
  const name = `agency_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let closing = false
  const database = await createDatabase({
    databaseUrl: url.toString(),
    poolSize: 4,
    // Dropping the database terminates connections whose goodbye the server has not read yet.
    onConnectionError: (error) => {
      if (!closing) throw error
    },
  })
  await migrate(database)
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      closing = true
      await database.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}

/** The PostgreSQL server CI machines run (trust auth, database `test`). */
export const CI_DATABASE_URL = 'postgres://127.0.0.1:5432/test'

/**
 * The PostgreSQL server the tests use: `TEST_DATABASE_URL`, or under CI the CI machine's own server,
 * so that CI never silently skips PostgreSQL (an unreachable server fails the tests loudly).
 */
export function testDatabaseUrl(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
  if (process.env.CI) return CI_DATABASE_URL
  return undefined
}

/** The database kinds the tests may name in TEST_DATABASE_KINDS. */
const DATABASE_KINDS = ['pglite', 'postgres'] as const
export type DatabaseKind = (typeof DATABASE_KINDS)[number]
const isDatabaseKind = (kind: string): kind is DatabaseKind => (DATABASE_KINDS as readonly string[]).includes(kind)

/**
 * The database kinds the tests run on: PGlite always; PostgreSQL too under CI or when
 * TEST_DATABASE_URL is set. TEST_DATABASE_KINDS (`pglite`, `postgres`, or both with a comma) narrows
 * them: under CI `npm test` runs the PGlite half under Node 20 and the PostgreSQL half under Node 24
 * (scripts/test.mjs). Asking for PostgreSQL with no server to run it on is an error, never a skip.
 */
export function testDatabaseKinds(): DatabaseKind[] {
  const available: DatabaseKind[] = testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite']
  const wanted = process.env.TEST_DATABASE_KINDS?.trim()
  if (!wanted) return available
  const kinds = wanted.split(',').map((kind) => kind.trim())
  for (const kind of kinds) {
    if (!isDatabaseKind(kind)) throw new Error(`TEST_DATABASE_KINDS: '${kind}' is not one of ${DATABASE_KINDS.join(', ')}`)
    if (!available.includes(kind)) throw new Error(`TEST_DATABASE_KINDS asks for ${kind}, but TEST_DATABASE_URL is not set`)
  }
  return available.filter((kind) => kinds.includes(kind))
}
export * from './blm/write.ts'

/** Where the migrated PGlite database is kept between test files and runs. */
const DUMP_FOLDER = path.join(os.tmpdir(), 'agency-test-pglite')

/**
 * What the migrated database depends on: PGlite's version and extensions, the migrations and the
 * reference data migrate() loads. A change to any of them makes a new dump.
 */
function dumpKey(): string {
  const hash = createHash('sha256')
  // PGlite's version as this package pins it (its own package.json is not among its exports).
  const own = createRequire(import.meta.url)('@agency/db/package.json') as { dependencies: Record<string, string> }
  hash.update(`pglite ${own.dependencies['@electric-sql/pglite']}\n${Object.keys(PGLITE_EXTENSIONS).join(',')}\n`)
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
    const full = path.join(file.parentPath, file.name)
    hash.update(`${path.relative(MIGRATIONS_FOLDER, full)}\n`).update(readFileSync(full))
  }
  hash.update(JSON.stringify([PROPERTY_TYPES, PROPERTY_STYLES]))
  // What migrate() does besides the migrations.
  hash.update(readFileSync(new URL('./migrate.ts', import.meta.url)))
  return hash.digest('hex').slice(0, 24)
}

let dump: Promise<Blob> | undefined

/**
 * A new PGlite database, migrated, as the dump of its data directory. Made by the first test file
 * that asks and written to the system's temporary folder; every other file, and later runs while the
 * migrations stay the same, load it: PGlite's initdb and the migrations take three to five seconds a
 * file on two cores, loading the dump about one.
 */
export function migratedPgliteDump(): Promise<Blob> {
  dump ??= (async () => {
    const file = path.join(DUMP_FOLDER, `${dumpKey()}.tar.gz`)
    try {
      return new Blob([readFileSync(file)])
    } catch {
      // Not made yet.
    }
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
    try {
      await migrate({ db: drizzle(pglite, { schema }) as unknown as Db, kind: 'pglite', close: () => pglite.close() })
      const made = await pglite.dumpDataDir('gzip')
      mkdirSync(DUMP_FOLDER, { recursive: true })
      // Written whole under another name, then renamed: a file reading it meanwhile never sees half.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
      writeFileSync(partial, new Uint8Array(await made.arrayBuffer()))
      renameSync(partial, file)
      // Dumps of older migrations are of no more use.
      for (const old of readdirSync(DUMP_FOLDER)) {
        if (old.endsWith('.tar.gz') && old !== path.basename(file)) rmSync(path.join(DUMP_FOLDER, old), { force: true })
      }
      return made
    } finally {
      await pglite.close()
    }
  })()
  return dump
}
export { startS3TestServer, type S3TestServer } from './media-store/s3-test-server.ts'
