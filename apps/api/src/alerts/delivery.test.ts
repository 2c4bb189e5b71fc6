import { alertMatches, alertSentProperties, contactApplicants, contacts, outbox, properties, propertyEvents, queryRows, runPropertyCommand, type Db } from '@agency/db'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@agency/db/testing'
import { eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ALERT_LINK_TOKEN_SHAPE } from '@agency/domain'
import { createMediaLinks } from '#app/media/media-links.ts'
import { ALERT_LINK_TTL_MS, createAlertLinks } from './alert-links.ts'
import { runAlertDelivery, type AlertDeliveryOptions } from './delivery.ts'
import { PLACE, headsUpMails, insertAlert, insertProperty } from './testing.ts'

const PUBLIC_URL = 'https://agency.example/'
const LINK_KEY = 'a-test-key-of-the-alert-links-0123456789'
const T0 = Date.parse('2026-11-21T09:00:00Z')
const at = (ms: number) => new Date(T0 + ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe.each(testDatabaseKinds())('Heads Up e-mails on %s', (kind) => {
  let database: TestDatabase
  let db: Db
  /** One delivery run at T0 + ms, with an instant batch window of one minute. */
  const deliver = (ms: number, options: Partial<AlertDeliveryOptions> = {}) =>
    runAlertDelivery(db, { publicUrl: PUBLIC_URL, linkKey: LINK_KEY, now: at(ms), instantBatchMs: MINUTE, ...options })
  /** One delivery run at an instant given in full. */
  const deliverAt = (iso: string) => runAlertDelivery(db, { publicUrl: PUBLIC_URL, now: new Date(iso), instantBatchMs: MINUTE })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    db = database.db
  })
  afterAll(async () => {
    await database.close()
  })
  beforeEach(async () => {
    await db.delete(contacts)
    await db.delete(outbox)
    await db.delete(propertyEvents)
    await db.delete(properties).where(eq(properties.town, 'Kirkby Stephen'))
  })

  describe('each event kind reaches a matching alert', () => {
    it('a property published on the open market (after being pre-market)', async () => {
      const alert = await insertAlert(db)
      const id = await insertProperty(db, { is_locked: true })
      await runPropertyCommand(db, { action: 'publish', id }, at(0))
      expect(await deliver(0)).toMatchObject({ events: 1, matches: 1, mails: 0 })
      expect(await deliver(MINUTE)).toMatchObject({ alerts: 1, mails: 1 })
      const [mail] = await headsUpMails(db)
      expect(mail!.to).toBe(alert.email)
      expect(mail!.subject).toMatch(/^Heads Up: New to the market: A detached house/)
      expect(mail!.text).toContain('£300,000')
      // The percentage with what matched (SPEC §2 tooltip's reasons).
      expect(mail!.text).toContain('100% match: Within 3 miles of Kirkby Stephen · price within range')
      expect(mail!.text).toContain(`https://agency.example/property/${id}/`)
      expect(mail!.html).toMatch(/<img [^>]*src="https:\/\/agency\.example\/api\/media\/[0-9a-f-]+\/card-jpeg[^"]*"/)
      // The links carry signed tokens of this alert that expire, never its applicant key or unsubscribe token.
      const update = /Update your alert: https:\/\/agency\.example\/heads-up-alerts\/profiles\/(\S+)/.exec(mail!.text)?.[1]
      const off = /Switch this alert off: https:\/\/agency\.example\/api\/alerts\/unsubscribe\?token=(\S+)/.exec(mail!.text)?.[1]
      expect(update).toMatch(ALERT_LINK_TOKEN_SHAPE)
      expect(off).toMatch(ALERT_LINK_TOKEN_SHAPE)
      const links = createAlertLinks(LINK_KEY)
      expect(links.verify(update!, 'update', at(MINUTE))).toBe(alert.id)
      expect(links.verify(off!, 'off', at(MINUTE))).toBe(alert.id)
      expect(links.verify(update!, 'off', at(MINUTE))).toBeNull()
      expect(links.verify(update!, 'update', at(MINUTE + ALERT_LINK_TTL_MS))).toBeNull()
      for (const secret of [alert.applicant_key, alert.unsubscribe_token]) expect(`${mail!.text}${mail!.html}`).not.toContain(secret)
      const unsubscribe = `https://agency.example/api/alerts/unsubscribe?token=${off!}`
      expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    })

    it('a property released pre-market: the Heads Up, listed before the open-market ones', async () => {
      await insertAlert(db)
      const open = await insertProperty(db)
      const early = await insertProperty(db)
      await runPropertyCommand(db, { action: 'reprice', id: open, price: 290_000 }, at(0))
      await runPropertyCommand(db, { action: 'release', id: early }, at(0))
      await deliver(0)
      await deliver(MINUTE)
      const [mail] = await headsUpMails(db)
      expect(mail!.subject).toBe('Heads Up: 2 properties for you, 1 before the open market')
      const preMarket = mail!.text.indexOf('Heads Up: before it goes on the open market')
      const reduced = mail!.text.indexOf('Price reduced')
      expect(preMarket).toBeGreaterThan(-1)
      expect(preMarket).toBeLessThan(reduced)
      // The pre-market property is marked as early access, the open-market one is not.
      expect(mail!.text.split('Pre-market – early access').length).toBe(2)
      expect(mail!.text.indexOf('Pre-market – early access')).toBeLessThan(reduced)
      // A pre-market property's link is its locked page address, which names nothing hidden.
      expect(mail!.text).toContain(`https://agency.example/property/${early}/`)
      // Its picture shows in a mail client, which sends no session, by a signed address of that one
      // picture; an open-market picture needs none.
      const pictures = [...mail!.html.matchAll(/<img [^>]*src="([^"]+\/api\/media\/[^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
      expect(pictures).toHaveLength(2)
      const [signed, plain] = pictures.map((url) => new URL(url))
      const [earlyKey] = await queryRows<{ key: string }>(db, sql`select media_key::text as key from property_medias where property_profile_id = ${early}`)
      expect(signed!.pathname).toBe(`/api/media/${earlyKey!.key}/card-jpeg`)
      expect(createMediaLinks(LINK_KEY).verify(signed!.searchParams.get('access')!, earlyKey!.key, 'card-jpeg', at(MINUTE))).toBe(true)
      expect(plain!.search).toBe('')
    })

    it('a property back on the market', async () => {
      await insertAlert(db)
      const id = await insertProperty(db, { availability: 'sstc' })
      const result = await runPropertyCommand(db, { action: 'publish', id }, at(0))
      expect(result!.events.map((e) => e.kind)).toEqual(['back_on_market'])
      await deliver(0)
      await deliver(MINUTE)
      expect((await headsUpMails(db))[0]!.subject).toMatch(/^Heads Up: Back on the market: /)
    })

    it('a price reduction, with the old and the new price', async () => {
      await insertAlert(db)
      const id = await insertProperty(db, { price: 420_000 })
      await runPropertyCommand(db, { action: 'reprice', id, price: 395_000 }, at(0))
      await deliver(0)
      await deliver(MINUTE)
      const [mail] = await headsUpMails(db)
      expect(mail!.subject).toMatch(/^Heads Up: Price reduced: A detached house, number \d+, now £395,000$/)
      expect(mail!.text).toContain('£395,000 (was £420,000)')
      expect(mail!.html).toMatch(/>£395,000<\/p>\s*<p[^>]*>Reduced from £420,000<\/p>/)
    })

    it('a price rise and an unchanged property raise nothing', async () => {
      await insertAlert(db)
      const id = await insertProperty(db)
      expect((await runPropertyCommand(db, { action: 'reprice', id, price: 310_000 }, at(0)))!.events).toEqual([])
      expect((await runPropertyCommand(db, { action: 'publish', id }, at(0)))!.events).toEqual([])
      expect(await deliver(DAY)).toEqual({ events: 0, matches: 0, alerts: 0, mails: 0 })
    })
  })

  describe('frequency', () => {
    it('gathers an instant alert\'s matches over the batch window into one e-mail', async () => {
      await insertAlert(db)
      const a = await insertProperty(db)
      const b = await insertProperty(db)
      await runPropertyCommand(db, { action: 'release', id: a }, at(0))
      await deliver(0)
      await runPropertyCommand(db, { action: 'release', id: b }, at(30_000))
      await deliver(30_000)
      expect(await headsUpMails(db)).toHaveLength(0)
      expect(await deliver(MINUTE)).toMatchObject({ mails: 1 })
      const mails = await headsUpMails(db)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.subject).toBe('Heads Up: 2 properties for you, 2 before the open market')
    })

    it('mails daily alerts at 08:00 UK time and weekly ones on Monday at 08:00, with every match since the last', async () => {
      // T0 is Saturday 21 November 2026, 09:00 GMT.
      const daily = await insertAlert(db, { frequency: 'daily' })
      const weekly = await insertAlert(db, { frequency: 'weekly' })
      const instant = await insertAlert(db)
      const a = await insertProperty(db)
      const b = await insertProperty(db)
      const to = async (email: string | null) => (await headsUpMails(db)).filter((m) => m.to === email)
      await runPropertyCommand(db, { action: 'release', id: a }, at(0))
      await deliver(0)
      await deliver(MINUTE)
      expect((await headsUpMails(db)).map((m) => m.to)).toEqual([instant.email])
      // Sunday 07:59 and 08:00.
      await deliver(DAY - HOUR - MINUTE)
      expect(await to(daily.email)).toHaveLength(0)
      await deliver(DAY - HOUR)
      expect(await to(daily.email)).toHaveLength(1)
      // Sunday 12:00: a second property waits for Monday's e-mails.
      await runPropertyCommand(db, { action: 'release', id: b }, at(DAY + 3 * HOUR))
      await deliver(DAY + 3 * HOUR)
      await deliver(DAY + 3 * HOUR + MINUTE)
      expect(await to(instant.email)).toHaveLength(2)
      await deliver(2 * DAY - HOUR - MINUTE)
      expect(await to(daily.email)).toHaveLength(1)
      expect(await to(weekly.email)).toHaveLength(0)
      // Monday 08:00: the daily alert gets the second property, the weekly one both in one e-mail.
      expect(await deliver(2 * DAY - HOUR)).toMatchObject({ alerts: 2, mails: 2 })
      const dailyMails = await to(daily.email)
      expect(dailyMails).toHaveLength(2)
      const heading = async (id: number) => (await db.select().from(properties).where(eq(properties.property_profile_id, id)))[0]!.advert_heading
      expect(dailyMails[1]!.text).toContain(await heading(b))
      expect(dailyMails[1]!.text).not.toContain(await heading(a))
      const weeklyMails = await to(weekly.email)
      expect(weeklyMails).toHaveLength(1)
      expect(weeklyMails[0]!.subject).toBe('Heads Up: 2 properties for you, 2 before the open market')
      expect(await deliver(3 * DAY)).toMatchObject({ mails: 0 })
    })

    it('keeps to 08:00 UK time across the changes to and from summer time', async () => {
      const daily = await insertAlert(db, { frequency: 'daily' })
      const weekly = await insertAlert(db, { frequency: 'weekly' })
      const a = await insertProperty(db)
      // Saturday 28 March 2026, 12:00 GMT; the clocks go forward that night.
      await runPropertyCommand(db, { action: 'release', id: a }, new Date('2026-03-28T12:00:00Z'))
      await deliverAt('2026-03-28T12:00:00Z')
      await deliverAt('2026-03-29T06:59:00Z')
      expect(await headsUpMails(db)).toHaveLength(0)
      // Sunday 08:00 BST is 07:00 UTC.
      await deliverAt('2026-03-29T07:00:00Z')
      expect((await headsUpMails(db)).map((m) => m.to)).toEqual([daily.email])
      await deliverAt('2026-03-30T06:59:00Z')
      expect(await headsUpMails(db)).toHaveLength(1)
      await deliverAt('2026-03-30T07:00:00Z')
      expect((await headsUpMails(db)).map((m) => m.to)).toEqual([daily.email, weekly.email])

      // Tuesday 20 October 2026 (BST); the clocks go back on Sunday 25th, so Monday 26th 08:00 is 08:00 UTC.
      const b = await insertProperty(db)
      await runPropertyCommand(db, { action: 'release', id: b }, new Date('2026-10-20T12:00:00Z'))
      await deliverAt('2026-10-20T12:00:00Z')
      await deliverAt('2026-10-21T07:00:00Z')
      expect((await headsUpMails(db)).map((m) => m.to)).toEqual([daily.email, weekly.email, daily.email])
      await deliverAt('2026-10-26T07:59:00Z')
      expect(await headsUpMails(db)).toHaveLength(3)
      await deliverAt('2026-10-26T08:00:00Z')
      expect((await headsUpMails(db)).map((m) => m.to)).toEqual([daily.email, weekly.email, daily.email, weekly.email])
    })

    it('takes the digest hour and day from the schedule', async () => {
      const weekly = await insertAlert(db, { frequency: 'weekly' })
      const id = await insertProperty(db)
      await runPropertyCommand(db, { action: 'release', id }, at(0))
      const friday = { timeZone: 'Europe/London', hour: 18, weekday: 5 }
      // Friday 27 November 2026, 17:59 and 18:00 GMT.
      await deliver(6 * DAY + 8 * HOUR + 59 * MINUTE, { digest: friday })
      expect(await headsUpMails(db)).toHaveLength(0)
      await deliver(6 * DAY + 9 * HOUR, { digest: friday })
      expect((await headsUpMails(db)).map((m) => m.to)).toEqual([weekly.email])
    })

    it('gives a new alert the instant frequency', async () => {
      const alert = await insertAlert(db)
      const [row] = await db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, alert.id))
      expect(row!.alert_frequency).toBe('instant')
      expect(row!.unsubscribe_token).toMatch(/^[0-9a-f]{64}$/)
    })
  })

  describe('repeats', () => {
    it('never sends a property twice to an alert, unless its price falls again', async () => {
      await insertAlert(db)
      const id = await insertProperty(db, { is_locked: false })
      await runPropertyCommand(db, { action: 'release', id }, at(0))
      await deliver(0)
      await deliver(MINUTE)
      // Pre-market, then on the open market: the alert has already heard of it.
      await runPropertyCommand(db, { action: 'publish', id }, at(2 * MINUTE))
      await deliver(2 * MINUTE)
      await deliver(4 * MINUTE)
      expect(await headsUpMails(db)).toHaveLength(1)
      // A reduction is news: it is sent, with the old price.
      await runPropertyCommand(db, { action: 'reprice', id, price: 280_000 }, at(5 * MINUTE))
      await deliver(5 * MINUTE)
      await deliver(6 * MINUTE)
      const mails = await headsUpMails(db)
      expect(mails).toHaveLength(2)
      expect(mails[1]!.text).toContain('£280,000 (was £300,000)')
      // Up again and back down to no lower than the price last sent: nothing new.
      await runPropertyCommand(db, { action: 'reprice', id, price: 290_000 }, at(7 * MINUTE))
      await runPropertyCommand(db, { action: 'reprice', id, price: 280_000 }, at(8 * MINUTE))
      await deliver(8 * MINUTE)
      await deliver(10 * MINUTE)
      expect(await headsUpMails(db)).toHaveLength(2)
      // A further reduction below it: sent again.
      await runPropertyCommand(db, { action: 'reprice', id, price: 265_000 }, at(11 * MINUTE))
      await deliver(11 * MINUTE)
      await deliver(12 * MINUTE)
      const last = await headsUpMails(db)
      expect(last).toHaveLength(3)
      expect(last[2]!.text).toContain('£265,000 (was £280,000)')
    })
  })

  describe('who gets nothing', () => {
    it('an OFF alert, an unconfirmed alert and a contact without an e-mail address', async () => {
      const on = await insertAlert(db)
      await insertAlert(db, { status: 2 })
      await insertAlert(db, { confirmed: false })
      await insertAlert(db, { email: null })
      const id = await insertProperty(db)
      await runPropertyCommand(db, { action: 'release', id }, at(0))
      expect(await deliver(0)).toMatchObject({ events: 1, matches: 2 })
      await deliver(MINUTE)
      expect((await headsUpMails(db)).map((m) => m.to)).toEqual([on.email])
    })

    it('an alert switched off while its matches wait', async () => {
      const alert = await insertAlert(db)
      const id = await insertProperty(db)
      await runPropertyCommand(db, { action: 'release', id }, at(0))
      await deliver(0)
      await db.update(contactApplicants).set({ contact_applicant_status_id: 2 }).where(eq(contactApplicants.contact_applicant_id, alert.id))
      await deliver(MINUTE)
      expect(await headsUpMails(db)).toHaveLength(0)
      expect(await db.select().from(alertMatches).where(isNull(alertMatches.mailed_at))).toHaveLength(0)
    })
  })

  describe('matching rules', () => {
    // Each alert differs from the property's (a £300,000 detached house for sale, 3 bedrooms, 2 bathrooms,
    // 1 reception, a garden, no parking, within a mile of the place) in one criterion.
    const cases: Array<[string, boolean, Parameters<typeof insertAlert>[1]]> = [
      ['the default alert', true, {}],
      ['a tenant alert (the property is for sale)', false, { profile_id: 5 }],
      ['another place', false, { criteria: { locations: [{ ...PLACE, place_id: 'far', lat: PLACE.lat + 1, distance: 3 }] } }],
      ['a radius too small (0.25 miles, the property 0.5 miles away)', false, { criteria: { locations: [{ ...PLACE, distance: 0.25 }] } }],
      ['the place\'s bounds (radius 0)', true, { criteria: { locations: [{ ...PLACE, distance: 0, bounds: { north: 54.5, south: 54.45, east: -2.3, west: -2.4 } }] } }],
      ['a second location that matches', true, { criteria: { locations: [{ ...PLACE, place_id: 'far', lat: 52, distance: 1 }, { ...PLACE, distance: 1 }] } }],
      ['a minimum price above', false, { criteria: { min_price: 325_000, max_price: 500_000 } }],
      ['a maximum price below', false, { criteria: { min_price: 100_000, max_price: 275_000 } }],
      ['at least 4 bedrooms', false, { criteria: { min_bedroom: 4 } }],
      ['at most 2 bedrooms', false, { criteria: { max_bedroom: 2 } }],
      ['3 to 3 bedrooms', true, { criteria: { min_bedroom: 3, max_bedroom: 3 } }],
      ['at least 3 bathrooms', false, { criteria: { min_bathroom: 3 } }],
      ['at most 0 receptions', false, { criteria: { max_reception: 0 } }],
      ['flats only', false, { criteria: { property_types: [{ property_type_id: 2, property_style_ids: [] }] } }],
      ['houses, any style', true, { criteria: { property_types: [{ property_type_id: 1, property_style_ids: [] }] } }],
      ['houses of a style the property lacks', false, { criteria: { property_types: [{ property_type_id: 1, property_style_ids: [1] }] } }],
      ['a garden', true, { criteria: { must_haves: ['garden'] } }],
      ['parking', false, { criteria: { must_haves: ['parking'] } }],
      ['new homes only', false, { criteria: { new_homes: 'show_only' } }],
      ['no new homes', true, { criteria: { new_homes: 'exclude' } }],
      ['no retirement homes', true, { criteria: { retirement_homes: 'exclude' } }],
      ['retirement homes only', false, { criteria: { retirement_homes: 'show_only' } }],
      ['pets allowed only (a lettings option, ignored for sales)', true, { criteria: { pets_allowed: 'show_only' } }],
      ['furnished only (a lettings option, ignored for sales)', true, { criteria: { furnishing: 'furnished' } }],
    ]

    it.each(cases)('%s: matched %s', async (_name, matched, options) => {
      const alert = await insertAlert(db, options)
      const id = await insertProperty(db, { northMiles: 0.5 })
      await runPropertyCommand(db, { action: 'release', id }, at(0))
      await deliver(0)
      const found = await db.select().from(alertMatches).where(eq(alertMatches.contact_applicant_id, alert.id))
      expect(found.length).toBe(matched ? 1 : 0)
    })

    it('a lettings alert reads the lettings options', async () => {
      const furnished = await insertAlert(db, { profile_id: 5, criteria: { min_price: 500, max_price: 1500, furnishing: 'furnished' } })
      const pets = await insertAlert(db, { profile_id: 5, criteria: { min_price: 500, max_price: 1500, pets_allowed: 'show_only' } })
      const any = await insertAlert(db, { profile_id: 5, criteria: { min_price: 500, max_price: 1500 } })
      const id = await insertProperty(db, { transaction_type_id: 2, price: 950, price_qualifier: 'Rent', furnishing: 'unfurnished', pets_allowed: true })
      await runPropertyCommand(db, { action: 'release', id }, at(0))
      await deliver(0)
      const ids = (await db.select().from(alertMatches)).map((m) => m.contact_applicant_id).sort()
      expect(ids).toEqual([pets.id, any.id].sort())
      expect(ids).not.toContain(furnished.id)
      await deliver(MINUTE)
      expect((await headsUpMails(db))[0]!.text).toContain('£950 PCM')
    })

    it('follows an alert\'s changed criteria', async () => {
      const alert = await insertAlert(db)
      const [row] = await db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, alert.id))
      await db
        .update(contactApplicants)
        .set({ criteria: { ...row!.criteria, locations: [{ ...PLACE, place_id: 'far', lat: 52, distance: 1 }] } })
        .where(eq(contactApplicants.contact_applicant_id, alert.id))
      const id = await insertProperty(db)
      await runPropertyCommand(db, { action: 'release', id }, at(0))
      expect(await deliver(0)).toMatchObject({ events: 1, matches: 0 })
    })
  })

  describe('several workers and failures', () => {
    it('two workers at once send each e-mail once', async () => {
      const alerts = await Promise.all(Array.from({ length: 6 }, () => insertAlert(db)))
      for (let i = 0; i < 8; i++) {
        const id = await insertProperty(db)
        await runPropertyCommand(db, { action: 'release', id }, at(0))
      }
      const small = { eventBatchSize: 2, alertBatchSize: 2 }
      const [a, b] = await Promise.all([deliver(0, small), deliver(0, small)])
      expect(a.events + b.events).toBe(8)
      expect(a.matches + b.matches).toBe(48)
      const [c, d] = await Promise.all([deliver(MINUTE, small), deliver(MINUTE, small)])
      expect(c.mails + d.mails).toBe(6)
      const mails = await headsUpMails(db)
      expect(mails.map((m) => m.to).sort()).toEqual(alerts.map((x) => x.email).sort())
      for (const mail of mails) expect(mail.subject).toBe('Heads Up: 8 properties for you, 8 before the open market')
    })

    it('a run that fails while matching or mailing loses nothing and sends nothing twice', async () => {
      const alert = await insertAlert(db)
      const id = await insertProperty(db)
      await runPropertyCommand(db, { action: 'release', id }, at(0))
      const crash = (step: 'match' | 'mail') => async (current: 'match' | 'mail') => {
        if (current === step) throw new Error(`killed while ${step === 'match' ? 'matching' : 'mailing'}`)
      }
      await expect(deliver(0, { beforeCommit: crash('match') })).rejects.toThrow('killed while matching')
      expect(await db.select().from(propertyEvents).where(isNull(propertyEvents.processed_at))).toHaveLength(1)
      expect(await db.select().from(alertMatches)).toHaveLength(0)
      await deliver(0)
      await expect(deliver(MINUTE, { beforeCommit: crash('mail') })).rejects.toThrow('killed while mailing')
      expect(await headsUpMails(db)).toHaveLength(0)
      expect(await db.select().from(alertSentProperties)).toHaveLength(0)
      expect(await deliver(MINUTE)).toMatchObject({ mails: 1 })
      expect(await deliver(2 * MINUTE)).toMatchObject({ mails: 0 })
      expect((await headsUpMails(db)).map((m) => m.to)).toEqual([alert.email])
    })
  })

  it('keeps alert locations in step with the criteria (the trigger)', async () => {
    const alert = await insertAlert(db, { criteria: { locations: [{ ...PLACE, distance: 1 }, { ...PLACE, place_id: 'b', lat: 52, distance: 0.5 }] } })
    const rows = await queryRows(db, sql`select position, radius from alert_locations where contact_applicant_id = ${alert.id} order by position`)
    expect(rows).toEqual([
      { position: 0, radius: 1 },
      { position: 1, radius: 0.5 },
    ])
  })
})
