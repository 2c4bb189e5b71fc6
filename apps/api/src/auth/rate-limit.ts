import { rateLimitBuckets, type Db } from '@agency/db'
import { sql } from 'drizzle-orm'

/** A fixed-window limit: at most `limit` hits per `windowMs`. */
export interface RateLimitRule {
  limit: number
  windowMs: number
}

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
