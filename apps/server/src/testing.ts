// The server tests' shared set-up: the API and the production build of the pages on one test database,
// as the server serves them, and a known buyer to log in as. Imported by tests only.
import os from 'node:os'
import { buildApp, createFixedCaptchaVerifier, type ApiOptions } from '@agency/api'
import { communicationInfos, contacts, createDiskMediaStore, type Database } from '@agency/db'
import { COMMUNICATION_METHOD } from '@agency/domain'
// The production build of the pages (npm run build, also run at install), as the server serves it.
import * as build from '@agency/web/build/server'
import type { FastifyInstance } from 'fastify'
import { registerWeb } from './web.ts'

export interface TestSiteOptions {
  database: Database
  publicUrl: string
  /** How many visitor pages the page cache keeps; none unless a test is about the cache. */
  pageCacheEntries?: number
  /** Where media and the image cache live; the OS's temporary folder when left out. */
  mediaDir?: string
  /** Overrides of the accounts' options (rate limits); a captcha that always passes and no delay otherwise. */
  accounts?: Partial<NonNullable<ApiOptions['accounts']>>
}

/** The API with the pages registered, ready for `inject`. */
export async function buildTestSite(options: TestSiteOptions): Promise<FastifyInstance> {
  const mediaDir = options.mediaDir ?? os.tmpdir()
  const app = await buildApp({
    database: options.database,
    mediaStore: createDiskMediaStore(mediaDir),
    cacheDir: mediaDir,
    publicUrl: options.publicUrl,
    accounts: { captcha: createFixedCaptchaVerifier(true), magicLinkMinResponseMs: 0, ...options.accounts },
  })
  await registerWeb(app, { build, mode: 'production', publicUrl: options.publicUrl, pageCacheEntries: options.pageCacheEntries ?? 0, bodyLimit: 1024 * 1024 })
  await app.ready()
  return app
}

/** A confirmed buyer with a preferred e-mail address, as a login link needs one. */
export async function insertBuyer(database: Database, email: string): Promise<number> {
  const [contact] = await database.db
    .insert(contacts)
    .values({ name: 'Amelia', surname: 'Hartley', salutation_id: 2, contact_source_id: 35 })
    .returning()
  if (!contact) throw new Error('no contact')
  await database.db
    .insert(communicationInfos)
    .values({ contact_id: contact.contact_id, communication_method_id: COMMUNICATION_METHOD.EMAIL, value: email, preferred: true })
  return contact.contact_id
}
