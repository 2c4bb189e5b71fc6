import { contactApplicants, outbox, sessions } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getActiveApplicantCriteria } from '#app/accounts.ts'
import { shareSessionLookups } from '#app/auth/session.ts'
import {
  SAME_ORIGIN,
  createAccountsTestApp,
  extractToken,
  insertTestContact,
  logIn,
  requestLink,
  toCookieHeader,
  type AccountsTestApp,
  type TestContact,
} from '#app/routes/contacts/test-support.ts'

/** A route in the API scope that answers what a catalogue call would read of the caller. */
const probe: FastifyPluginAsync = async (app) => {
  app.get('/probe', async (request) => {
    const active = await getActiveApplicantCriteria(request)
    return { contact_id: request.session?.contact_id ?? null, min_price: active?.criteria.min_price ?? null }
  })
}

// The calls a page render makes of the API in the process share its session lookup
// (shareSessionLookups). Nothing tells a caller how many statements ran; what one lookup for all the
// calls looks like from outside is that the calls after it do not see a change made to the session's
// row in the meantime by someone else, which the next render does see.
describe.each(testDatabaseKinds())('session lookups shared by a page render on %s', (kind) => {
  let t: AccountsTestApp
  let buyer: TestContact

  beforeAll(async () => {
    t = await createAccountsTestApp(kind, {}, probe)
    buyer = await insertTestContact(t, { email: 'sharing@example.com' })
  })
  afterAll(async () => {
    await t?.close()
  })

  async function logInCookie(): Promise<string> {
    await t.database.db.delete(outbox)
    expect((await requestLink(t.app, buyer.email)).statusCode).toBe(202)
    const [mail] = await t.database.db.select().from(outbox)
    return toCookieHeader((await logIn(t.app, extractToken(mail!.text))).headers['set-cookie'])
  }
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } })

  it('looks the session and its criteria up once for the calls of one render, and afresh for the next', async () => {
    const cookie = await logInCookie()
    await shareSessionLookups(async () => {
      const [first, second] = await Promise.all([get('/api/probe', cookie), get('/api/contacts/me', cookie)])
      expect(first.json()).toEqual({ contact_id: buyer.contact_id, min_price: 200_000 })
      expect(second.statusCode).toBe(200)
      // The session ends and the criteria change behind the render's back (another process's logout,
      // an alert updated elsewhere): its later calls still see what its first ones read.
      await t.database.db.delete(sessions).where(eq(sessions.contact_id, buyer.contact_id))
      await t.database.db.update(contactApplicants).set({ criteria: { ...(await criteriaOf(buyer)), min_price: 250_000 } }).where(eq(contactApplicants.contact_id, buyer.contact_id))
      expect((await get('/api/probe', cookie)).json()).toEqual({ contact_id: buyer.contact_id, min_price: 200_000 })
      expect((await get('/api/contacts/me', cookie)).statusCode).toBe(200)
    })
    // Outside a render, and in the next one, the ended session is gone.
    expect((await get('/api/contacts/me', cookie)).statusCode).toBe(401)
    await shareSessionLookups(async () => {
      expect((await get('/api/contacts/me', cookie)).statusCode).toBe(401)
    })
    // A new session reads the changed criteria.
    const again = await logInCookie()
    await shareSessionLookups(async () => {
      expect((await get('/api/probe', again)).json()).toEqual({ contact_id: buyer.contact_id, min_price: 250_000 })
    })
  })

  it('stops sharing at the first call that may change a session: a logout during a render is seen by the calls after it', async () => {
    const cookie = await logInCookie()
    await shareSessionLookups(async () => {
      expect((await get('/api/contacts/me', cookie)).statusCode).toBe(200)
      const out = await t.app.inject({ method: 'DELETE', url: '/api/contacts/oauth/sessions/current', headers: { ...SAME_ORIGIN, cookie } })
      expect(out.statusCode).toBe(204)
      expect((await get('/api/contacts/me', cookie)).statusCode).toBe(401)
      expect((await get('/api/probe', cookie)).json()).toEqual({ contact_id: null, min_price: null })
    })
  })

  async function criteriaOf(contact: TestContact) {
    const [row] = await t.database.db.select({ criteria: contactApplicants.criteria }).from(contactApplicants).where(eq(contactApplicants.contact_id, contact.contact_id))
    return row!.criteria
  }
})
