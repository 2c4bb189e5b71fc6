import { testDatabaseKinds } from '@agency/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exampleEnquiry } from '#app/routes/leads/test-support.ts'
import { createTestApi, PUBLIC_URL, type TestApi } from '#app/testing/api.ts'

/** A valid SPEC §3 lead payload for the fixture's property 1, from an address of its own, asking for details (no viewing date, which the clock would make past). */
function enquiry(n: number): Record<string, unknown> {
  const { viewing_lead_date: _viewing, ...rest } = exampleEnquiry()
  return { ...rest, i_would_like: ['more-details'], email: `address.${n}@example.com`, recaptcha_token: 'human' }
}

/** Fourteen enquiries from one socket, each naming a made-up client in X-Forwarded-For; their statuses. */
async function fourteenFromOneSocket(t: TestApi, forwardedFor: (n: number) => string, socket: string): Promise<number[]> {
  const statuses: number[] = []
  for (let n = 1; n <= 14; n++) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/leads/enquiry',
      headers: { origin: PUBLIC_URL, 'x-forwarded-for': forwardedFor(n) },
      remoteAddress: socket,
      payload: enquiry(n),
    })
    statuses.push(answer.statusCode)
  }
  return statuses
}

const TEN_THEN_REFUSED = [...Array<number>(10).fill(201), 429, 429, 429, 429]

describe.each(testDatabaseKinds())('the client address of a request on %s', (kind) => {
  describe('with no proxy trusted (TRUST_PROXY unset)', () => {
    let t: TestApi
    beforeAll(async () => {
      t = await createTestApi(kind)
    })
    afterAll(async () => {
      await t?.close()
    })

    it('is the socket address: fourteen made-up X-Forwarded-For addresses from one socket meet the limit after 10', async () => {
      expect(await fourteenFromOneSocket(t, (n) => `203.0.113.${n}`, '198.51.100.20')).toEqual(TEN_THEN_REFUSED)
    })
  })

  describe('behind one proxy (TRUST_PROXY=1)', () => {
    let t: TestApi
    beforeAll(async () => {
      t = await createTestApi(kind, { trustProxy: 1 })
    })
    afterAll(async () => {
      await t?.close()
    })

    it('is the address the proxy appended, never one the client wrote: fourteen made-up addresses → 429 after 10', async () => {
      // The proxy (the socket) appends the address it saw; whatever the client wrote stays on the left.
      expect(await fourteenFromOneSocket(t, (n) => `203.0.113.${n}, 192.0.2.77`, '127.0.0.1')).toEqual(TEN_THEN_REFUSED)
    })

    it('tells two real clients behind the proxy apart', async () => {
      const one = await fourteenFromOneSocket(t, () => '192.0.2.101', '127.0.0.1')
      expect(one).toEqual(TEN_THEN_REFUSED)
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/leads/enquiry',
        headers: { origin: PUBLIC_URL, 'x-forwarded-for': '192.0.2.102' },
        remoteAddress: '127.0.0.1',
        payload: enquiry(99),
      })
      expect(other.statusCode).toBe(201)
    })
  })

  describe('behind proxies named by address (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', () => {
    let t: TestApi
    beforeAll(async () => {
      t = await createTestApi(kind, { trustProxy: ['127.0.0.1', '10.0.0.0/8'] })
    })
    afterAll(async () => {
      await t?.close()
    })

    it('skips the trusted proxies only: a client writing addresses before them is still counted as itself', async () => {
      expect(await fourteenFromOneSocket(t, (n) => `203.0.113.${n}, 192.0.2.88, 10.1.2.3`, '127.0.0.1')).toEqual(TEN_THEN_REFUSED)
    })

    it('ignores X-Forwarded-For from a socket that is not a trusted proxy', async () => {
      expect(await fourteenFromOneSocket(t, (n) => `203.0.113.${n}`, '198.51.100.44')).toEqual(TEN_THEN_REFUSED)
    })
  })
})
