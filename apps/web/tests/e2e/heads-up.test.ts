import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { readOutboxEmail } from '@agency/api/outbox-folder'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '@agency/db/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, startServer, type TestServer } from '../../../../scripts/serve-for-tests.mjs'
import { toSearchableText } from './outbox.ts'
import { expectNoAxeViolations, setupBrowser } from './support.ts'

const serverUrl = testDatabaseUrl()

async function waitForMail(dir: string, to: string): Promise<string> {
  const deadline = Date.now() + 90_000
  for (;;) {
    const names = (() => {
      try {
        return readdirSync(dir).filter((n) => n.endsWith('.eml'))
      } catch {
        return []
      }
    })()
    for (const name of names) {
      const source = toSearchableText(await readOutboxEmail(path.join(dir, name)))
      if (new RegExp(`^To: ${to}$`, 'im').test(source) && /^List-Unsubscribe:/im.test(source)) return source
    }
    if (Date.now() > deadline) throw new Error(`no Heads Up e-mail to ${to} within 90 s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

// The command changes the database while the site runs, which needs PostgreSQL (the embedded database
// belongs to one process): TEST_DATABASE_URL, or the CI machine's own server under CI.
describe.skipIf(!serverUrl)('Heads Up e-mail: a price reduction by the command, the e-mail in the outbox, the unsubscribe link', () => {
  const browser = setupBrowser()
  let database: TestDatabase
  let server: TestServer
  let dataDir: string

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'agency-heads-up-'))
    server = await startServer({ databaseUrl: database.url, dataDir, properties: 300, env: { ALERT_BATCH_MS: '0', ALERT_INTERVAL_MS: '500' } })
  }, 600_000)

  afterAll(async () => {
    await server?.stop()
    await database?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('reprices a property the demo buyer\'s alert wants, mails them with one-click unsubscribe headers, and the link switches the alert off', async () => {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      // A property for sale within the buyer's alert, still in its price range once 5 % cheaper.
      const { rows } = await client.query<{ id: number; alert: number }>(`
        select p.property_profile_id as id, a.contact_applicant_id as alert
        from contact_applicants a
        join communication_infos ci on ci.contact_id = a.contact_id and ci.communication_method_id = 1 and ci.value = 'buyer@example.com'
        join properties p on p.transaction_type_id = 1 and p.availability = 'available' and not p.is_locked
        where a.profile_id = 3 and a.contact_applicant_status_id = 1 and a.is_confirmed
          and p.bedroom >= coalesce((a.criteria->>'min_bedroom')::int, 0)
          and floor(p.price * 0.95 / 1000) * 1000 >= (a.criteria->>'min_price')::int
          and p.price <= (a.criteria->>'max_price')::int
          and earth_distance(ll_to_earth(p.lat, p.lng),
                ll_to_earth((a.criteria->'locations'->0->>'lat')::float8, (a.criteria->'locations'->0->>'lng')::float8)) < 4 * 1609.344
        order by p.property_profile_id
        limit 1`)
      expect(rows, 'a property the demo buyer\'s alert matches').toHaveLength(1)
      const { id, alert } = rows[0]!

      const command = spawnSync('npm', ['run', '--silent', 'property', '--', 'reprice', String(id)], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: database.url, INIT_CWD: ROOT },
      })
      expect(command.status, command.stderr).toBe(0)
      expect(command.stdout).toContain('event recorded: price_reduced')

      const mail = await waitForMail(path.join(dataDir, 'outbox'), 'buyer@example.com')
      const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/im.exec(mail)?.[1]
      // A signed link of this alert that expires (alert-links.ts), never a lasting token.
      expect(unsubscribe).toMatch(new RegExp(`^${server.url}/api/alerts/unsubscribe\\?token=a1\\.${alert}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{43}$`))
      expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im)
      expect(mail).toMatch(/^Subject: Heads Up: Price reduced: .+, now £[\d,]+$/im)
      expect(mail).toMatch(/£[\d,]+ \(was £[\d,]+\)/)
      expect(mail).toContain(`${server.url}/heads-up-alerts/profiles/`)

      const page = await browser.page()
      await page.goto(unsubscribe!)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Unsubscribe from this alert')
      // The agency's page, as its e-mails look: its logo (allowed by the page's own policy) and which alert.
      await expect.poll(() => page.locator('header img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
      expect(await page.locator('main .alert').innerText()).toMatch(/^Heads Up Property Alert for buying: /)
      await expectNoAxeViolations(page)
      const status = async () => (await client.query<{ s: number }>('select contact_applicant_status_id as s from contact_applicants where contact_applicant_id = $1', [alert])).rows[0]!.s
      // Opening the link changes nothing.
      expect(await status()).toBe(1)
      await page.getByRole('button', { name: 'Unsubscribe' }).click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You have unsubscribed')
      expect(await status()).toBe(2)
    } finally {
      await client.end()
    }
  }, 180_000)
})
