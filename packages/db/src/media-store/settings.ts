/**
 * Which media store a site uses, from its environment (the server's configuration and the command-line
 * tools read it here alike): an S3-compatible bucket when MEDIA_S3_BUCKET is set, else the database
 * when it is PostgreSQL (DATABASE_URL), else the disk under DATA_DIR. MEDIA_STORE names one outright.
 */
import path from 'node:path'
import { z } from 'zod'
import type { Database } from '../client.ts'
import { createDiskMediaStore } from './disk.ts'
import { createPostgresMediaStore } from './postgres.ts'
import { createS3MediaStore, type S3MediaStoreOptions } from './s3.ts'
import { MEDIA_STORE_KINDS, type MediaStore } from './store.ts'

/** Where originals are kept. */
export type MediaStoreSettings = { kind: 'disk'; dir: string } | { kind: 'postgres' } | ({ kind: 's3' } & S3MediaStoreOptions)

const optionalText = z
  .string()
  .optional()
  .transform((text) => (text === undefined || text.trim() === '' ? undefined : text.trim()))

/** The media store's variables (docs/configuration.md). */
export const MediaStoreEnvSchema = z.object({
  MEDIA_STORE: z.enum(MEDIA_STORE_KINDS).optional(),
  MEDIA_S3_BUCKET: optionalText,
  MEDIA_S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'MEDIA_S3_ENDPOINT must be an http(s) URL' }).optional()),
  MEDIA_S3_REGION: optionalText,
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
})

/**
 * The media store's settings, or the list of what is wrong (each line `VARIABLE: why`). `dataDir` is
 * the site's DATA_DIR (the disk store is `${dataDir}/media`); `databaseUrl` its DATABASE_URL.
 */
export function parseMediaStoreSettings(env: NodeJS.ProcessEnv, context: { dataDir: string; databaseUrl: string | undefined }): { settings: MediaStoreSettings } | { errors: string[] } {
  const parsed = MediaStoreEnvSchema.safeParse(env)
  if (!parsed.success) return { errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) }
  const e = parsed.data
  const s3Given = (['MEDIA_S3_BUCKET', 'MEDIA_S3_ENDPOINT', 'MEDIA_S3_REGION', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY', 'MEDIA_S3_FORCE_PATH_STYLE'] as const).filter((name) => e[name] !== undefined)
  const kind = e.MEDIA_STORE ?? (e.MEDIA_S3_BUCKET ? 's3' : context.databaseUrl ? 'postgres' : 'disk')
  const errors: string[] = []
  if (kind !== 's3' && s3Given.length > 0) errors.push(`MEDIA_STORE: ${kind} keeps media elsewhere, yet ${s3Given.join(', ')} ${s3Given.length === 1 ? 'is' : 'are'} set (set MEDIA_S3_BUCKET for a bucket, or remove them)`)
  if (kind === 'postgres' && !context.databaseUrl) errors.push('MEDIA_STORE: postgres needs DATABASE_URL (the embedded database belongs to one machine; its media stay on the disk)')
  if (kind === 's3') {
    if (!e.MEDIA_S3_BUCKET) errors.push('MEDIA_S3_BUCKET: the bucket is needed for MEDIA_STORE=s3')
    if (!e.MEDIA_S3_REGION && !e.MEDIA_S3_ENDPOINT) errors.push('MEDIA_S3_REGION: needed for AWS S3 (or give MEDIA_S3_ENDPOINT for another S3-compatible store)')
    if ((e.MEDIA_S3_ACCESS_KEY_ID === undefined) !== (e.MEDIA_S3_SECRET_ACCESS_KEY === undefined)) {
      errors.push('MEDIA_S3_ACCESS_KEY_ID: give both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds credentials itself)')
    }
  }
  if (errors.length > 0) return { errors }
  if (kind === 'disk') return { settings: { kind, dir: path.join(context.dataDir, 'media') } }
  if (kind === 'postgres') return { settings: { kind } }
  return {
    settings: {
      kind,
      bucket: e.MEDIA_S3_BUCKET as string,
      // Any region does for most S3-compatible servers; AWS needs its own (checked above).
      region: e.MEDIA_S3_REGION ?? 'us-east-1',
      endpoint: e.MEDIA_S3_ENDPOINT,
      // Servers other than AWS's mostly answer only path-style addresses.
      forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE === undefined ? e.MEDIA_S3_ENDPOINT !== undefined : e.MEDIA_S3_FORCE_PATH_STYLE === 'true',
      credentials: e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY ? { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY } : undefined,
    },
  }
}

/** The store the settings name; a PostgreSQL store keeps its objects in `database` (the others need none). */
export async function openMediaStore(settings: MediaStoreSettings, database?: Database): Promise<MediaStore> {
  switch (settings.kind) {
    case 'disk':
      return createDiskMediaStore(settings.dir)
    case 'postgres':
      if (!database) throw new Error('the media store in PostgreSQL needs the database')
      return createPostgresMediaStore(database)
    case 's3': {
      const { kind: _kind, ...options } = settings
      return createS3MediaStore(options)
    }
  }
}

/** What a log line may say of the settings: where, never a key. */
export function describeMediaStoreSettings(settings: MediaStoreSettings): Record<string, string | boolean> {
  switch (settings.kind) {
    case 'disk':
      return { kind: 'disk', dir: settings.dir }
    case 'postgres':
      return { kind: 'postgres' }
    case 's3':
      return { kind: 's3', bucket: settings.bucket, region: settings.region, endpoint: settings.endpoint ?? 'AWS', forcePathStyle: settings.forcePathStyle }
  }
}

/** The settings the environment gives, or a readable error listing what is wrong. */
export function mediaStoreSettingsFromEnv(env: NodeJS.ProcessEnv, context: { dataDir: string; databaseUrl: string | undefined }): MediaStoreSettings {
  const result = parseMediaStoreSettings(env, context)
  if ('errors' in result) throw new Error(`Invalid environment:\n${result.errors.map((line) => `  ${line}`).join('\n')}`)
  return result.settings
}
