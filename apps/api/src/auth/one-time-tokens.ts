import { applicantConfirmations, magicLinks, type Db } from '@agency/db'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { createToken, hashToken, isTokenShaped } from './tokens.ts'

/**
 * The one-time tokens the site e-mails: a login link (its holder the contact) and an alert's
 * confirmation (its holder the alert). Each table keeps the token's hash, when it expires and when it
 * was spent; the rules below are the same for both.
 */
const ONE_TIME_TOKENS = {
  login: { table: magicLinks, id: magicLinks.magic_link_id, holder: magicLinks.contact_id },
  alert_confirmation: { table: applicantConfirmations, id: applicantConfirmations.applicant_confirmation_id, holder: applicantConfirmations.contact_applicant_id },
} as const

export type OneTimeTokenKind = keyof typeof ONE_TIME_TOKENS

/** A new token: the secret to e-mail, and the row's hash and expiry to keep (the secret never is). */
export function issueOneTimeToken(now: Date, ttlMs: number): { token: string; row: { token_hash: string; created_at: Date; expires_at: Date } } {
  const token = createToken()
  return { token, row: { token_hash: hashToken(token), created_at: now, expires_at: new Date(now.getTime() + ttlMs) } }
}

const SpentRowsSchema = z.object({ rows: z.array(z.object({ id: z.coerce.number().int(), holder: z.coerce.number().int() })) })

/**
 * Spends a token: one atomic UPDATE that succeeds for one caller only, and only while the token is
 * unused and unexpired; the holder's other unused tokens of the kind end with it (the newest e-mail
 * is not needed once one has worked). The spent row's id and holder, or null for an unknown, used,
 * expired or malformed token.
 */
export async function spendOneTimeToken(db: Db, kind: OneTimeTokenKind, token: string, now: Date): Promise<{ id: number; holder: number } | null> {
  if (!isTokenShaped(token)) return null
  const { table, id, holder } = ONE_TIME_TOKENS[kind]
  const at = now.toISOString()
  const result = await db.execute(sql`
    update ${table} set used_at = ${at}::timestamptz
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > ${at}::timestamptz
    returning ${id} as id, ${holder} as holder`)
  const [spent] = SpentRowsSchema.parse(result).rows
  if (!spent) return null
  await db.execute(sql`
    update ${table} set used_at = ${at}::timestamptz
    where ${holder} = ${spent.holder} and used_at is null and ${id} <> ${spent.id}`)
  return spent
}

/** What a token's row says of it, read without spending it. */
export type OneTimeTokenState = 'usable' | 'used' | 'expired'

const TokenRowsSchema = z.object({ rows: z.array(z.object({ holder: z.coerce.number().int(), used: z.boolean(), expired: z.boolean() })) })

/**
 * Reads a token's state without spending it (one SELECT; nothing written): its holder and whether it
 * is usable, used (a used token that has also expired is still 'used') or expired; null for an
 * unknown or malformed token, which costs no query. spendOneTimeToken's rules, so 'usable' is what a
 * spend at the same moment would accept.
 */
export async function readOneTimeToken(db: Db, kind: OneTimeTokenKind, token: string, now: Date): Promise<{ holder: number; state: OneTimeTokenState } | null> {
  if (!isTokenShaped(token)) return null
  const { table, holder } = ONE_TIME_TOKENS[kind]
  const at = now.toISOString()
  const result = await db.execute(sql`
    select ${holder} as holder, used_at is not null as used, expires_at <= ${at}::timestamptz as expired
    from ${table} where token_hash = ${hashToken(token)}`)
  const [row] = TokenRowsSchema.parse(result).rows
  if (!row) return null
  return { holder: row.holder, state: row.used ? 'used' : row.expired ? 'expired' : 'usable' }
}
