/**
 * Copies the media a site kept on this machine's disk into the shared media store it is now
 * configured with (PostgreSQL with DATABASE_URL, or an S3-compatible bucket with MEDIA_S3_*):
 *   npm run media:move [-- --from DIR]
 * DIR defaults to DATA_DIR/media (DATA_DIR from where npm ran, default ./data). What the store already
 * holds with the same bytes is left alone, so a second run copies nothing; the disk is never changed.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createDatabase, type Database } from '../client.ts'
import { createDiskMediaStore } from '../media-store/disk.ts'
import { moveMedia } from '../media-store/move.ts'
import { mediaStoreSettingsFromEnv, openMediaStore } from '../media-store/settings.ts'
import { migrate } from '../migrate.ts'

const USAGE = 'usage: npm run media:move [-- --from DIR]'

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' } }, strict: true })
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd()
  const dataDir = path.resolve(cwd, process.env.DATA_DIR ?? './data')
  const from = values.from ? path.resolve(cwd, values.from) : path.join(dataDir, 'media')
  const databaseUrl = process.env.DATABASE_URL || undefined
  const settings = mediaStoreSettingsFromEnv(process.env, { dataDir, databaseUrl })
  if (settings.kind === 'disk') {
    throw new Error(`${USAGE}\nthe media store configured is the disk (${settings.dir}): set DATABASE_URL, or MEDIA_S3_BUCKET and the other MEDIA_S3_* settings, for the shared store to copy into`)
  }
  let database: Database | undefined
  try {
    if (settings.kind === 'postgres') {
      database = await createDatabase({ databaseUrl, dataDir })
      // The media tables come with the migrations.
      await migrate(database)
    }
    const target = await openMediaStore(settings, database)
    try {
      console.log(`copying the media under ${from} into ${target.description}`)
      const summary = await moveMedia(createDiskMediaStore(from), target, { log: (line) => console.log(line) })
      const megabytes = (summary.bytesCopied / 1024 / 1024).toFixed(1)
      console.log(
        summary.copied === 0
          ? `nothing to copy: all ${summary.found} files are in the store already`
          : `copied ${summary.copied} of ${summary.found} files (${megabytes} MB); ${summary.unchanged} were in the store already`,
      )
    } finally {
      await target.close()
    }
  } finally {
    await database?.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
