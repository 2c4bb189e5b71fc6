/**
 * The agency's client money protection certificate into the media store (the site serves it at
 * /api/company/cmp-certificate.pdf, and company setting 109 links it):
 *   npm run cmp-certificate -- path/to/certificate.pdf
 * Reads DATA_DIR (default ./data, from where npm ran) and DATABASE_URL; the media store is the one
 * the site uses (its media folder, or the shared store MEDIA_STORE and MEDIA_S3_* name).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createDatabase, type Database } from '../client.ts'
import { mediaStoreSettingsFromEnv, openMediaStore } from '../media-store/settings.ts'
import { migrate } from '../migrate.ts'
import { putCompanyDocument } from '../seed/company-documents.ts'

const [file] = process.argv.slice(2)
if (!file) {
  console.error('usage: npm run cmp-certificate -- path/to/certificate.pdf')
  process.exit(2)
}
const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data')
const databaseUrl = process.env.DATABASE_URL || undefined
// Only a store in the database opens it (the embedded one may be the running site's).
let database: Database | undefined
try {
  const settings = mediaStoreSettingsFromEnv(process.env, { dataDir, databaseUrl })
  if (settings.kind === 'postgres') {
    database = await createDatabase({ databaseUrl, dataDir })
    // The media tables come with the migrations.
    await migrate(database)
  }
  const mediaStore = await openMediaStore(settings, database)
  await putCompanyDocument(mediaStore, await readFile(from))
  await mediaStore.close()
  console.log(`stored ${path.basename(from)} as the client money protection certificate; set company setting 109's client_money_protection.certificate_url to /api/company/cmp-certificate.pdf to link it`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database?.close()
}
