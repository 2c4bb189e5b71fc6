import { outbox, queryRows, type Db } from '@agency/db'
import { eq, sql } from 'drizzle-orm'

/** An e-mail to send later, written by the command that causes it. */
export interface OutboxMail {
  /** What the e-mail is for ('magic_link', 'lead', 'alert'…), for logs and tests. */
  kind: string
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
}

/** An outbox row claimed by a worker. */
export interface ClaimedMail extends OutboxMail {
  id: number
  attempts: number
}

/**
 * Queues an e-mail in the caller's transaction: it is sent only if the change that causes it
 * commits, and it is not lost if the process stops before sending. `notBefore` holds it back until
 * then (a digest that gathers what comes meanwhile): the workers claim no row before its
 * `locked_until`.
 */
export async function enqueueMail(tx: Db, mail: OutboxMail, now: Date = new Date(), options: { notBefore?: Date } = {}): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ?? null,
      created_at: now,
      locked_until: options.notBefore ?? null,
    })
    .returning({ id: outbox.id })
  if (!row) throw new Error('The outbox insert returned no row')
  return row.id
}

/** How long a claimed row stays reserved for the worker that claimed it. */
export const CLAIM_LEASE_MS = 5 * 60_000

/**
 * Claims up to `limit` due rows for this worker: unsent, under the attempt limit, and not reserved.
 * SKIP LOCKED lets several workers share one PostgreSQL without taking the same row; the lease
 * (locked_until) hands a row to another worker if this one dies mid-send.
 */
export async function claimDueMail(
  db: Db,
  options: { limit: number; maxAttempts: number; now: Date; leaseMs?: number },
): Promise<ClaimedMail[]> {
  const { limit, maxAttempts, now } = options
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? CLAIM_LEASE_MS))
  return db.transaction(async (tx) => {
    const rows = await queryRows<{
      id: number
      kind: string
      to: string
      subject: string
      text: string
      html: string
      headers: Record<string, string> | null
      attempts: number
    }>(
      tx,
      sql`with due as (
            select id from outbox
            where sent_at is null
              and attempts < ${maxAttempts}
              and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
            order by id
            limit ${limit}
            for update skip locked
          )
          update outbox o
          set locked_until = ${leaseUntil.toISOString()}::timestamptz, attempts = o.attempts + 1
          from due
          where o.id = due.id
          returning o.id, o.kind, o."to", o.subject, o.text, o.html, o.headers, o.attempts`,
    )
    return rows
      .map((r) => ({ ...r, headers: r.headers ?? undefined }))
      .sort((a, b) => a.id - b.id)
  })
}

/** Marks a row sent. */
export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db.update(outbox).set({ sent_at: now, locked_until: null, last_error: null }).where(eq(outbox.id, id))
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min… capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

/** Records a failed attempt and when to try again. */
export async function markMailFailed(db: Db, id: number, attempts: number, error: string, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ last_error: error.slice(0, 2000), locked_until: new Date(now.getTime() + retryDelayMs(attempts)) })
    .where(eq(outbox.id, id))
}
