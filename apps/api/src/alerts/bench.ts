/**
 * The Heads Up benchmark (part of `npm run bench`): alerts spread over England, each with one location
 * (1 to 10 miles), a price band and sometimes a bedroom minimum; then
 * - one new property matched against all of them (the median of 7, each in another place);
 * - 1,000 events matched in one run (the sustained rate the issue asks for is 1,000 an hour);
 * - a price reduction to its e-mails in the outbox: the matching and mailing work, to which the
 *   instant batch window (ALERT_BATCH_MS) and the worker interval (ALERT_INTERVAL_MS) add their wait.
 * 10,000 alerts on a fresh embedded database, and 100,000 on PostgreSQL when TEST_DATABASE_URL (or
 * DATABASE_URL) is set. Prints the figures; asserts nothing.
 *   npx tsx apps/api/src/alerts/bench.ts [embedded alerts] [postgres alerts]
 * Targets: one property against the alerts in under 1 s on either; the reduction in the outbox within 5 minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ALERT_CRITERIA_DEFAULT } from '@agency/domain'
import { createDatabase, migrate, queryRows, runPropertyCommand, withScratchDatabase, type Database, type Db } from '@agency/db'
import { sql } from 'drizzle-orm'
import { DEFAULT_INSTANT_BATCH_MS, matchPendingEvents, runAlertDelivery } from './delivery.ts'

const embeddedAlerts = Number(process.argv[2] ?? 10_000)
const postgresAlerts = Number(process.argv[3] ?? 100_000)
const PUBLIC_URL = 'https://agency.example/'
const WORKER_INTERVAL_MS = 15_000

/** Places in England the properties stand in (the alerts are spread over the whole box around them). */
const PLACES = [
  [53.8, -1.55],
  [53.48, -2.24],
  [51.45, -2.59],
  [53.96, -1.08],
  [52.63, 1.3],
  [50.72, -3.53],
  [52.48, -1.9],
] as const

async function insertAlerts(db: Db, count: number): Promise<void> {
  const defaults = JSON.stringify({ ...ALERT_CRITERIA_DEFAULT, locations: [] })
  for (let done = 0; done < count; done += 10_000) {
    const n = Math.min(10_000, count - done)
    await db.execute(sql`
      with c as (
        insert into contacts (name, surname) select 'Bench', 'Buyer ' || g from generate_series(1, ${n}::int) g returning contact_id
      ),
      ci as (
        insert into communication_infos (contact_id, communication_method_id, value, preferred)
        select contact_id, 1, 'bench' || contact_id || '@example.com', true from c returning contact_id
      ),
      r as (
        select contact_id, 50.6 + random() * 4 as lat, -3.6 + random() * 5 as lng, (array[1, 3, 5, 10])[1 + floor(random() * 4)::int] as radius,
               (100 + floor(random() * 40)::int * 10) * 1000 as min_price, floor(random() * 4)::int as beds
        from c
      )
      insert into contact_applicants (applicant_key, contact_id, profile_id, criteria)
      select md5(random()::text) || contact_id, contact_id, 3,
             ${defaults}::jsonb || jsonb_build_object(
               'locations', jsonb_build_array(jsonb_build_object('location', 'Bench', 'place_id', 'bench', 'lat', lat, 'lng', lng, 'distance', radius)),
               'min_price', min_price, 'max_price', min_price * 2,
               'min_bedroom', case when beds = 0 then null else beds end)
      from r`)
  }
  await db.execute(sql`analyze`)
}

