import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { branches, feedImports, importBlm, outbox, createDiskMediaStore } from '@agency/db'
import { testDatabaseKinds, toBlmText, toSampleBlmRecord } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'
import { notifyFeedRefusals } from './refusal-notices.ts'

const NOW = new Date('2026-11-29T09:00:00Z')

/** A letting in Leeds (England) at £1,250 pcm, but for `overrides`. */
const letting = (ref: string, overrides: Record<string, string | number>) =>
  toSampleBlmRecord(ref, { TRANS_TYPE_ID: 2, PRICE: 1250, PRICE_QUALIFIER: 0, LET_RENT_FREQUENCY: 1, LET_BOND: 1400, ...overrides })

describe.each(testDatabaseKinds())("a branch is e-mailed the lettings a feed did not publish, on %s", (kind) => {
  let api: TestApi
  let dir: string
  beforeAll(async () => {
    api = await createTestApi(kind)
    dir = mkdtempSync(path.join(os.tmpdir(), 'agency-refusals-'))
  })
  afterAll(async () => {
    await api?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("sends one e-mail per import to each listing's branch (the main office for a branch it does not know), and tells each import once", async () => {
    const file = path.join(dir, 'weekly.blm')
    writeFileSync(
      file,
      toBlmText([
        letting('LET-DSS', { BRANCH_ID: 2, FEATURE2: 'No D.S.S.!', DISPLAY_ADDRESS: 'Mill Lane, Otley' }),
        letting('LET-RANGE', { BRANCH_ID: 2, PRICE: '1,200-1,400' }),
        letting('LET-OVER', { BRANCH_ID: 99, PRICE_QUALIFIER: 10 }),
        letting('LET-CLEAN', { BRANCH_ID: 3 }),
      ]),
    )
    const report = await importBlm(api.database, { file, mediaStore: createDiskMediaStore(path.join(dir, 'media')), now: () => NOW })
    expect(report.advert_refusals.map((refusal) => refusal.agent_ref)).toEqual(['LET-DSS', 'LET-RANGE', 'LET-OVER'])

    expect(await notifyFeedRefusals(api.database.db, { publicUrl: 'https://agency.example', now: NOW })).toBe(2)
    const mails = await api.database.db.select().from(outbox).where(eq(outbox.kind, 'feed_refusals')).orderBy(asc(outbox.id))
    const [first, second] = await api.database.db.select({ email: branches.email }).from(branches).orderBy(asc(branches.branch_id))
    expect(mails.map((mail) => mail.to).sort()).toEqual([first!.email, second!.email].sort())
    const branchMail = mails.find((mail) => mail.to === second!.email)!
    expect(branchMail.subject).toBe('2 lettings not published from the feed weekly.blm')
    expect(branchMail.text).toContain('LET-DSS, Mill Lane, Otley')
    expect(branchMail.text).toContain("FEATURE2: 'No D.S.S.'")
    expect(branchMail.text).toContain("PRICE: '1,200-1,400'")
    expect(branchMail.html).toContain('LET-RANGE')
    expect(branchMail.text).not.toContain('LET-OVER')
    const office = mails.find((mail) => mail.to === first!.email)!
    expect(office.subject).toBe('1 letting not published from the feed weekly.blm')
    expect(office.text).toContain("PRICE_QUALIFIER: 'Offers Over'")

    // Told once; an import with nothing refused sends nothing.
    expect(await notifyFeedRefusals(api.database.db, { publicUrl: 'https://agency.example', now: NOW })).toBe(0)
    writeFileSync(file, toBlmText([letting('LET-CLEAN', { BRANCH_ID: 3 })]))
    await importBlm(api.database, { file, mediaStore: createDiskMediaStore(path.join(dir, 'media')), now: () => NOW, force: true })
    expect(await notifyFeedRefusals(api.database.db, { publicUrl: 'https://agency.example', now: NOW })).toBe(0)
    const imports = await api.database.db.select({ notified: feedImports.refusals_notified_at }).from(feedImports)
    expect(imports.every((row) => row.notified !== null)).toBe(true)
  })
})
