/**
 * Test support for the accounts routes: the API scope with the accounts plugin (as app.ts mounts it,
 * but with a test captcha and clock), contacts to log in with, a movable clock, and a minimal
 * reader of the .eml files and SMTP data the mail transports produce.
 */
import { APPLICANT_PROFILE, AlertCriteriaSchema, COMMUNICATION_METHOD } from '@agency/domain'
import {
  communicationInfos,
  contactApplicants,
  contactProfiles,
  contacts,
  outbox,
  type ApplicantCriteria,
} from '@agency/db'
import { createTestDatabase, type TestDatabase } from '@agency/db/testing'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { validatorCompiler } from '#app/schemas.ts'
import { accountsPlugin, type AccountsOptions } from '#app/accounts.ts'
import { createFixedCaptchaVerifier } from '#app/auth/captcha.ts'
import { createToken } from '#app/auth/tokens.ts'
import dbPlugin from '#app/plugins/db.ts'
import { decodeEmail } from '#app/mail/outbox-folder.ts'
import errorsPlugin from '#app/plugins/errors.ts'

/** The public origin of the test apps: https, so the cookie is `__Host-session`. */
export const PUBLIC_URL = 'https://agency.example'
/** The headers a page of the site sends with a mutating request. */
export const SAME_ORIGIN = { origin: PUBLIC_URL }

/** A clock the test moves by hand. */
export interface TestClock {
  now: () => Date
  advance: (ms: number) => void
}

/** A clock starting at the real time, moved only by `advance`. */
export function createTestClock(): TestClock {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms
    },
  }
}

/** An app holding only the API scope parts the accounts routes need. */
export interface AccountsTestApp {
  app: FastifyInstance
  database: TestDatabase
  clock: TestClock
  close: () => Promise<void>
}

/**
 * Builds the API scope (validator, serialiser, db, error handling, accounts) under /api on a fresh
 * database. `extra` registers more routes in the same scope, after the accounts plugin, as the
 * catalogue routes are.
 */
export async function createAccountsTestApp(
  kind: 'pglite' | 'postgres',
  options: Partial<AccountsOptions> = {},
  extra?: FastifyPluginAsync,
): Promise<AccountsTestApp> {
  const database = await createTestDatabase(kind)
  const clock = createTestClock()
  const app = Fastify({ logger: false })
  await app.register(
    async (api) => {
      api.setValidatorCompiler(validatorCompiler)
      api.setSerializerCompiler(serializerCompiler)
      await api.register(dbPlugin, { database })
      await api.register(errorsPlugin)
      await api.register(accountsPlugin, {
        publicUrl: `${PUBLIC_URL}/`,
        captcha: createFixedCaptchaVerifier(true),
        magicLinkMinResponseMs: 0,
        now: clock.now,
        ...options,
      })
      if (extra) await api.register(extra)
    },
    { prefix: '/api' },
  )
  await app.ready()
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

/** A contact to log in with. */
export interface TestContact {
  contact_id: number
  email: string
  applicant_id: number | null
}

/** The criteria of a test applicant: around Leeds, 5 miles, £200,000 to £400,000, 2+ bedrooms. */
export const TEST_CRITERIA: ApplicantCriteria = AlertCriteriaSchema.parse({
  locations: [{ location: 'Leeds', place_id: 'gb-leeds', lat: 53.7997, lng: -1.5492, distance: 5 }],
  min_price: 200_000,
  max_price: 400_000,
  min_bedroom: 2,
})

/** Inserts a contact with an e-mail address, its profiles and, for a buyer or tenant, one applicant. */
export async function insertTestContact(
  testApp: AccountsTestApp,
  values: { email: string; name?: string; salutation_id?: number; profile_id?: number },
): Promise<TestContact> {
  const db = testApp.database.db
  const profileId = values.profile_id ?? APPLICANT_PROFILE.BUYER
  const [contact] = await db
    .insert(contacts)
    .values({ name: values.name ?? 'Amelia', surname: 'Hartley', salutation_id: values.salutation_id ?? 2, contact_source_id: 35 })
    .returning()
  if (!contact) throw new Error('no contact')
  await db.insert(communicationInfos).values({
    contact_id: contact.contact_id,
    communication_method_id: COMMUNICATION_METHOD.EMAIL,
    value: values.email,
    preferred: true,
  })
  await db.insert(contactProfiles).values({ contact_id: contact.contact_id, profile_id: profileId })
  let applicantId: number | null = null
  if (profileId === APPLICANT_PROFILE.BUYER || profileId === APPLICANT_PROFILE.TENANT) {
    const [applicant] = await db
      .insert(contactApplicants)
      .values({ applicant_key: createToken(), contact_id: contact.contact_id, profile_id: profileId, criteria: TEST_CRITERIA })
      .returning()
    applicantId = applicant?.contact_applicant_id ?? null
  }
  return { contact_id: contact.contact_id, email: values.email, applicant_id: applicantId }
}

/** POST /api/contacts/oauth/magic-links as the login page sends it. */
export function requestLink(
  app: FastifyInstance,
  email: string,
  options: { ip?: string; requestPageUrl?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/contacts/oauth/magic-links',
    headers: options.headers ?? SAME_ORIGIN,
    remoteAddress: options.ip ?? '203.0.113.10',
    payload: { email, request_page_url: options.requestPageUrl ?? `${PUBLIC_URL}/sales/property-for-sale`, recaptcha_token: 'token' },
  })
}

/** POST /api/contacts/oauth/sessions, the link page's 'Log in' button. */
export function logIn(app: FastifyInstance, token: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/contacts/oauth/sessions',
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { token },
  })
}

/** The token of a login link in a text. */
export function extractToken(text: string): string {
  const match = /https:\/\/agency\.example\/login\/verify\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match?.[1]) throw new Error(`no login link in:\n${text}`)
  return match[1]
}

/** `name=value` of a Set-Cookie header, for the next request's Cookie header. */
export function toCookieHeader(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie
  if (!first) throw new Error('no Set-Cookie')
  return first.split(';')[0]!
}

/**
 * A buyer logged in as a browser does it: a test contact with `email` (a buyer, with one applicant),
 * its login link from the outbox's first e-mail, then its Log in. The Cookie header of its session.
 */
export async function logInTestBuyer(testApp: Omit<AccountsTestApp, 'clock'>, email = 'buyer@example.com'): Promise<string> {
  await insertTestContact({ ...testApp, clock: createTestClock() }, { email })
  const requested = await requestLink(testApp.app, email)
  if (requested.statusCode !== 202) throw new Error(`the login link was refused: ${requested.statusCode}`)
  const [mail] = await testApp.database.db.select().from(outbox)
  const login = await logIn(testApp.app, extractToken(mail!.text))
  if (login.statusCode !== 200) throw new Error(`the login was refused: ${login.statusCode}`)
  return toCookieHeader(login.headers['set-cookie'])
}

/** One part of a decoded e-mail. */
export interface EmailPart {
  contentType: 'text/plain' | 'text/html'
  body: string
}

/** An e-mail decoded: its top-level headers as written, and its text and HTML parts, those it has, in that order. */
export interface ParsedEmail {
  headers: Record<string, string>
  parts: EmailPart[]
}

/** Decodes an e-mail as the transports write it, as `npm run outbox` reads one (outbox-folder.ts). */
export async function parseEmail(raw: string): Promise<ParsedEmail> {
  const email = await decodeEmail(raw)
  const parts: EmailPart[] = []
  if (email.text) parts.push({ contentType: 'text/plain', body: email.text })
  if (email.html) parts.push({ contentType: 'text/html', body: email.html })
  return { headers: email.headers, parts }
}