async function insertProperty(db: Db, i: number): Promise<number> {
  const [lat, lng] = PLACES[i % PLACES.length]!
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into properties (transaction_type_id, property_type_id, slug, advert_heading, summary, description, bedroom, bathroom, reception,
          price, price_qualifier, address_line_1, town, postcode, display_address, lat, lng, is_locked)
        values (1, 1, 'bench-house', 'A detached house', 'A house.', 'A house.', 3, 2, 1, ${250_000 + (i % 5) * 40_000}, 'Guide Price',
          ${`${i} Bench Road`}, 'Bench', 'LS1 1AA', 'Bench Road', ${lat + ((i % 11) - 5) / 200}, ${lng + ((i % 13) - 6) / 200}, false)
        returning property_profile_id as id`,
  )
  return row!.id
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function benchOne(label: string, database: Database, alerts: number): Promise<void> {
  const { db } = database
  await migrate(database)
  let started = performance.now()
  await insertAlerts(db, alerts)
  console.log(`  ${label}: ${alerts.toLocaleString('en-GB')} alerts written in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  // One new property (released pre-market) against every alert.
  const times: number[] = []
  const found: number[] = []
  for (let i = 0; i < 7; i++) {
    const id = await insertProperty(db, i)
    await runPropertyCommand(db, { action: 'release', id })
    started = performance.now()
    const result = await matchPendingEvents(db, { now: new Date(), limit: 200 })
    times.push(performance.now() - started)
    found.push(result.matches)
  }
  console.log(`    one new property against ${alerts.toLocaleString('en-GB')} alerts: median ${median(times).toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms (median ${median(found)} matching alerts)`)
  await runAlertDelivery(db, { publicUrl: PUBLIC_URL, instantBatchMs: 0 })

  // 1,000 events in one run.
  const ids: number[] = []
  for (let i = 0; i < 1_000; i++) ids.push(await insertProperty(db, 100 + i))
  for (const id of ids) await runPropertyCommand(db, { action: 'release', id })
  started = performance.now()
  const many = await runAlertDelivery(db, { publicUrl: PUBLIC_URL, instantBatchMs: 0 })
  const manyMs = performance.now() - started
  console.log(
    `    1,000 events matched and mailed in ${(manyMs / 1000).toFixed(1)} s (${many.matches.toLocaleString('en-GB')} matches, ${many.mails.toLocaleString('en-GB')} e-mails): ` +
      `about ${Math.round((1_000 / manyMs) * 3_600_000).toLocaleString('en-GB')} events an hour`,
  )

  // A price reduction to its e-mails in the outbox.
  const reducedId = await insertProperty(db, 3)
  await runAlertDelivery(db, { publicUrl: PUBLIC_URL, instantBatchMs: 0 })
  const [{ before } = { before: 0 }] = await queryRows<{ before: number }>(db, sql`select count(*)::int as before from outbox`)
  started = performance.now()
  await runPropertyCommand(db, { action: 'reprice', id: reducedId, price: 240_000 })
  const delivered = await runAlertDelivery(db, { publicUrl: PUBLIC_URL, instantBatchMs: 0 })
  const workMs = performance.now() - started
  const [{ after } = { after: 0 }] = await queryRows<{ after: number }>(db, sql`select count(*)::int as after from outbox`)
  const waitS = (DEFAULT_INSTANT_BATCH_MS + WORKER_INTERVAL_MS) / 1000
  console.log(
    `    price reduction to the outbox: ${workMs.toFixed(1)} ms of work for ${delivered.mails} e-mails (${after - before} in the outbox); ` +
      `with the default ${DEFAULT_INSTANT_BATCH_MS / 1000} s instant batch and ${WORKER_INTERVAL_MS / 1000} s worker interval, at most ${waitS.toFixed(0)} s + ${(workMs / 1000).toFixed(1)} s`,
  )
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agency-alert-bench-'))
  console.log('\nHeads Up alert matching')
  try {
    const embedded = await createDatabase({ dataDir: path.join(dir, 'data') })
    try {
      await benchOne('embedded', embedded, embeddedAlerts)
    } finally {
      await embedded.close()
    }
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
    if (serverUrl) await withScratchDatabase(serverUrl, 'agency_alert_bench', (database) => benchOne('postgres', database, postgresAlerts))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
