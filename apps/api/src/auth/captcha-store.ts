import { spentCaptchaChallenges, type Db } from '@agency/db'
import { lt } from 'drizzle-orm'
import type { SpentChallengeStore } from './captcha.ts'

/**
 * The spent-challenge store of the captcha, in its own table shared by every process of the site:
 * records a challenge as solved and says whether this was the first time (false: a replay).
 */
export function createSpentChallengeStore(db: Db): SpentChallengeStore {
  return async (challengeId, expiresAt) => {
    const rows = await db
      .insert(spentCaptchaChallenges)
      .values({ challenge_id: challengeId, expires_at: expiresAt })
      .onConflictDoNothing()
      .returning({ challenge_id: spentCaptchaChallenges.challenge_id })
    return rows.length === 1
  }
}

/** Forgets spent challenges that have expired: an expired challenge is refused whatever this table says. */
export async function purgeSpentChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(spentCaptchaChallenges).where(lt(spentCaptchaChallenges.expires_at, now))
}
