import { rateLimitBuckets, type Db } from '@agency/db'
import { and, eq, sql } from 'drizzle-orm'

/** A fixed-window limit: at most `limit` hits per `windowMs`. */
export interface RateLimitRule {
  limit: number
  windowMs: number
}

/**
 * The two limits of a write anyone may make (a login link, an enquiry, an alert's registration): the
 * writes from one IP address, and the e-mails it sends to one address. What happens past each is the
 * write's own (its type's comment says).
 */
export interface AddressLimits {
  perIp: RateLimitRule
  perEmail: RateLimitRule
}

/** At most `limit` hits an hour. */
export const perHour = (limit: number): RateLimitRule => ({ limit, windowMs: 60 * 60_000 })

/** The outcome of one hit. */
export interface RateLimitResult {
  allowed: boolean
  count: number
}

/**
 * Counts one hit against `key` and says whether it is within the rule. The counter lives in the
 * database, so every process of the site shares it; the upsert is atomic on both drivers.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs)
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, window_start: windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.window_start],
      set: { count: sql`${rateLimitBuckets.count} + 1` },
    })
    .returning({ count: rateLimitBuckets.count })
  const count = row?.count ?? 1
  return { allowed: count <= rule.limit, count }
}

/**
 * Whether `key` has already used the rule's whole window, without counting a hit: for a limit that
 * counts only some outcomes (a wrong answer), checked before the outcome is known.
 */
export async function isPastRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<boolean> {
  if (rule.limit <= 0) return true
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs)
  const [row] = await db
    .select({ count: rateLimitBuckets.count })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.window_start, windowStart)))
  return (row?.count ?? 0) >= rule.limit
}
