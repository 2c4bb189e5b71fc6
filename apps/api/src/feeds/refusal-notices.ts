import { FeedImportReportSchema } from '@agency/domain'
import { branches, feedImports, type Db } from '@agency/db'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { loadMailBrand, toMailBranch } from '#app/mail/brand.ts'
import { enqueueMail } from '#app/mail/outbox.ts'
import { renderFeedRefusalsMail, type RefusedLetting } from '#app/mail/templates/feed-refusals.tsx'

/** The most imports one run tells of; the next run takes the rest. */
const IMPORTS_PER_RUN = 10

/**
 * Tells each branch, by e-mail, of the lettings a feed import refused to publish (lettings-advert.ts):
 * one e-mail per import and branch, to the branch the listing names in the feed, or to the main office
 * (the first branch) when it names none we know. Imports from the API and from the command line alike:
 * the import records its refusals, and this reads them. Each import is told once; several processes
 * share the work (SKIP LOCKED). Returns how many e-mails were queued.
 */
export async function notifyFeedRefusals(db: Db, options: { publicUrl: string; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ id: feedImports.feed_import_id, source: feedImports.source, report: feedImports.report })
      .from(feedImports)
      .where(and(isNull(feedImports.refusals_notified_at), eq(feedImports.outcome, 'imported')))
      .orderBy(asc(feedImports.feed_import_id))
      .limit(IMPORTS_PER_RUN)
      .for('update', { skipLocked: true })
    if (!pending.length) return 0
    const rows = await tx.select().from(branches).orderBy(asc(branches.branch_id))
    const office = rows[0]
    const brand = await loadMailBrand(tx, options.publicUrl)
    let queued = 0
    for (const item of pending) {
      const parsed = FeedImportReportSchema.shape.advert_refusals.safeParse((item.report as { advert_refusals?: unknown }).advert_refusals ?? [])
      const refusals = parsed.success ? parsed.data : []
      const byBranch = new Map<number, RefusedLetting[]>()
      for (const refusal of refusals) {
        const branch = rows.find((row) => row.branch_id === refusal.branch_code) ?? office
        if (!branch) continue
        byBranch.set(branch.branch_id, [...(byBranch.get(branch.branch_id) ?? []), refusal])
      }
      for (const [branchId, list] of byBranch) {
        const row = rows.find((b) => b.branch_id === branchId)!
        const mail = await renderFeedRefusalsMail({ brand, branch: toMailBranch(row), source: item.source, refusals: list })
        await enqueueMail(tx, { kind: 'feed_refusals', to: row.email, ...mail }, options.now)
        queued++
      }
      await tx.update(feedImports).set({ refusals_notified_at: options.now }).where(eq(feedImports.feed_import_id, item.id))
    }
    return queued
  })
}

