import {
  branches,
  communicationInfos,
  contactApplicants,
  contactProfiles,
  contactQuestionOptions,
  contactQuestions,
  contacts,
  idempotencyKeys,
  leads,
  outbox,
  potentialViewings,
  places,
  properties,
  seedAlertReferenceData,
  spentCaptchaChallenges,
} from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { solveCaptchaQuestion, toPounds } from '@agency/domain'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '#app/auth/tokens.ts'
import { TEST_CRITERIA, extractToken, logIn, requestLink, toCookieHeader } from '#app/routes/contacts/test-support.ts'
import { buildApp } from '#app/app.ts'
import { createSpentChallengeStore } from '#app/auth/captcha-store.ts'
import { createQuestionChallenges, toQuestionCaptchaToken, type Question } from '#app/auth/question-challenge.ts'
import { createTestApi, PUBLIC_URL, type TestApi } from '#app/testing/api.ts'
import { exampleEnquiry } from './test-support.ts'

const SAME_ORIGIN = { origin: PUBLIC_URL }
/** 10:00 in London on 1 July 2026: the clock of these tests. */
const NOW = new Date('2026-07-01T09:00:00Z')
const PENDING_LEAD_COOKIE = '__Host-pending_lead'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** A valid SPEC §3 lead payload (what toLeadEnquiryPayload builds), with the captcha token. */
function enquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...exampleEnquiry(), recaptcha_token: 'human', ...overrides }
}

/** The key of the no-JavaScript questions in these tests. */
const QUESTION_KEY = 'question-key-of-the-lead-tests'

/** The answer to a question, as a visitor works it out. */
function answerTo(question: Question): string {
  const answer = solveCaptchaQuestion(question.text)
  if (answer === null) throw new Error(`unexpected question: ${question.text}`)
  return answer
}

/** A verifier that refuses the token 'robot' and a missing one. */
const humanOnly = { provider: 'fixed' as const, verify: async (token: string) => token !== '' && token !== 'robot' }

