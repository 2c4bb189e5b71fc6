import { createHash } from 'node:crypto'
import { idempotencyKeys, type Db } from '@agency/db'
import { and, eq } from 'drizzle-orm'

/** API.md: `POST` commands that create something accept this header. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
/** The longest key kept; clients send a UUID or the like. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255

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
