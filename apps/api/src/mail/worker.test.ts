import { magicLinks, outbox, rateLimitBuckets, sessions, contacts } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { claimDueMail, enqueueMail, retryDelayMs, type OutboxMail } from './outbox.ts'
import type { MailMessage, MailTransport } from './transport.ts'
import { purgeExpired, startWorker, type Worker } from './worker.ts'

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} }

function mail(n: number): OutboxMail {
  return { kind: 'test', to: `person${n}@example.com`, subject: `Subject ${n}`, text: `Text ${n}`, html: `<p>Text ${n}</p>` }
}

/** A transport that records what it is given and fails while `failing` is set. */
function recordingTransport(): MailTransport & { sent: MailMessage[]; failing: boolean } {
  const transport = {
    kind: 'file' as const,
    sent: [] as MailMessage[],
    failing: false,
    async send(message: MailMessage) {
      if (transport.failing) throw new Error('connection refused')
      transport.sent.push(message)
    },
    async close() {},
  }
  return transport
}

describe.each(testDatabaseKinds())('the outbox worker on %s', (kind) => {
  let database: TestDatabase
  let worker: Worker | undefined
  let clock = Date.parse('2030-03-01T09:00:00Z')
  const now = () => new Date(clock)

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database.close()
  })
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
    await database.db.delete(outbox)
  })

  it('sends queued mail in order and marks it sent, once', async () => {
    for (const n of [1, 2, 3]) await enqueueMail(database.db, mail(n))
    const transport = recordingTransport()
    worker = startWorker({ database, transport, logger: silentLogger, intervalMs: 60_000, now })
    expect(await worker.runOnce()).toBe(3)
    expect(transport.sent.map((m) => m.to)).toEqual(['person1@example.com', 'person2@example.com', 'person3@example.com'])
    expect(transport.sent[0]).toMatchObject({ subject: 'Subject 1', text: 'Text 1', html: '<p>Text 1</p>', kind: 'test' })
    const rows = await database.db.select().from(outbox).orderBy(outbox.id)
    expect(rows.map((r) => [r.sent_at?.toISOString(), r.attempts, r.locked_until])).toEqual([
      [now().toISOString(), 1, null],
      [now().toISOString(), 1, null],
      [now().toISOString(), 1, null],
    ])
    expect(await worker.runOnce()).toBe(0)
    expect(transport.sent).toHaveLength(3)
  })

  it('sends more than one batch in a run', async () => {
    for (let n = 0; n < 7; n++) await enqueueMail(database.db, mail(n))
    const transport = recordingTransport()
    worker = startWorker({ database, transport, logger: silentLogger, intervalMs: 60_000, batchSize: 3, now })
    expect(await worker.runOnce()).toBe(7)
  })

  it('retries a failed send with backoff, recording the error', async () => {
    await enqueueMail(database.db, mail(1))
    const transport = recordingTransport()
    transport.failing = true
    worker = startWorker({ database, transport, logger: silentLogger, intervalMs: 60_000, now })
    expect(await worker.runOnce()).toBe(0)
    let [row] = await database.db.select().from(outbox)
    expect(row).toMatchObject({ attempts: 1, last_error: 'connection refused', sent_at: null })
    expect(row!.locked_until!.getTime() - clock).toBe(retryDelayMs(1))

    transport.failing = false
    expect(await worker.runOnce()).toBe(0)
    clock += retryDelayMs(1)
    expect(await worker.runOnce()).toBe(1)
    ;[row] = await database.db.select().from(outbox)
    expect(row).toMatchObject({ attempts: 2, last_error: null, locked_until: null })
    expect(transport.sent).toHaveLength(1)
  })

  it('doubles the delay after each failure, up to an hour', () => {
    expect([1, 2, 3, 4, 10, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000])
  })

  it('gives up after the last attempt and leaves the row for a person', async () => {
    await enqueueMail(database.db, mail(1))
    const transport = recordingTransport()
    transport.failing = true
    worker = startWorker({ database, transport, logger: silentLogger, intervalMs: 60_000, maxAttempts: 2, now })
    await worker.runOnce()
    clock += retryDelayMs(1)
    await worker.runOnce()
    clock += retryDelayMs(2)
    transport.failing = false
    expect(await worker.runOnce()).toBe(0)
    const [row] = await database.db.select().from(outbox)
    expect(row).toMatchObject({ attempts: 2, last_error: 'connection refused', sent_at: null })
  })

  it('never hands the same row to two claims', async () => {
    for (let n = 0; n < 6; n++) await enqueueMail(database.db, mail(n))
    const [a, b] = await Promise.all([
      claimDueMail(database.db, { limit: 4, maxAttempts: 8, now: now() }),
      claimDueMail(database.db, { limit: 4, maxAttempts: 8, now: now() }),
    ])
    const ids = [...a!, ...b!].map((m) => m.id)
    expect(ids).toHaveLength(6)
    expect(new Set(ids).size).toBe(6)
    // A claim is a lease: another worker takes the row once it runs out.
    expect(await claimDueMail(database.db, { limit: 10, maxAttempts: 8, now: now() })).toEqual([])
    const later = await claimDueMail(database.db, { limit: 10, maxAttempts: 8, now: new Date(clock + 5 * 60_000) })
    expect(later).toHaveLength(6)
  })

  it('polls on its own and stops cleanly', async () => {
    const transport = recordingTransport()
    worker = startWorker({ database, transport, logger: silentLogger, intervalMs: 10, now })
    await enqueueMail(database.db, mail(1))
    await expect.poll(() => transport.sent.length, { timeout: 5_000 }).toBe(1)
    await worker.stop()
    await enqueueMail(database.db, mail(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(transport.sent).toHaveLength(1)
  })

  it('purges expired login links, ended sessions and old rate-limit windows', async () => {
    const [contact] = await database.db.insert(contacts).values({ name: 'Ann', surname: 'Smith' }).returning()
    const id = contact!.contact_id
    const t = (ms: number) => new Date(clock + ms)
    const day = 24 * 60 * 60_000
    await database.db.insert(magicLinks).values([
      { token_hash: 'old', contact_id: id, expires_at: t(-2 * day) },
      { token_hash: 'used', contact_id: id, expires_at: t(day), used_at: t(-2 * day) },
      { token_hash: 'live', contact_id: id, expires_at: t(60_000) },
    ])
    await database.db.insert(sessions).values([
      { session_id_hash: 'ended', contact_id: id, expires_at: t(-1) },
      { session_id_hash: 'live', contact_id: id, expires_at: t(day) },
    ])
    await database.db.insert(rateLimitBuckets).values([
      { key: 'a', window_start: t(-2 * day), count: 1 },
      { key: 'b', window_start: t(-60_000), count: 1 },
    ])
    await purgeExpired(database.db, now())
    expect((await database.db.select().from(magicLinks)).map((r) => r.token_hash)).toEqual(['live'])
    expect((await database.db.select().from(sessions)).map((r) => r.session_id_hash)).toEqual(['live'])
    expect((await database.db.select().from(rateLimitBuckets)).map((r) => r.key)).toEqual(['b'])
    await database.db.delete(contacts)
    await database.db.delete(rateLimitBuckets)
  })
})
