import { applicantConfirmations, idempotencyKeys, magicLinks, rateLimitBuckets, sessions, type Database, type Db } from '@agency/db'
import { lt, or } from 'drizzle-orm'
import { claimDueMail, markMailFailed, markMailSent } from './outbox.ts'
import { purgeSpentChallenges } from '#app/auth/captcha-store.ts'
import { purgeUnconfirmedRegistrations } from '#app/alerts/commands.ts'
import { purgeExpiredLeads } from '#app/leads/commands.ts'
import type { MailLogger, MailTransport } from './transport.ts'
import { startPeriodicJob, type PeriodicJob } from '#app/periodic.ts'

/** Options of the outbox worker. */
export interface WorkerOptions {
  database: Database
  transport: MailTransport
  logger: MailLogger
  /** Pause between polls when the outbox is empty. */
  intervalMs?: number
  /** Rows claimed per poll. */
  batchSize?: number
  /** After this many failed attempts a row is left unsent, with its last error, for a person to look at. */
  maxAttempts?: number
  /** How long a claimed row stays reserved for this worker (default CLAIM_LEASE_MS, five minutes). */
  leaseMs?: number
  /** How often expired login links, sessions and rate-limit windows are deleted. */
  purgeEveryMs?: number
  now?: () => Date
}

/** A running worker; `runOnce` sends what is due now and returns how many e-mails were sent. */
export type Worker = PeriodicJob<number>

/**
 * Deletes rows past any use: spent or expired login links and alert confirmations, ended sessions,
 * old rate-limit windows and idempotency keys, expired captcha challenges, lead enquiries past their
 * retention (purgeExpiredLeads), and alert registrations never confirmed (purgeUnconfirmedRegistrations),
 * a visitor's pending contact included once its leads have gone.
 */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000)
  await db.delete(magicLinks).where(or(lt(magicLinks.expires_at, dayAgo), lt(magicLinks.used_at, dayAgo)))
  await db
    .delete(applicantConfirmations)
    .where(or(lt(applicantConfirmations.expires_at, dayAgo), lt(applicantConfirmations.used_at, dayAgo)))
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, dayAgo))
  await purgeExpiredLeads(db, now)
  await purgeUnconfirmedRegistrations(db, now)
  await db.delete(sessions).where(lt(sessions.expires_at, now))
  await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.window_start, dayAgo))
  await purgeSpentChallenges(db, now)
}

/**
 * Sends the outbox: claims due rows, hands each to the transport, marks it sent or schedules a retry
 * with backoff. Several workers may run against one PostgreSQL. Delivery is at least once: a crash
 * after the transport accepted an e-mail but before it was marked sent repeats it after the lease.
 */
export function startWorker(options: WorkerOptions): Worker {
  const { database, transport, logger } = options
  const intervalMs = options.intervalMs ?? 2_000
  const batchSize = options.batchSize ?? 10
  const maxAttempts = options.maxAttempts ?? 8
  const purgeEveryMs = options.purgeEveryMs ?? 60 * 60_000
  const now = options.now ?? (() => new Date())
  let lastPurge = 0

  async function sendBatch(): Promise<number> {
    const claimed = await claimDueMail(database.db, { limit: batchSize, maxAttempts, now: now(), ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}) })
    let sent = 0
    for (const mail of claimed) {
      try {
        await transport.send(mail)
        await markMailSent(database.db, mail.id, now())
        sent++
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        await markMailFailed(database.db, mail.id, mail.attempts, message, now())
        const log = mail.attempts >= maxAttempts ? logger.error.bind(logger) : logger.warn.bind(logger)
        log({ outbox_id: mail.id, kind: mail.kind, attempts: mail.attempts, err: message }, 'e-mail not sent')
      }
    }
    return sent
  }

  // One batch at a time per worker: a poll that finds the previous one still running waits for it.
  return startPeriodicJob(
    async (isStopped) => {
      let total = 0
      for (;;) {
        const sent = await sendBatch()
        total += sent
        if (sent < batchSize || isStopped()) break
      }
      if (now().getTime() - lastPurge >= purgeEveryMs) {
        lastPurge = now().getTime()
        await purgeExpired(database.db, now())
      }
      return total
    },
    { intervalMs, onError: (err: unknown) => logger.error({ err }, 'outbox worker failed') },
  )
}