describe.each(testDatabaseKinds())('lead enquiries on %s', (kind) => {
  let t: TestApi
  let app: FastifyInstance
  let ipCounter = 0

  /** POST /api/leads/enquiry from a fresh IP address (unless one is given). */
  function send(body: unknown, headers: Record<string, string> = {}, ip = `198.51.100.${++ipCounter}`, target = app) {
    return target.inject({
      method: 'POST',
      url: '/api/leads/enquiry',
      headers: { ...SAME_ORIGIN, ...headers },
      remoteAddress: ip,
      payload: body as object,
    })
  }

  async function count(table: typeof leads | typeof contacts | typeof outbox, db = t.database.db) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table)
    return row!.n
  }

  async function mailsTo(to: string, db = t.database.db) {
    return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id))
  }

  async function leadMailsOf(leadId: string) {
    const rows = await t.database.db.select().from(outbox).where(sql`${outbox.kind} like 'lead_%'`).orderBy(asc(outbox.id))
    const lead = (await t.database.db.select().from(leads).where(eq(leads.lead_id, leadId)))[0]!
    return rows.filter((m) => (m.kind === 'lead_branch' ? m.text.includes(leadId) : m.to === lead.email && m.created_at.getTime() === lead.created_at.getTime()))
  }

  /** A confirmed contact with the e-mail, logged in through a login link. */
  async function loggedInContact(email: string) {
    const db = t.database.db
    const [contact] = await db.insert(contacts).values({ name: 'Amelia', surname: 'Hartley', contact_source_id: 35 }).returning()
    await db.insert(communicationInfos).values({ contact_id: contact!.contact_id, communication_method_id: 1, value: email, preferred: true })
    expect((await requestLink(app, email, { ip: `192.0.2.${++ipCounter % 250}` })).statusCode).toBe(202)
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.kind, 'magic_link'), eq(outbox.to, email)))
    const login = await logIn(app, extractToken(mail!.text))
    expect(login.statusCode).toBe(200)
    return { contact_id: contact!.contact_id, cookie: toCookieHeader(login.headers['set-cookie']) }
  }

  beforeAll(async () => {
    t = await createTestApi(kind, {
      accounts: { captcha: humanOnly, questionKey: QUESTION_KEY, magicLinkMinResponseMs: 0, now: () => NOW },
      leadLimits: { perIp: { limit: 3, windowMs: 3_600_000 }, perEmail: { limit: 2, windowMs: 3_600_000 } },
    })
    app = t.app
  })
  afterAll(async () => {
    await t?.close()
  })

  describe('a visitor’s enquiry', () => {
    it('stores the lead, a new pending contact and two e-mails, and answers the lead id and contact id', async () => {
      const before = { leads: await count(leads), contacts: await count(contacts) }
      const answer = await send(enquiry())
      expect(answer.statusCode).toBe(201)
      const body = answer.json<{ data: { lead_id: string; contact: { contact_id: number } } }>()
      expect(Object.keys(body.data)).toEqual(['lead_id', 'contact'])
      expect(body.data.lead_id).toMatch(UUID)
      expect(await count(leads)).toBe(before.leads + 1)
      expect(await count(contacts)).toBe(before.contacts + 1)

      const [lead] = await t.database.db.select().from(leads).where(eq(leads.lead_id, body.data.lead_id))
      const { recaptcha_token: _captcha, ...payload } = enquiry()
      expect(lead).toMatchObject({ ...payload, contact_id: body.data.contact.contact_id, requested_branch_id: 1, created_at: NOW })
      const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.contact_id, body.data.contact.contact_id))
      expect(contact).toMatchObject({ name: 'Harriet', surname: 'Ashworth', salutation_id: 4, is_pending: true, contact_source_id: 35 })
      const infos = await t.database.db.select().from(communicationInfos).where(eq(communicationInfos.contact_id, contact!.contact_id))
      expect(infos.map((i) => [i.communication_method_id, i.value, i.is_pending])).toEqual([
        [1, 'harriet.ashworth@example.com', true],
        [2, '+447400123456', true],
      ])
      // A viewing of a property for sale: a buyer (SPEC §4 profile 3).
      expect(await t.database.db.select().from(contactProfiles).where(eq(contactProfiles.contact_id, contact!.contact_id))).toEqual([
        { contact_id: contact!.contact_id, profile_id: 3 },
      ])
    })

    it("tells the property's own branch every field with a link to the property", async () => {
      const [property] = await t.database.db
        .select()
        .from(properties)
        .where(and(isNotNull(properties.branch_id), sql`${properties.branch_id} <> 3`, eq(properties.is_locked, false), eq(properties.transaction_type_id, 1)))
        .limit(1)
      const [branch] = await t.database.db.select().from(branches).where(eq(branches.branch_id, property!.branch_id!))
      // The page claims branch 3; the catalogue's branch of the property wins.
      const answer = await send(enquiry({ property_profile_id: property!.property_profile_id, branch_id: 3, email: 'branch.check@example.com' }))
      expect(answer.statusCode).toBe(201)
      const leadId = answer.json<{ data: { lead_id: string } }>().data.lead_id
      const [lead] = await t.database.db.select().from(leads).where(eq(leads.lead_id, leadId))
      expect(lead!.branch_id).toBe(branch!.branch_id)

      const mails = await leadMailsOf(leadId)
      expect(mails.map((m) => [m.kind, m.to])).toEqual([
        ['lead_branch', branch!.email],
        ['lead_acknowledgement', 'branch.check@example.com'],
      ])
      const notice = mails[0]!
      expect(notice.subject).toBe('New enquiry from Harriet Ashworth about Park Row, Leeds')
      expect(notice.headers).toEqual({ 'Reply-To': 'branch.check@example.com' })
      const link = `${PUBLIC_URL}/property/${property!.property_profile_id}/${property!.slug}`
      // Who wants what first, then their position, their enquiry, the property and how to reach them; no empty ids.
      const expected = [
        'Mrs Harriet Ashworth would like: To view a property, More details.',
        'Their position',
        'Property to sell: Yes, not yet on market',
        'Property to let: No',
        'Would like their property valued: Yes',
        'Their enquiry',
        'Ideal viewing time: Friday 3 July 2026, 10:30',
        'Message: Could we see it on Friday morning?',
        'The property',
        'Park Row, Leeds, £250,000, 2 bedrooms',
        `Property page: ${link}`,
        'How to reach them',
        'E-mail: branch.check@example.com',
        'Mobile phone: 07400 123456',
        'Address: 4 Mill Lane, Leeds LS6 2AB',
        `from ${PUBLIC_URL}/property/1/a-flat-in-leeds. Sent by a visitor who was not logged in: the details are as typed and unconfirmed. Reference ${leadId}.`,
      ]
      const at = expected.map((line) => notice.text.indexOf(line))
      expect(at.every((i) => i >= 0), notice.text).toBe(true)
      expect(at, 'in this order').toEqual([...at].sort((a, b) => a - b))
      for (const internal of ['Applicant id', 'Property id', 'Consent:', 'none', '2026-07-03']) expect(notice.text).not.toContain(internal)
      expect(notice.html).toContain('<a href="mailto:branch.check@example.com?subject=')
      expect(notice.html).toContain('<a href="mailto:branch.check@example.com"')
      expect(notice.html).toContain('<a href="tel:+447400123456"')
      expect(notice.html).toContain(`<a href="${link}"`)

      const ack = mails[1]!
      expect(ack.subject).toMatch(/^We have received your enquiry – /)
      // The success popup promises a copy of the enquiry: greeted by name, the message and the details given.
      expect(ack.text.startsWith('Hello Harriet,\n')).toBe(true)
      // It shows the property as its page does (the catalogue's, not what was typed): picture, price, link.
      expect(ack.text).toContain(`Thank you for your enquiry about ${property!.display_address}. Our ${branch!.branch_name} branch will be in touch soon.`)
      expect(ack.text).toContain(`${property!.advert_heading}\n${property!.display_address}\n${toPounds(property!.price)}\n${link}`)
      expect(ack.html).toMatch(new RegExp(`<img alt="[^"]+" src="${PUBLIC_URL}/api/media/[0-9a-f-]+/card-jpeg"`))
      expect(ack.html).toContain(`<a href="${link}"`)
      // Replying reaches the branch.
      expect(ack.headers).toEqual({ 'Reply-To': branch!.email })
      expect(ack.text).toContain('You asked for: To view a property, More details\nYour ideal viewing time: Friday 3 July 2026, 10:30\nYour message:\n> Could we see it on Friday morning?')
      expect(ack.text).toContain('Your contact details\nName: Mrs Harriet Ashworth\nE-mail: branch.check@example.com\nMobile phone: 07400 123456\nAddress: 4 Mill Lane, Leeds LS6 2AB')
      expect(ack.html).toContain('Could we see it on Friday morning?')
      expect(ack.text).toContain(`call us on ${branch!.phone}`)
    })

    it("shows each property's own card picture in its acknowledgement", async () => {
      const db = t.database.db
      // Two properties for sale whose first photos differ, and neither the catalogue's first photo.
      const pictured = await db
        .select({ id: properties.property_profile_id, key: sql<string>`(select pm.media_key::text from property_medias pm where pm.property_profile_id = ${properties.property_profile_id} and pm.kind = 'photo' order by pm.position, pm.property_profile_media_id limit 1)` })
        .from(properties)
        .innerJoin(branches, eq(branches.branch_id, properties.branch_id))
        .where(and(eq(properties.is_locked, false), eq(properties.transaction_type_id, 1)))
        .orderBy(sql`${properties.property_profile_id} desc`)
        .limit(2)
      expect(pictured).toHaveLength(2)
      expect(pictured[0]!.key).not.toBe(pictured[1]!.key)
      for (const [i, { id, key }] of pictured.entries()) {
        const answer = await send(enquiry({ property_profile_id: id, email: `own.picture.${i}@example.com` }))
        expect(answer.statusCode).toBe(201)
        const ack = (await leadMailsOf(answer.json<{ data: { lead_id: string } }>().data.lead_id)).find((m) => m.kind === 'lead_acknowledgement')
        expect(ack!.html).toContain(` src="${PUBLIC_URL}/api/media/${key}/card-jpeg"`)
      }
    })

    it("goes to the payload's branch without a property, and to the first branch without either (a valuation)", async () => {
      const valuation = { i_would_like: ['to-let-my-property'], property_profile_id: null, property_address: null, price: null, bedrooms: null, url: `${PUBLIC_URL}/valuation` }
      const [second] = await t.database.db.select().from(branches).where(eq(branches.branch_id, 2))
      const toTwo = await send(enquiry({ ...valuation, branch_id: 2, email: 'val.two@example.com' }))
      expect(toTwo.statusCode).toBe(201)
      expect((await leadMailsOf(toTwo.json<{ data: { lead_id: string } }>().data.lead_id))[0]!.to).toBe(second!.email)

      // An address the gazetteer cannot place: the main office, the first branch by id.
      const [first] = await t.database.db.select().from(branches).orderBy(asc(branches.branch_id)).limit(1)
      const unplaced = { suggestion_id: 'typed:4 Mill Lane, Nowhere', display_name: '4 Mill Lane, Nowhere' }
      const toFirst = await send(enquiry({ ...valuation, contact_address: unplaced, branch_id: null, email: 'val.first@example.com' }))
      expect(toFirst.statusCode).toBe(201)
      const leadId = toFirst.json<{ data: { lead_id: string } }>().data.lead_id
      const [lead] = await t.database.db.select().from(leads).where(eq(leads.lead_id, leadId))
      // Viewing not chosen: no viewing time kept, whatever was sent.
      expect(lead).toMatchObject({ branch_id: first!.branch_id, property_profile_id: null, viewing_lead_date: null })
      const mails = await leadMailsOf(leadId)
      expect(mails.map((m) => m.to)).toEqual([first!.email, 'val.first@example.com'])
      // No property: no property section, and nothing said of one.
      expect(mails[0]!.text).not.toContain('The property')
      // A valuation request, named so; the position answers the valuation page gave for the visitor
      // (it does not ask them) are not told as theirs.
      expect(mails[0]!.subject).toBe('New valuation request from Harriet Ashworth')
      expect(mails[0]!.text).toContain('Mrs Harriet Ashworth would like: A lettings valuation.')
      expect(mails[0]!.text).toContain('Would like their property valued: Yes')
      expect(mails[0]!.text).not.toContain('Property to sell')
      expect(mails[0]!.text).not.toContain('Property to let')
      expect(mails[1]!.text).toContain('You asked for: A lettings valuation\nYour message:\n> ')
      // To let: a landlord (SPEC §4 profile 4).
      const [profile] = await t.database.db.select().from(contactProfiles).where(eq(contactProfiles.contact_id, lead!.contact_id!))
      expect(profile!.profile_id).toBe(4)
    })

    it('sends a valuation with no branch named to the branch nearest the home, placed by its town or postcode district', async () => {
      const valuation = { i_would_like: ['to-sell-my-property'], property_profile_id: null, property_address: null, price: null, bedrooms: null, branch_id: null, url: `${PUBLIC_URL}/valuation` }
      const town = (name: string, lat: number, lng: number) => ({
        place_id: `gb:town:${name.toLowerCase()}`, location_type: 'town' as const, name, description: 'North Yorkshire', location: name, lat, lng,
        south: lat - 0.05, west: lng - 0.05, north: lat + 0.05, east: lng + 0.05, population: 10_000, search_key: name.toLowerCase(),
      })
      // Tadcaster is nearer York (branch 3) than Leeds (branch 1); Knaresborough nearest Harrogate (branch 2).
      await t.database.db.insert(places).values([town('Tadcaster', 53.8853, -1.262), town('Knaresborough', 54.0092, -1.4676)])
      await t.database.db.insert(places).values({
        place_id: 'gb:postcode:YO8', location_type: 'postcode_district', name: 'YO8', description: 'Postcode district, Selby', location: 'YO8, Selby',
        lat: 53.78, lng: -1.07, south: 53.7, west: -1.2, north: 53.85, east: -0.95, population: null, search_key: 'yo8',
      })
      const branchOf = async (display: string, email: string) => {
        const answer = await send(enquiry({ ...valuation, contact_address: { suggestion_id: `typed:${display}`, display_name: display }, email }))
        expect(answer.statusCode).toBe(201)
        const [lead] = await t.database.db.select().from(leads).where(eq(leads.lead_id, answer.json<{ data: { lead_id: string } }>().data.lead_id))
        return lead!.branch_id
      }
      expect(await branchOf('2 Bridge Street, Tadcaster', 'val.tadcaster@example.com')).toBe(3)
      expect(await branchOf('9 High Street, Knaresborough', 'val.knaresborough@example.com')).toBe(2)
      // A full postcode the gazetteer lacks, placed by its district (Selby's YO8: York is nearest).
      expect(await branchOf('1 Ousegate, YO8 4NN', 'val.selby@example.com')).toBe(3)
      await t.database.db.delete(places).where(inArray(places.place_id, ['gb:town:tadcaster', 'gb:town:knaresborough', 'gb:postcode:YO8']))
    })

    it('keeps the mobile phone in E.164 whatever its spacing', async () => {
      const answer = await send(enquiry({ mobile_phone: '07400 123457', email: 'spaced.phone@example.com' }))
      expect(answer.statusCode).toBe(201)
      const [lead] = await t.database.db.select().from(leads).where(eq(leads.email, 'spaced.phone@example.com'))
      expect(lead!.mobile_phone).toBe('+447400123457')
    })

    it('remembers the enquiry in the browser with a cookie that is no session', async () => {
      const answer = await send(enquiry({ email: 'cookie.check@example.com' }))
      const cookies = [answer.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string')
      expect(cookies).toHaveLength(1)
      expect(cookies[0]).toMatch(new RegExp(`^${PENDING_LEAD_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Lax$`))
      const me = await app.inject({ url: '/api/contacts/me', headers: { cookie: toCookieHeader(cookies[0]) } })
      expect(me.statusCode).toBe(401)
    })
  })

  describe('validation (SPEC §5 order, SPEC §8 wording)', () => {
    it('answers an empty payload with every field error in SPEC §5 order, the first one as the message', async () => {
      const answer = await send({ recaptcha_token: 'human' })
      expect(answer.statusCode).toBe(422)
      const body = answer.json<{ message: string; errors: Record<string, string[]> }>()
      expect(body.message).toBe('Please select more details or to view a property')
      expect(Object.keys(body.errors).slice(0, 9)).toEqual([
        'i_would_like',
        'name',
        'surname',
        'comment',
        'email',
        'mobile_phone',
        'contact_address',
        'i_have_a_property_to_sell',
        'i_have_a_property_to_let',
      ])
      expect(body.errors.i_would_like).toEqual(['Please select more details or to view a property'])
      expect(body.errors.contact_address).toEqual(['Address must be selected'])
    })

    it.each([
      ['no choice', { i_would_like: [] }, 'i_would_like', 'Please select more details or to view a property'],
      ['a short name', { name: 'Al' }, 'name', 'Name must be at least 3 characters'],
      ['a long message', { comment: 'x'.repeat(256) }, 'comment', 'Your message may not be greater than 255 characters.'],
      ['a bad e-mail', { email: 'harriet@' }, 'email', 'Please enter a valid email address.'],
      ['typed address text', { contact_address: '4 Mill Lane' }, 'contact_address', 'Address must be selected'],
      ['no property to sell answer', { i_have_a_property_to_sell: undefined }, 'i_have_a_property_to_sell', 'Please select if you have a property to sell'],
      ['a viewing time in the past', { viewing_lead_date: '2026-07-01T09:45' }, 'viewing_lead_date', 'The viewing lead date must be a date after now.'],
      ['a viewing time before 07:00', { viewing_lead_date: '2026-07-03T06:30' }, 'viewing_lead_date', 'Please choose ideal viewing time between 07:00 and 19:00.'],
    ])('refuses %s with its message', async (_name, change, field, message) => {
      const before = await count(leads)
      const answer = await send(enquiry(change))
      expect(answer.statusCode).toBe(422)
      expect(answer.json()).toEqual({ message, errors: { [field]: [message] } })
      expect(await count(leads)).toBe(before)
    })

    it('names the earlier rule first when several fail', async () => {
      const answer = await send(enquiry({ surname: 'Li', comment: '', viewing_lead_date: '2026-06-30T10:00', email: 'nope' }))
      const body = answer.json<{ message: string; errors: Record<string, string[]> }>()
      expect(body.message).toBe('Surname must be at least 3 characters')
      expect(Object.keys(body.errors)).toEqual(['surname', 'comment', 'email', 'viewing_lead_date'])
      expect(body.errors.viewing_lead_date).toEqual(['The viewing lead date must be a date after now.'])
    })

    it('refuses an unknown property or branch as field errors, storing nothing', async () => {
      const before = await count(outbox)
      const property = await send(enquiry({ property_profile_id: 999_999 }))
      expect(property.statusCode).toBe(422)
      expect(property.json()).toEqual({
        message: 'The selected property profile id is invalid.',
        errors: { property_profile_id: ['The selected property profile id is invalid.'] },
      })
      const branch = await send(enquiry({ property_profile_id: null, branch_id: 999 }))
      expect(branch.json()).toEqual({ message: 'The selected branch id is invalid.', errors: { branch_id: ['The selected branch id is invalid.'] } })
      expect(await count(outbox)).toBe(before)
    })

    it('refuses ids and numbers beyond the database integer range as field errors', async () => {
      const answer = await send(enquiry({ property_profile_id: 2 ** 31, branch_id: 2 ** 40, price: 1e12, contact_applicant_id: 2 ** 31 }))
      expect(answer.statusCode).toBe(422)
      expect(Object.keys(answer.json<{ errors: object }>().errors)).toEqual(['property_profile_id', 'price', 'branch_id', 'contact_applicant_id'])
    })

    it('refuses a failed captcha and a cross-site post', async () => {
      const before = await count(leads)
      const robot = await send(enquiry({ recaptcha_token: 'robot' }))
      expect(robot.statusCode).toBe(422)
      expect(robot.json()).toEqual({
        message: 'Please confirm you are not a robot and try again.',
        errors: { recaptcha_token: ['Please confirm you are not a robot and try again.'] },
      })
      const none = await send(enquiry({ recaptcha_token: undefined }))
      expect(none.json<{ errors: object }>().errors).toHaveProperty('recaptcha_token')
      expect(none.statusCode).toBe(422)
      const crossSite = await send(enquiry(), { origin: 'https://elsewhere.example' })
      expect(crossSite.statusCode).toBe(403)
      expect(await count(leads)).toBe(before)
    })
  })

  describe('rate limits', () => {
    it('answers 429 past the per-IP limit', async () => {
      const ip = '203.0.113.77'
      for (let i = 0; i < 3; i++) expect((await send(enquiry({ email: `ip.limit.${i}@example.com` }), {}, ip)).statusCode).toBe(201)
      const over = await send(enquiry({ email: 'ip.limit.3@example.com' }), {}, ip)
      expect(over.statusCode).toBe(429)
      expect(over.json()).toEqual({ message: 'Too many enquiries. Please try again later.' })
      expect(await t.database.db.select().from(leads).where(eq(leads.email, 'ip.limit.3@example.com'))).toHaveLength(0)
    })

    it('keeps enquiries past the per-address limit and tells the branch, but stops acknowledging them', async () => {
      const email = 'flooded@example.com'
      for (let i = 0; i < 3; i++) expect((await send(enquiry({ email }))).statusCode).toBe(201)
      expect(await t.database.db.select().from(leads).where(eq(leads.email, email))).toHaveLength(3)
      expect(await mailsTo(email)).toHaveLength(2)
      const notices = (await t.database.db.select().from(outbox).where(eq(outbox.kind, 'lead_branch'))).filter((m) => m.text.includes(`E-mail: ${email}`))
      expect(notices).toHaveLength(3)
    })
  })

  describe('without JavaScript: a question instead of the browser captcha', () => {
    /** A question as the site's pages get it: from the accounts plugin, through the site's services. */
    async function question(): Promise<Question> {
      const asked = await app.siteServices({ method: 'GET', headers: {}, ip: '203.0.113.5', log: app.log, protocol: 'https', host: 'agency.example' }, { onUnavailable: () => undefined }).issueCaptchaQuestion()
      if (!asked) throw new Error('no question issued')
      return asked
    }
    const refused = { message: 'Please confirm you are not a robot and try again.', errors: { recaptcha_token: ['Please confirm you are not a robot and try again.'] } }
    const leadsOf = (email: string) => t.database.db.select().from(leads).where(eq(leads.email, email))

    it('issues questions to the site\'s own pages only: no route gives them', async () => {
      for (const headers of [{}, { 'x-internal-call': 'x'.repeat(64) }, { 'x-internal-call': '' }]) {
        const answer = await app.inject({ method: 'GET', url: '/api/captcha/question', headers })
        expect(answer.statusCode).toBe(404)
        expect(answer.body).not.toContain('token')
      }
      const document = (await app.inject('/api/openapi.json')).json<{ paths: Record<string, unknown> }>()
      expect(Object.keys(document.paths)).not.toContain('/api/captcha/question')
    })

    it('accepts the right answer, however it is written, and stores the lead and its two e-mails', async () => {
      const asked = await question()
      expect(asked.text).not.toMatch(/plus/)
      // The answer is not in the token: its readable part holds only an id and an expiry.
      const payload = asked.token.slice('q1.'.length).split('.')[0] ?? ''
      expect(Object.keys(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object).sort()).toEqual(['exp', 'id'])
      const email = 'question.right@example.com'
      const answer = await send(enquiry({ email, recaptcha_token: toQuestionCaptchaToken(asked.token, answerTo(asked)) }))
      expect(answer.statusCode).toBe(201)
      const [lead] = await leadsOf(email)
      expect(lead).toBeDefined()
      expect(await leadMailsOf(lead!.lead_id)).toHaveLength(2)

      const again = await question()
      const written = ` ‘${answerTo(again).toUpperCase()}’. `
      expect((await send(enquiry({ email: 'question.written@example.com', recaptcha_token: toQuestionCaptchaToken(again.token, written) }))).statusCode).toBe(201)
    })

    it('counts only wrong answers: an address may give 6 an hour, and right answers between them pass; past them even a right answer is refused', async () => {
      const ip = '198.51.100.250'
      const statuses: number[] = []
      // Six right, one wrong, right again, five more wrong (six in all), then right.
      const rights = [true, true, true, true, true, true, false, true, false, false, false, false, false, true]
      for (const [i, right] of rights.entries()) {
        const asked = await question()
        const token = toQuestionCaptchaToken(asked.token, right ? answerTo(asked) : `${answerTo(asked)}x`)
        const link = await app.inject({
          method: 'POST',
          url: '/api/contacts/oauth/magic-links',
          headers: SAME_ORIGIN,
          remoteAddress: ip,
          payload: { email: `question.limit.${i}@example.com`, request_page_url: '/', recaptcha_token: token },
        })
        statuses.push(link.statusCode)
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 422, 202, 422, 422, 422, 422, 422, 422])
      // Another address still answers.
      const asked = await question()
      expect((await send(enquiry({ email: 'question.other@example.com', recaptcha_token: toQuestionCaptchaToken(asked.token, answerTo(asked)) }))).statusCode).toBe(201)
    })

    it('refuses a wrong answer and spends the question: the right answer after it is refused too', async () => {
      const asked = await question()
      const email = 'question.wrong@example.com'
      const wrong = await send(enquiry({ email, recaptcha_token: toQuestionCaptchaToken(asked.token, `${answerTo(asked)}x`) }))
      expect(wrong.statusCode).toBe(422)
      expect(wrong.json()).toEqual(refused)
      const right = await send(enquiry({ email, recaptcha_token: toQuestionCaptchaToken(asked.token, answerTo(asked)) }))
      expect(right.statusCode).toBe(422)
      expect(await leadsOf(email)).toHaveLength(0)
    })

    it('refuses a replayed answer, whichever process it reaches (the database records it)', async () => {
      const asked = await question()
      const token = toQuestionCaptchaToken(asked.token, answerTo(asked))
      expect((await send(enquiry({ email: 'question.first@example.com', recaptcha_token: token }))).statusCode).toBe(201)
      // A second process of the site: its own app, the same database and key.
      const other = await buildApp({
        database: t.database,
        mediaStore: t.mediaStore,
        cacheDir: t.cacheDir,
        publicUrl: `${PUBLIC_URL}/`,
        accounts: { captcha: humanOnly, questionKey: QUESTION_KEY, magicLinkMinResponseMs: 0, now: () => NOW },
      })
      try {
        const replayed = await send(enquiry({ email: 'question.replay@example.com', recaptcha_token: token }), {}, undefined, other)
        expect(replayed.statusCode).toBe(422)
        expect(replayed.json()).toEqual(refused)
      } finally {
        await other.close()
      }
      expect(await leadsOf('question.replay@example.com')).toHaveLength(0)
    })

    it('refuses an expired question, a forged one and a question of another key, recording nothing for them', async () => {
      const spent = createSpentChallengeStore(t.database.db)
      const past = createQuestionChallenges({ hmacKey: QUESTION_KEY, spent, now: () => new Date(NOW.getTime() - 31 * 60_000) })
      const expired = past.create()
      const foreign = createQuestionChallenges({ hmacKey: 'another-site-key-entirely', spent, now: () => NOW }).create()
      const asked = await question()
      const [payload, signature, digest] = asked.token.slice('q1.'.length).split('.')
      const forgedPayload = Buffer.from(JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', exp: NOW.getTime() + 60_000 })).toString('base64url')
      const forged = `q1.${forgedPayload}.${signature}.${digest}`
      const before = await t.database.db.select().from(spentCaptchaChallenges)
      for (const [token, answer] of [
        [expired.token, answerTo(expired)],
        [foreign.token, answerTo(foreign)],
        [forged, answerTo(asked)],
        [`q1.${payload}.${signature}`, answerTo(asked)],
      ] as const) {
        const answer_ = await send(enquiry({ email: 'question.refused@example.com', recaptcha_token: toQuestionCaptchaToken(token, answer) }))
        expect(answer_.statusCode).toBe(422)
        expect(answer_.json()).toEqual(refused)
      }
      expect(await t.database.db.select().from(spentCaptchaChallenges)).toHaveLength(before.length)
      expect(await leadsOf('question.refused@example.com')).toHaveLength(0)
    })
  })

  describe('Idempotency-Key', () => {
    it('answers a retry with the first answer and stores nothing new; another body under the key is a 409', async () => {
      const body = enquiry({ email: 'retry@example.com' })
      const before = { leads: await count(leads), contacts: await count(contacts), outbox: await count(outbox) }
      const first = await send(body, { 'idempotency-key': 'lead-key-1' })
      // A retry may come with a fresh captcha solution.
      const retry = await send({ ...body, recaptcha_token: 'human' }, { 'idempotency-key': 'lead-key-1' })
      expect(first.statusCode).toBe(201)
      expect(retry.statusCode).toBe(201)
      expect(retry.json()).toEqual(first.json())
      expect(retry.headers['set-cookie']).toMatch(new RegExp(`^${PENDING_LEAD_COOKIE}=`))
      expect(await count(leads)).toBe(before.leads + 1)
      expect(await count(contacts)).toBe(before.contacts + 1)
      expect(await count(outbox)).toBe(before.outbox + 2)

      const other = await send({ ...body, comment: 'Another question entirely.' }, { 'idempotency-key': 'lead-key-1' })
      expect(other.statusCode).toBe(409)
      expect(other.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request.' })
      expect(await count(leads)).toBe(before.leads + 1)
    })

    it('stores one lead for simultaneous requests with the same key', async () => {
      const body = enquiry({ email: 'twins@example.com' })
      const answers = await Promise.all([1, 2, 3].map(() => send(body, { 'idempotency-key': 'lead-twin-key' })))
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201])
      expect(new Set(answers.map((a) => a.body)).size).toBe(1)
      expect(await t.database.db.select().from(leads).where(eq(leads.email, 'twins@example.com'))).toHaveLength(1)
      expect(await mailsTo('twins@example.com')).toHaveLength(1)
      expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.idempotency_key, 'lead-twin-key'))).toHaveLength(1)
    })

    it("keeps visitors' keys apart from the alert registrations' keys", async () => {
      await t.database.db.insert(idempotencyKeys).values({ scope: 'visitor', idempotency_key: 'shared-key', request_hash: 'x', response_status: 201, response_body: {} })
      expect((await send(enquiry({ email: 'shared.key@example.com' }), { 'idempotency-key': 'shared-key' })).statusCode).toBe(201)
    })
  })

  describe('existing contacts', () => {
    it("creates a new pending contact for an existing contact's e-mail, changes nothing of it and logs nobody in", async () => {
      const db = t.database.db
      const [owner] = await db.insert(contacts).values({ name: 'Olivia', surname: 'Owner', salutation_id: 2, contact_source_id: 35 }).returning()
      await db.insert(communicationInfos).values({ contact_id: owner!.contact_id, communication_method_id: 1, value: 'owner@example.com', preferred: true })
      const snapshot = async () => ({
        contact: await db.select().from(contacts).where(eq(contacts.contact_id, owner!.contact_id)),
        infos: await db.select().from(communicationInfos).where(eq(communicationInfos.contact_id, owner!.contact_id)),
        profiles: await db.select().from(contactProfiles).where(eq(contactProfiles.contact_id, owner!.contact_id)),
      })
      const before = await snapshot()

      const answer = await send(enquiry({ email: 'OWNER@example.com', name: 'Mallory', mobile_phone: '+447400123999' }))
      expect(answer.statusCode).toBe(201)
      const contactId = answer.json<{ data: { contact: { contact_id: number } } }>().data.contact.contact_id
      expect(contactId).not.toBe(owner!.contact_id)
      const [created] = await db.select().from(contacts).where(eq(contacts.contact_id, contactId))
      expect(created).toMatchObject({ name: 'Mallory', is_pending: true })
      expect(await snapshot()).toEqual(before)
      const [lead] = await db.select().from(leads).where(eq(leads.contact_id, contactId))
      expect(lead!.email).toBe('OWNER@example.com')

      const cookie = toCookieHeader(answer.headers['set-cookie'])
      expect(cookie.startsWith(`${PENDING_LEAD_COOKIE}=`)).toBe(true)
      expect((await app.inject({ url: '/api/contacts/me', headers: { cookie } })).statusCode).toBe(401)
      expect((await app.inject({ url: `/api/contacts/${owner!.contact_id}`, headers: { cookie } })).statusCode).toBe(401)
    })

    it("leads the branch's notice of a logged-in contact's enquiry from their alert with that alert's circumstance answers", async () => {
      const db = t.database.db
      await seedAlertReferenceData(db)
      const me = await loggedInContact('with.alert@example.com')
      const questions = await db.select().from(contactQuestions).where(eq(contactQuestions.profile_id, 3))
      const options = await db.select().from(contactQuestionOptions)
      const answer = (key: string, label: string) => {
        const question = questions.find((q) => q.question_key === key)!
        const option = options.find((o) => o.contact_question_id === question.contact_question_id && o.label === label)!
        return [String(question.contact_question_id), option.contact_question_option_id] as const
      }
      const [alert] = await db
        .insert(contactApplicants)
        .values({
          applicant_key: createToken(),
          contact_id: me.contact_id,
          profile_id: 3,
          criteria: TEST_CRITERIA,
          question_answers: Object.fromEntries([answer('buying_position', 'Cash buyer'), answer('mortgage_in_principle', 'No, I am a cash buyer'), answer('moving_timescale', 'Within 3 months')]),
        })
        .returning()
      const sent = await send(enquiry({ email: 'with.alert@example.com', contact_applicant_id: alert!.contact_applicant_id }), { cookie: me.cookie })
      expect(sent.statusCode).toBe(201)
      const [notice] = (await leadMailsOf(sent.json<{ data: { lead_id: string } }>().data.lead_id)).filter((m) => m.kind === 'lead_branch')
      const lines = notice!.text.split('\n')
      const position = lines.indexOf('Their position')
      expect(lines.slice(position, position + 5)).toEqual([
        'Their position',
        'What is your buying position?: Cash buyer',
        'Do you have a mortgage in principle?: No, I am a cash buyer',
        'When are you hoping to move?: Within 3 months',
        'Property to sell: Yes, not yet on market',
      ])
    })

    it("files a logged-in contact's enquiry under their own contact, without a new one and with only their own applicant", async () => {
      const me = await loggedInContact('logged.in@example.com')
      const before = await count(contacts)
      const answer = await send(enquiry({ email: 'logged.in@example.com', contact_applicant_id: 1 }), { cookie: me.cookie })
      expect(answer.statusCode).toBe(201)
      expect(answer.json<{ data: { contact: { contact_id: number } } }>().data.contact.contact_id).toBe(me.contact_id)
      expect(answer.headers['set-cookie']).toBeUndefined()
      expect(await count(contacts)).toBe(before)
      const [lead] = await t.database.db.select().from(leads).where(eq(leads.contact_id, me.contact_id))
      // Applicant 1 is nobody's here, certainly not this contact's.
      expect(lead!.contact_applicant_id).toBeNull()
      const [notice] = (await leadMailsOf(lead!.lead_id)).filter((m) => m.kind === 'lead_branch')
      expect(notice!.text).toContain('Sent by a logged-in contact.')
      // A logged-in contact is greeted by name and shown what was asked.
      const [ack] = (await leadMailsOf(lead!.lead_id)).filter((m) => m.kind === 'lead_acknowledgement')
      expect(ack!.text.startsWith('Hello Harriet,\n')).toBe(true)
      // The property as the catalogue has it, not as the page sent it.
      const [property] = await t.database.db.select().from(properties).where(eq(properties.property_profile_id, 1))
      expect(ack!.text).toContain(`Thank you for your enquiry about ${property!.is_locked ? 'Park Row, Leeds' : property!.display_address}.`)
      expect(ack!.text).toContain('Your message:\n> Could we see it on Friday morning?')
    })
  })

  describe('POST /potential_viewings', () => {
    function record(body: unknown, cookie?: string, origin = PUBLIC_URL) {
      return app.inject({ method: 'POST', url: '/api/potential_viewings', headers: { origin, ...(cookie ? { cookie } : {}) }, payload: body as object })
    }

    it('needs a session', async () => {
      const answer = await record({ property_profile_id: 1 })
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toEqual({ message: 'Please log in to continue.' })
    })

    it('records a property page once per contact, property and day', async () => {
      const me = await loggedInContact('viewer@example.com')
      const first = await record({ property_profile_id: 2 }, me.cookie)
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ data: { property_profile_id: 2, viewed_on: '2026-07-01' } })
      expect((await record({ property_profile_id: 2 }, me.cookie)).json()).toEqual(first.json())
      expect((await record({ property_profile_id: 3 }, me.cookie)).statusCode).toBe(200)
      const rows = await t.database.db.select().from(potentialViewings).where(eq(potentialViewings.contact_id, me.contact_id)).orderBy(potentialViewings.property_profile_id)
      expect(rows.map((r) => [r.property_profile_id, r.viewed_on])).toEqual([
        [2, '2026-07-01'],
        [3, '2026-07-01'],
      ])

      expect((await record({ property_profile_id: 999_999 }, me.cookie)).json()).toEqual({ message: 'Property not found' })
      expect((await record({ property_profile_id: 999_999 }, me.cookie)).statusCode).toBe(404)
      expect((await record({ property_profile_id: 'two' }, me.cookie)).statusCode).toBe(400)
      expect((await record({ property_profile_id: 2 }, me.cookie, 'https://elsewhere.example')).statusCode).toBe(403)
    })
  })
})
