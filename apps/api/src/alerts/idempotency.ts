import { createHash } from 'node:crypto'
import { lineText } from '@agency/domain'
import { idempotencyKeys, type Db } from '@agency/db'
import { TransactionRollbackError, and, eq } from 'drizzle-orm'
import { z } from 'zod'

/** API.md: `POST` commands that create something accept this header. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
/** The longest key kept; clients send a UUID or the like. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255

/** The headers of a write that honours Idempotency-Key: the key, when sent, of one line. */
export const IdempotencyKeyHeadersSchema = z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: lineText().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional() })

/** A stored first answer. */
export interface StoredAnswer {
  request_hash: string
  response_status: number
  response_body: unknown
  contact_applicant_id: number | null
}

/** The SHA-256 of a request body as JSON, to tell a retry from another request under the same key. */
export function hashRequestBody(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body ?? null), 'utf8').digest('hex')
}

/** The first answer given under `key` in `scope`, or null. */
export async function findStoredAnswer(db: Db, scope: string, key: string): Promise<StoredAnswer | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.idempotency_key, key)))
  return row ?? null
}

/**
 * Keeps the first answer under `key`, in the command's transaction. False when another request took
 * the key first (a concurrent retry): the caller rolls back and answers what that one stored.
 */
export async function storeAnswer(
  tx: Db,
  values: { scope: string; key: string; requestHash: string; status: number; body: unknown; contactApplicantId: number | null; now: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({
      scope: values.scope,
      idempotency_key: values.key,
      request_hash: values.requestHash,
      response_status: values.status,
      response_body: values.body,
      contact_applicant_id: values.contactApplicantId,
      created_at: values.now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.idempotency_key })
  return inserted.length > 0
}

/** What a command answers and keeps under its key. */
export interface IdempotentAnswer {
  status: number
  body: unknown
  contactApplicantId: number | null
}

/** A command's first answer under its key: kept, or taken by a different request under the same key. */
export type StoredOutcome = { kind: 'stored'; answer: StoredAnswer } | { kind: 'conflict' } | null

/**
 * The Idempotency-Key protocol of a command that creates something (API.md), in one place for the
 * alert registration and the lead enquiry: `stored()` finds the first answer of a retry (or a conflict:
 * the key was used for another body), and `run()` does the command and keeps its answer in one
 * transaction; when a concurrent twin under the same key kept its answer first, `run()` undoes this
 * one and answers null, and the route answers the twin's stored answer instead. `header` is the
 * request's Idempotency-Key (none: every request is new); `payload` what makes two requests the same
 * (the body without the captcha token, which a retry solves afresh).
 */
export function idempotentCommand(db: Db, request: { scope: string; header: unknown; payload: unknown }) {
  const { scope } = request
  const key = typeof request.header === 'string' ? request.header : null
  const requestHash = hashRequestBody(request.payload)
  return {
    async stored(): Promise<StoredOutcome> {
      const answer = key ? await findStoredAnswer(db, scope, key) : null
      if (!answer) return null
      return answer.request_hash === requestHash ? { kind: 'stored', answer } : { kind: 'conflict' }
    },
    async run<T>(
      work: (tx: Db) => Promise<T>,
      options: { answer: (result: T) => IdempotentAnswer; now: Date; afterStore?: (tx: Db, result: T) => Promise<void> },
    ): Promise<T | null> {
      return db
        .transaction(async (tx) => {
          const result = await work(tx)
          if (key) {
            const answer = options.answer(result)
            const kept = await storeAnswer(tx, { scope, key, requestHash, status: answer.status, body: answer.body, contactApplicantId: answer.contactApplicantId, now: options.now })
            if (!kept) tx.rollback()
          }
          await options.afterStore?.(tx, result)
          return result
        })
        .catch((error: unknown) => {
          if (key && error instanceof TransactionRollbackError) return null
          throw error
        })
    },
  }
}
