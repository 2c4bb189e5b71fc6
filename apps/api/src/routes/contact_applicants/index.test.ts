import {
  ALERT_CONSENT_TEXT,
  ALERT_CONSENT_VERSION,
  APPLICANT_PROFILE,
  COMMUNICATION_METHOD,
  CONTACT_DETAILS_NEED_LOGIN,
  MESSAGES,
  toRadiusLabel,
  type ApplicantQuestion,
  type ApplicantView,
} from '@agency/domain'
import {
  consentEvents,
  applicantConfirmations,
  communicationInfos,
  contactApplicantContacts,
  contactApplicants,
  contactProfiles,
  contacts,
  idempotencyKeys,
  outbox,
  seedAlertReferenceData,
} from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '#app/auth/tokens.ts'
import { createTestClock, type TestClock } from '#app/routes/contacts/test-support.ts'
import { TEST_CRITERIA, extractToken, requestLink, logIn, toCookieHeader } from '#app/routes/contacts/test-support.ts'
import { createTestApi, PUBLIC_URL, type TestApi } from '#app/testing/api.ts'

const SAME_ORIGIN = { origin: PUBLIC_URL }
const PENDING_COOKIE = '__Host-pending_alert'
const CONFIRM_LINK = /https:\/\/agency\.example\/heads-up-alerts\/confirm\?token=([A-Za-z0-9_-]{43})/
const CONFIRMATION_INVALID = {
  message: 'This confirmation link is invalid or has expired.',
  errors: { token: ['This confirmation link is invalid or has expired.'] },
}
const NOT_FOUND = { message: 'Applicant not found' }
/** The captcha: any token but 'robot' is a solution; no token is none. */
const HUMAN_ONLY = { provider: 'fixed' as const, verify: async (token: string) => token !== '' && token !== 'robot' }
const CAPTCHA_FAILED = { message: 'Please confirm you are not a robot and try again.', errors: { recaptcha_token: ['Please confirm you are not a robot and try again.'] } }

const HARROGATE = { location: 'Harrogate', place_id: 'gb:town:harrogate', lat: 53.9921, lng: -1.5418, distance: 3 }

interface ContactInput {
  name?: string
  surname?: string
  email?: string | null
  phone?: string | null
}

function payloadContact(input: ContactInput = {}, mode: 'create' | 'update' = 'create') {
  const infos = [
    ...(input.email === null ? [] : [{ value: input.email ?? 'new.buyer@example.com', preferred: true, communication_method_id: 1 }]),
    ...(input.phone ? [{ value: input.phone, preferred: input.email === null, communication_method_id: 2 }] : []),
  ]
  return {
    salutation_id: 3,
    name: input.name ?? 'Daniel',
    surname: input.surname ?? 'Fletcher',
    communication_infos: infos,
    contact_addresses: [{ display_name: '12 Station Road, Harrogate HG1 1AB' }],
    subscription_types: [1],
    communication_info_delete: true,
    create_without_email: true,
    ...(mode === 'create' ? { contact_source_id: 35, contact_profiles: [3] } : {}),
  }
}

describe.each(testDatabaseKinds())('alert routes on %s', (kind) => {
  let t: TestApi
  let app: FastifyInstance
  let clock: TestClock
  let buyerQuestions: ApplicantQuestion[]
  let tenantQuestions: ApplicantQuestion[]

  /** Answers every question with options by its first option. */
  function answers(questions: ApplicantQuestion[]) {
    return questions
      .filter((q) => q.contact_question_options.length > 0)
      .map((q) => ({ contact_question_id: q.contact_question_id, answer: q.contact_question_options[0]!.contact_question_option_id }))
  }

  function payload(input: ContactInput = {}, mode: 'create' | 'update' = 'create', overrides: Record<string, unknown> = {}) {
    return {
      profile_id: 3,
      contacts: [payloadContact(input, mode)],
      property_criteria: { locations: [HARROGATE], min_price: 250_000, max_price: 450_000, min_bedroom: 3 },
      online_registration: true,
      contact_questions: answers(buyerQuestions),
      ...(mode === 'create' ? { unknown_user_branch: true } : {}),
      ...overrides,
    }
  }

  /** A registration, with a solved captcha unless the body says otherwise. */
  function create(body: unknown, headers: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: '/api/contact_applicants', headers: { ...SAME_ORIGIN, ...headers }, payload: { recaptcha_token: 'solved', ...(body as object) } })
  }

  async function outboxOf(kindOfMail: string) {
    return t.database.db.select().from(outbox).where(eq(outbox.kind, kindOfMail)).orderBy(outbox.id)
  }

  /** A confirmed contact with one buyer alert, logged in: its id, e-mail, alert and session cookie. */
  async function loggedInContact(email: string, name = 'Amelia') {
    const db = t.database.db
    const [contact] = await db.insert(contacts).values({ name, surname: 'Hartley', contact_source_id: 35 }).returning()
    await db.insert(communicationInfos).values({ contact_id: contact!.contact_id, communication_method_id: 1, value: email, preferred: true })
    await db.insert(contactProfiles).values({ contact_id: contact!.contact_id, profile_id: 3 })
    const [alert] = await db
      .insert(contactApplicants)
      .values({ applicant_key: createToken(), contact_id: contact!.contact_id, profile_id: 3, criteria: TEST_CRITERIA })
      .returning()
    expect((await requestLink(app, email)).statusCode).toBe(202)
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.kind, 'magic_link'), eq(outbox.to, email)))
    const login = await logIn(app, extractToken(mail!.text))
    expect(login.statusCode).toBe(200)
    // Asking for the login link gave the alert a new key: the one it has now.
    const [keyed] = await db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, alert!.contact_applicant_id))
    expect(keyed!.applicant_key).not.toBe(alert!.applicant_key)
    return { contact_id: contact!.contact_id, email, alert: keyed!, cookie: toCookieHeader(login.headers['set-cookie']) }
  }

  async function me(cookie: string) {
    const answer = await app.inject({ method: 'GET', url: '/api/contacts/me', headers: { cookie } })
    return answer.json<{ data: { contact_id: number; active_contact_applicant_id: number | null } }>().data
  }

  function confirmationToken(text: string): string {
    const token = CONFIRM_LINK.exec(text)?.[1]
    if (!token) throw new Error(`no confirmation link in:\n${text}`)
    return token
  }

  function confirm(token: string) {
    return app.inject({ method: 'POST', url: '/api/contact_applicants/confirmations', headers: SAME_ORIGIN, payload: { token } })
  }

  beforeAll(async () => {
    clock = createTestClock()
    t = await createTestApi(kind, {
      accounts: {
        captcha: HUMAN_ONLY,
        magicLinkMinResponseMs: 0,
        magicLinkLimits: { perEmail: { limit: 5, windowMs: 3_600_000 }, perIp: { limit: 1000, windowMs: 3_600_000 } },
        now: clock.now,
      },
      alertLimits: { perIp: { limit: 1000, windowMs: 3_600_000 }, perEmail: { limit: 1000, windowMs: 3_600_000 } },
    })
    app = t.app
    await seedAlertReferenceData(t.database.db)
    buyerQuestions = (await app.inject({ url: '/api/contact_questions/buyer' })).json<{ data: ApplicantQuestion[] }>().data
    tenantQuestions = (await app.inject({ url: '/api/contact_questions/tenant' })).json<{ data: ApplicantQuestion[] }>().data
  })
  afterAll(async () => {
    await t?.close()
  })

  describe('reference data', () => {
    it('lists the buyer and tenant questions with their options, in order', () => {
      expect(buyerQuestions.map((q) => q.question_key)).toEqual([
        'buying_position',
        'property_to_sell',
        'mortgage_in_principle',
        'moving_timescale',
        'buyer_notes',
      ])
      expect(buyerQuestions[2]).toMatchObject({
        question: 'Do you have a mortgage in principle?',
        is_required: true,
        contact_question_options: [{ label: 'Yes' }, { label: 'No, but I would like advice' }, { label: 'No, I am a cash buyer' }],
      })
      expect(tenantQuestions.map((q) => q.question_key)).toEqual(['move_in_date', 'pets', 'smoker', 'employment', 'guarantor', 'household', 'tenant_notes'])
    })

    it('refuses a question type other than buyer or tenant', async () => {
      const answer = await app.inject({ url: '/api/contact_questions/vendor' })
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ message: 'The given data was invalid.', errors: { type: expect.any(Array) } })
    })

    it('lists the subscription types', async () => {
      const answer = await app.inject({ url: '/api/subscription_types' })
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({
        data: [
          { subscription_type_id: 1, name: 'Property alerts and news' },
          { subscription_type_id: 2, name: 'Price reductions' },
          { subscription_type_id: 3, name: 'Valuation offers and market updates' },
        ],
      })
    })
  })

  describe('validation', () => {
    it('answers 422 with every SPEC §5 message, in SPEC order', async () => {
      const body = payload({ name: ' ' }, 'create', {
        property_criteria: { locations: [], min_price: 0, max_price: 0 },
        contact_questions: [],
      })
      const answer = await create(body)
      expect(answer.statusCode).toBe(422)
      expect(answer.json()).toEqual({
        message: 'Name is required',
        errors: {
          contacts: ['Name is required'],
          'property_criteria.locations': ['The location field is required.'],
          'property_criteria.min_price': ['The min price field is required.'],
          'property_criteria.max_price': ['The max price field is required.'],
          contact_questions: [
            '"What is your buying position?" question is required.',
            '"Do you have a property to sell?" question is required.',
            '"Do you have a mortgage in principle?" question is required.',
            '"When are you hoping to move?" question is required.',
          ],
        },
      })
      // The order itself, which toEqual does not compare: SPEC §5 alert submit's.
      expect(Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
        'contacts',
        'property_criteria.locations',
        'property_criteria.min_price',
        'property_criteria.max_price',
        'contact_questions',
      ])
      expect(await t.database.db.select().from(contacts).where(eq(contacts.name, ' '))).toEqual([])
    })

    it('answers the first broken SPEC §5 submit rule, one after another as each is put right', async () => {
      const criteria = payload({}, 'create').property_criteria
      const steps: Array<[Record<string, unknown>, string]> = [
        [{ contacts: [], property_criteria: { ...criteria, locations: [], min_price: 0, max_price: 0 } }, 'You must add a contact at least.'],
        [{ property_criteria: { ...criteria, locations: [], min_price: 0, max_price: 0 } }, 'The location field is required.'],
        [{ property_criteria: { ...criteria, min_price: 0, max_price: 0 } }, 'The min price field is required.'],
        [{ property_criteria: { ...criteria, max_price: 0 } }, 'The max price field is required.'],
        [{ contact_questions: [] }, '"What is your buying position?" question is required.'],
      ]
      for (const [overrides, message] of steps) {
        const answer = await create(payload({}, 'create', overrides))
        expect(answer.statusCode).toBe(422)
        expect(answer.json<{ message: string }>().message).toBe(message)
      }
    })

    it.each([
      ['no contact', { contacts: [] }, 'You must add a contact at least.'],
      ['no e-mail or phone', { contacts: [{ ...payloadContact({ email: null }), communication_infos: [] }] }, 'Missing communication info'],
      ['a bad e-mail', { contacts: [payloadContact({ email: 'not-an-email' })] }, 'Please enter a valid email address.'],
      ['a bad mobile phone', { contacts: [payloadContact({ email: null, phone: '12345' })] }, 'Please enter a valid mobile phone number.'],
      ['no address', { contacts: [{ ...payloadContact(), contact_addresses: [] }] }, 'Please enter an address.'],
      ['no consent', { contacts: [{ ...payloadContact(), subscription_types: [] }] }, 'Please confirm subscription.'],
    ])('refuses %s with its message first', async (_case, overrides, message) => {
      const answer = await create(payload({}, 'create', overrides))
      expect(answer.statusCode).toBe(422)
      expect(answer.json<{ message: string }>().message).toBe(message)
    })

    it('refuses an answer that is not an option of its question', async () => {
      const body = payload({}, 'create', { contact_questions: [...answers(buyerQuestions).slice(1), { contact_question_id: buyerQuestions[0]!.contact_question_id, answer: 999_999 }] })
      const answer = await create(body)
      expect(answer.statusCode).toBe(422)
      expect(answer.json()).toEqual({ message: MESSAGES.ANSWER_INVALID, errors: { contact_questions: [MESSAGES.ANSWER_INVALID] } })
    })
  })

  describe('a visitor registering', () => {
    it('creates a pending contact and alert, e-mails the confirmation link and remembers the alert in a cookie only', async () => {
      const answer = await create(payload({ email: 'visitor.one@example.com' }))
      expect(answer.statusCode).toBe(201)
      const data = answer.json<{ data: ApplicantView }>().data
      expect(data).toMatchObject({
        profile_id: 3,
        contact_applicant_status_id: 1,
        is_confirmed: false,
        contacts: [{ name: 'Daniel', surname: 'Fletcher', contact_source_id: 35, avatar: 'male', subscription_types: [1], contact_profiles: [3] }],
        criteria: { min_price: 250_000, max_price: 450_000, min_bedroom: 3, locations: [HARROGATE] },
      })
      expect(data.applicant_key).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(data.question_answers).toHaveLength(answers(buyerQuestions).length)
      const cookies = [answer.headers['set-cookie']].flat()
      expect(cookies).toHaveLength(1)
      expect(cookies[0]).toMatch(/^__Host-pending_alert=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/)

      const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.contact_id, data.contacts[0]!.contact_id))
      expect(contact!.is_pending).toBe(true)
      const mails = (await outboxOf('alert_confirmation')).filter((m) => m.to === 'visitor.one@example.com')
      expect(mails).toHaveLength(1)
      expect(mails[0]!.subject).toBe('Please confirm your property alert with Hartwell & Co')
      expect(mails[0]!.text).toMatch(CONFIRM_LINK)
      expect(mails[0]!.html).toMatch(CONFIRM_LINK)
      // Greeted by name, it says which alert it confirms, as the alert's card words it.
      expect(mails[0]!.text).toContain(
        `Hello Daniel,\n\nThank you for registering a Heads Up Property Alert for buying. Please confirm it to start receiving suggested properties and price reductions.\n\nYour alert\nBuying: ${HARROGATE.location}\n${HARROGATE.location} (${toRadiusLabel(HARROGATE.distance)})\n£250,000 - £450,000\nMin 3 - No Max Beds\nNo Min - No Max Baths\nNo Min - No Max Reception\n`,
      )

      const pending = await app.inject({ url: '/api/contact_applicants/pending', headers: { cookie: toCookieHeader(cookies.map(String)) } })
      expect(pending.json()).toEqual({ data: { contact_applicant_id: data.contact_applicant_id, profile_id: 3 } })
      expect((await app.inject({ url: '/api/contact_applicants/pending' })).json()).toEqual({ data: null })
    })

    it('never reads, changes or reveals an existing contact with the same e-mail, and gets no session of it', async () => {
      const owner = await loggedInContact('amelia.owner@example.com')
      const before = await t.database.db.select().from(contacts).where(eq(contacts.contact_id, owner.contact_id))
      const known = await create(payload({ email: 'AMELIA.OWNER@example.com', name: 'Mallory' }))
      const unknown = await create(payload({ email: 'nobody.here@example.com', name: 'Mallory' }))
      expect(known.statusCode).toBe(201)
      expect(unknown.statusCode).toBe(201)

      const knownData = known.json<{ data: ApplicantView }>().data
      const unknownData = unknown.json<{ data: ApplicantView }>().data
      // The same answer, but for the e-mail typed and the new ids.
      const strip = (d: ApplicantView) => ({ ...d, contact_applicant_id: 0, applicant_key: '', created_at: '', contacts: d.contacts.map((c) => ({ ...c, contact_id: 0, communication_infos: [], contact_addresses: c.contact_addresses.map((a) => ({ ...a, contact_address_id: 0 })) })) })
      expect(strip(knownData)).toEqual(strip(unknownData))
      expect(knownData.contacts[0]!.contact_id).not.toBe(owner.contact_id)
      expect(knownData.contacts[0]!.communication_infos).toEqual([{ value: 'AMELIA.OWNER@example.com', preferred: true, communication_method_id: 1 }])

      // No session cookie: only the pending alert's.
      expect([known.headers['set-cookie']].flat().every((c) => String(c).startsWith(`${PENDING_COOKIE}=`))).toBe(true)
      // The existing contact is untouched and still alone with its alert.
      expect(await t.database.db.select().from(contacts).where(eq(contacts.contact_id, owner.contact_id))).toEqual(before)
      const owned = await app.inject({ url: `/api/contact_applicants/applicants_of_contact/${owner.contact_id}`, headers: { cookie: owner.cookie } })
      expect(owned.json<{ data: ApplicantView[] }>().data.map((a) => a.contact_applicant_id)).toEqual([owner.alert.contact_applicant_id])
      // The visitor's key opens only the visitor's own alert, and without its people.
      const byKey = await app.inject({ url: `/api/contact_applicants/u/${knownData.applicant_key}` })
      expect(byKey.json<{ data: ApplicantView }>().data).toMatchObject({ contact_applicant_id: knownData.contact_applicant_id, contacts: [], contacts_withheld: true })
      // A login link for the address still goes to the existing contact only.
      const emails = await t.database.db
        .select()
        .from(communicationInfos)
        .where(sql`lower(${communicationInfos.value}) = 'amelia.owner@example.com'`)
      expect(emails.map((e) => [e.contact_id, e.is_pending])).toEqual([
        [owner.contact_id, false],
        [knownData.contacts[0]!.contact_id, true],
      ])
    })

    it('confirming merges the pending contact into the existing one and logs the visitor in as it', async () => {
      const owner = await loggedInContact('merge.owner@example.com', 'Grace')
      const created = await create(payload({ email: 'Merge.Owner@example.com', name: 'Gracie', phone: '07400 654321' }, 'create', { profile_id: 5, contact_questions: answers(tenantQuestions) }))
      const data = created.json<{ data: ApplicantView }>().data
      const pendingContactId = data.contacts[0]!.contact_id
      const mail = (await outboxOf('alert_confirmation')).find((m) => m.to === 'Merge.Owner@example.com')!
      const branchMailsBefore = (await outboxOf('alert_branch')).length

      const answer = await confirm(confirmationToken(mail.text))
      expect(answer.statusCode).toBe(200)
      const confirmed = answer.json<{ data: { contact_id: number; contact_applicant_id: number; applicant_key: string; redirect_to: string } }>().data
      expect(confirmed).toMatchObject({ contact_id: owner.contact_id, contact_applicant_id: data.contact_applicant_id, redirect_to: '/properties' })
      expect(confirmed.applicant_key).not.toBe(data.applicant_key)
      const cookies = [answer.headers['set-cookie']].flat().map(String)
      expect(cookies.some((c) => c.startsWith('__Host-session='))).toBe(true)
      expect(cookies.some((c) => c.startsWith(`${PENDING_COOKIE}=;`))).toBe(true)

      const session = toCookieHeader(cookies.filter((c) => c.startsWith('__Host-session=')))
      expect(await me(session)).toMatchObject({ contact_id: owner.contact_id, active_contact_applicant_id: data.contact_applicant_id })
      // The existing contact keeps its name; it gains the tenant profile; the pending contact is gone.
      const [kept] = await t.database.db.select().from(contacts).where(eq(contacts.contact_id, owner.contact_id))
      expect(kept!.name).toBe('Grace')
      const keptInfos = await t.database.db.select().from(communicationInfos).where(eq(communicationInfos.contact_id, owner.contact_id))
      expect(keptInfos.map((i) => [i.communication_method_id, i.value, i.is_pending])).toEqual([
        [1, 'merge.owner@example.com', false],
        [2, '07400 654321', false],
      ])
      expect(await t.database.db.select().from(contacts).where(eq(contacts.contact_id, pendingContactId))).toEqual([])
      const profiles = await t.database.db.select().from(contactProfiles).where(eq(contactProfiles.contact_id, owner.contact_id))
      expect(profiles.map((p) => p.profile_id).sort()).toEqual([3, 5])
      // The key seen before confirmation opens nothing any more; the new one does.
      expect((await app.inject({ url: `/api/contact_applicants/u/${data.applicant_key}` })).statusCode).toBe(404)
      expect((await app.inject({ url: `/api/contact_applicants/u/${confirmed.applicant_key}` })).json<{ data: ApplicantView }>().data).toMatchObject({
        is_confirmed: true,
        contacts: [],
        contacts_withheld: true,
      })
      expect((await app.inject({ url: `/api/contact_applicants/u/${confirmed.applicant_key}`, headers: { cookie: session } })).json<{ data: ApplicantView }>().data).toMatchObject({
        is_confirmed: true,
        contacts: [{ contact_id: owner.contact_id, name: 'Grace' }],
        contacts_withheld: false,
      })
      // The branch nearest Harrogate is told, once.
      const branchMails = await outboxOf('alert_branch')
      expect(branchMails).toHaveLength(branchMailsBefore + 1)
      expect(branchMails.at(-1)).toMatchObject({ to: 'harrogate@agency.example', subject: 'New tenant alert registration: Grace Hartley' })

      // Single use.
      const again = await confirm(confirmationToken(mail.text))
      expect(again.statusCode).toBe(400)
      expect(again.json()).toEqual(CONFIRMATION_INVALID)
    })

    it('confirming without an existing contact makes the pending contact a real one that can log in', async () => {
      const created = await create(payload({ email: 'fresh.face@example.com' }))
      const data = created.json<{ data: ApplicantView }>().data
      const mail = (await outboxOf('alert_confirmation')).find((m) => m.to === 'fresh.face@example.com')!
      const answer = await confirm(confirmationToken(mail.text))
      expect(answer.json<{ data: { contact_id: number } }>().data.contact_id).toBe(data.contacts[0]!.contact_id)
      const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.contact_id, data.contacts[0]!.contact_id))
      expect(contact!.is_pending).toBe(false)
      const infos = await t.database.db.select().from(communicationInfos).where(eq(communicationInfos.contact_id, contact!.contact_id))
      expect(infos.map((i) => i.is_pending)).toEqual([false])
      // The consent evidence: given on the form (its words and version), confirmed by the e-mailed link.
      const consent = await t.database.db.select().from(consentEvents).where(eq(consentEvents.contact_applicant_id, data.contact_applicant_id))
      expect(consent.map((c) => [c.action, c.method, c.email, c.consent_text, c.consent_version])).toEqual([
        ['consent_given', 'alert_form', 'fresh.face@example.com', ALERT_CONSENT_TEXT, ALERT_CONSENT_VERSION],
        ['consent_confirmed', 'double_opt_in', 'fresh.face@example.com', ALERT_CONSENT_TEXT, ALERT_CONSENT_VERSION],
      ])
      expect((await requestLink(app, 'fresh.face@example.com')).statusCode).toBe(202)
      expect((await outboxOf('magic_link')).some((m) => m.to === 'fresh.face@example.com')).toBe(true)
    })

    it('confirming two registrations of one new address at once leaves one contact holding both alerts', async () => {
      await create(payload({ email: 'twice.new@example.com' }))
      await create(payload({ email: 'Twice.New@example.com' }))
      const mails = (await outboxOf('alert_confirmation')).filter((m) => m.to.toLowerCase() === 'twice.new@example.com')
      expect(mails).toHaveLength(2)
      const answers = await Promise.all(mails.map((m) => confirm(confirmationToken(m.text))))
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
      const ids = answers.map((a) => a.json<{ data: { contact_id: number } }>().data.contact_id)
      expect(ids[0]).toBe(ids[1])
      const emails = await t.database.db.select().from(communicationInfos).where(sql`lower(${communicationInfos.value}) = 'twice.new@example.com'`)
      expect(emails.map((e) => [e.contact_id, e.is_pending])).toEqual([[ids[0], false]])
      expect(await t.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_id, ids[0]!))).toHaveLength(2)
    })

    it('takes a confirmation link opened days later, refuses it after 7 days, and refuses a made-up one', async () => {
      const DAY = 24 * 60 * 60_000
      const linkOf = async (email: string) => {
        await create(payload({ email }))
        return confirmationToken((await outboxOf('alert_confirmation')).find((m) => m.to === email)!.text)
      }
      const late = await linkOf('late.reader@example.com')
      const [stored] = await t.database.db.select().from(applicantConfirmations).orderBy(sql`${applicantConfirmations.applicant_confirmation_id} desc`).limit(1)
      expect(stored!.expires_at.getTime() - stored!.created_at.getTime()).toBe(7 * DAY)
      expect(stored!.token_hash).not.toContain(late)
      const tooLate = await linkOf('slow.reader@example.com')
      clock.advance(3 * DAY)
      try {
        expect((await confirm(late)).statusCode).toBe(200)
        clock.advance(4 * DAY + 1_000)
        expect((await confirm(tooLate)).json()).toEqual(CONFIRMATION_INVALID)
        expect((await confirm(createToken())).statusCode).toBe(400)
        expect((await confirm('short')).statusCode).toBe(400)
      } finally {
        clock.advance(-(7 * DAY + 1_000))
      }
    })

    it('keeps phone-only registrations for the agency: no e-mail to the visitor, and one digest for the branch per 15 minutes', async () => {
      const db = t.database.db
      const digests = () => db.select().from(outbox).where(eq(outbox.kind, 'alert_branch_digest')).orderBy(outbox.id)
      const before = await db.select({ n: sql<number>`count(*)::int` }).from(outbox)
      const digestsBefore = (await digests()).length
      // Thirteen in a few seconds, as a script would send them.
      const names = Array.from({ length: 13 }, (_, i) => `Caller${String.fromCharCode(65 + i)}`)
      for (const name of names) {
        const answer = await create(payload({ email: null, phone: '07400 123456', name }))
        expect(answer.statusCode).toBe(201)
        clock.advance(300)
      }
      const added = (await db.select().from(outbox).orderBy(outbox.id)).slice(before[0]!.n)
      // One e-mail, to the branch, held for the window; none to the visitors, none per registration.
      expect(added.map((m) => [m.kind, m.to])).toEqual([['alert_branch_digest', 'harrogate@agency.example']])
      const [digest] = added
      expect(digest!.locked_until!.getTime() - digest!.created_at.getTime()).toBe(15 * 60_000)
      expect(digest!.subject).toBe('New alert registrations to call: 13 phone numbers')
      for (const name of names) expect(digest!.text).toContain(`${name} Fletcher (buyer), registered `)
      expect(digest!.text.split('No e-mail address: please call to confirm.')).toHaveLength(14)
      expect(digest!.html.split('<h2 ')).toHaveLength(14)
      expect(digest!.html.split('href="tel:+447400123456"')).toHaveLength(14)

      // Once the digest has gone, the next registration starts the next one.
      await db.update(outbox).set({ sent_at: clock.now(), attempts: 1 }).where(eq(outbox.id, digest!.id))
      expect((await create(payload({ email: null, phone: '07400 123457', name: 'Later' }))).statusCode).toBe(201)
      const after = await digests()
      expect(after).toHaveLength(digestsBefore + 2)
      expect(after.at(-1)!.subject).toBe('New alert registration to call: 1 phone number')
      expect(after.at(-1)!.text).toContain('Later Fletcher (buyer), registered ')
      expect(after.at(-1)!.text).not.toContain('CallerA')
      clock.advance(-13 * 300)
    })

    it('answers a retry with the same Idempotency-Key with the first answer and creates nothing new', async () => {
      const body = payload({ email: 'retry.visitor@example.com' })
      const first = await create(body, { 'idempotency-key': 'visitor-key-1' })
      const second = await create(body, { 'idempotency-key': 'visitor-key-1' })
      expect(first.statusCode).toBe(201)
      expect(second.statusCode).toBe(201)
      expect(second.json()).toEqual(first.json())
      expect(String([second.headers['set-cookie']].flat()[0])).toMatch(/^__Host-pending_alert=/)
      const rows = await t.database.db.select().from(communicationInfos).where(eq(communicationInfos.value, 'retry.visitor@example.com'))
      expect(rows).toHaveLength(1)
      expect((await outboxOf('alert_confirmation')).filter((m) => m.to === 'retry.visitor@example.com')).toHaveLength(1)

      const other = await create({ ...body, profile_id: 5, contact_questions: answers(tenantQuestions) }, { 'idempotency-key': 'visitor-key-1' })
      expect(other.statusCode).toBe(409)
      expect(other.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request.' })
      expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.idempotency_key, 'visitor-key-1'))).toHaveLength(1)
    })

    it('creates one alert for two simultaneous requests with the same Idempotency-Key', async () => {
      const body = payload({ email: 'twin.request@example.com' })
      const [a, b] = await Promise.all([create(body, { 'idempotency-key': 'twin-key' }), create(body, { 'idempotency-key': 'twin-key' })])
      expect([a.statusCode, b.statusCode]).toEqual([201, 201])
      expect(b.json()).toEqual(a.json())
      const rows = await t.database.db.select().from(communicationInfos).where(eq(communicationInfos.value, 'twin.request@example.com'))
      expect(rows).toHaveLength(1)
      expect((await outboxOf('alert_confirmation')).filter((m) => m.to === 'twin.request@example.com')).toHaveLength(1)
    })

    it('sends at most the per-address limit of confirmation e-mails and refuses an IP address over its limit', async () => {
      const limited = await createTestApi(kind, {
        alertLimits: { perIp: { limit: 3, windowMs: 3_600_000 }, perEmail: { limit: 2, windowMs: 3_600_000 } },
      })
      try {
        await seedAlertReferenceData(limited.database.db)
        const send = (ip: string) =>
          limited.app.inject({ method: 'POST', url: '/api/contact_applicants', headers: SAME_ORIGIN, remoteAddress: ip, payload: payload({ email: 'flooded@example.com' }) })
        const statuses = [await send('192.0.2.1'), await send('192.0.2.2'), await send('192.0.2.3')].map((a) => a.statusCode)
        expect(statuses).toEqual([201, 201, 201])
        const mails = await limited.database.db.select().from(outbox).where(eq(outbox.kind, 'alert_confirmation'))
        expect(mails).toHaveLength(2)

        for (let i = 0; i < 3; i++) expect((await send('192.0.2.9')).statusCode).toBe(201)
        const over = await send('192.0.2.9')
        expect(over.statusCode).toBe(429)
        expect(over.json()).toEqual({ message: 'Too many registrations. Please try again later.' })
      } finally {
        await limited.close()
      }
    })

    it('refuses a registration from another site', async () => {
      const answer = await app.inject({ method: 'POST', url: '/api/contact_applicants', headers: { origin: 'https://evil.example' }, payload: payload() })
      expect(answer.statusCode).toBe(403)
    })
  })

  describe('a logged-in contact registering', () => {
    it('confirms the alert at once, makes it active and tells the branch; the e-mail address is not changed', async () => {
      const owner = await loggedInContact('logged.in@example.com', 'Ruth')
      const branchMails = (await outboxOf('alert_branch')).length
      const answer = await create(payload({ email: 'someone.else@example.com', name: 'Ruth' }), { cookie: owner.cookie })
      expect(answer.statusCode).toBe(201)
      const data = answer.json<{ data: ApplicantView }>().data
      expect(data).toMatchObject({ is_confirmed: true, contacts: [{ contact_id: owner.contact_id, communication_infos: [{ value: 'logged.in@example.com' }] }] })
      expect(await me(owner.cookie)).toMatchObject({ active_contact_applicant_id: data.contact_applicant_id })
      expect((await outboxOf('alert_branch')).length).toBe(branchMails + 1)
      expect((await outboxOf('alert_confirmation')).some((m) => m.to === 'someone.else@example.com')).toBe(false)
      expect(answer.headers['set-cookie']).toBeUndefined()
      const consent = await t.database.db.select().from(consentEvents).where(eq(consentEvents.contact_applicant_id, data.contact_applicant_id))
      expect(consent.map((c) => [c.action, c.method, c.email])).toEqual([
        ['consent_given', 'logged_in', 'logged.in@example.com'],
        ['consent_confirmed', 'logged_in', 'logged.in@example.com'],
      ])

      const retry = await create(payload({ email: 'someone.else@example.com', name: 'Ruth' }), { cookie: owner.cookie, 'idempotency-key': 'k' })
      const again = await create(payload({ email: 'someone.else@example.com', name: 'Ruth' }), { cookie: owner.cookie, 'idempotency-key': 'k' })
      expect(again.json()).toEqual(retry.json())
      const list = await app.inject({ url: `/api/contact_applicants/applicants_of_contact/${owner.contact_id}?__order_by=-created_at`, headers: { cookie: owner.cookie } })
      expect(list.json<{ data: ApplicantView[] }>().data).toHaveLength(3)
    })
  })

  describe('reading alerts', () => {
    it('lists only the session contact’s own alerts, newest first; 401 for a visitor and 404 for another contact', async () => {
      const a = await loggedInContact('lister.a@example.com')
      const b = await loggedInContact('lister.b@example.com')
      clock.advance(60_000)
      const newer = (await create(payload({ email: 'lister.a@example.com' }), { cookie: a.cookie })).json<{ data: ApplicantView }>().data
      clock.advance(-60_000)
      const own = await app.inject({ url: `/api/contact_applicants/applicants_of_contact/${a.contact_id}`, headers: { cookie: a.cookie } })
      expect(own.statusCode).toBe(200)
      expect(own.json<{ data: ApplicantView[] }>().data.map((x) => x.contact_applicant_id)).toEqual([newer.contact_applicant_id, a.alert.contact_applicant_id])
      const other = await app.inject({ url: `/api/contact_applicants/applicants_of_contact/${a.contact_id}`, headers: { cookie: b.cookie } })
      expect(other.statusCode).toBe(404)
      const visitor = await app.inject({ url: `/api/contact_applicants/applicants_of_contact/${a.contact_id}` })
      expect(visitor.statusCode).toBe(401)
      expect(visitor.json()).toEqual({ message: 'Please log in to continue.' })
    })

    it('answers an alert by its key, its people only to the owner’s session, and 404 for an unknown key', async () => {
      const a = await loggedInContact('by.key@example.com')
      const answer = await app.inject({ url: `/api/contact_applicants/u/${a.alert.applicant_key}` })
      expect(answer.statusCode).toBe(200)
      const keyed = answer.json<{ data: ApplicantView }>().data
      expect(keyed).toMatchObject({ contact_applicant_id: a.alert.contact_applicant_id, applicant_key: a.alert.applicant_key, contacts: [], contacts_withheld: true })
      // No name, e-mail, phone or address anywhere in the answer.
      expect(answer.body).not.toContain('by.key@example.com')
      expect(answer.body).not.toContain('Hartley')
      const owned = await app.inject({ url: `/api/contact_applicants/u/${a.alert.applicant_key}`, headers: { cookie: a.cookie } })
      expect(owned.json<{ data: ApplicantView }>().data).toMatchObject({ contacts: [{ contact_id: a.contact_id, surname: 'Hartley' }], contacts_withheld: false })
      const unknown = await app.inject({ url: `/api/contact_applicants/u/${createToken()}` })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual(NOT_FOUND)
      expect((await app.inject({ url: '/api/contact_applicants/u/1' })).json()).toEqual(NOT_FOUND)
    })
  })

  describe('updating an alert', () => {
    function patch(id: number, body: unknown, headers: Record<string, string> = {}) {
      return app.inject({ method: 'PATCH', url: `/api/contact_applicants/${id}`, headers: { ...SAME_ORIGIN, ...headers }, payload: body as object })
    }

    it('lets the owner’s session and the key holder update it, and answers 404 to anyone else', async () => {
      const owner = await loggedInContact('updater@example.com', 'Hannah')
      const stranger = await loggedInContact('stranger@example.com')
      const id = owner.alert.contact_applicant_id
      const body = payload({ email: 'updater@example.com', name: 'Hannah' }, 'update', { property_criteria: { locations: [HARROGATE], min_price: 300_000, max_price: 500_000 } })

      const bySession = await patch(id, body, { cookie: owner.cookie })
      expect(bySession.statusCode).toBe(200)
      expect(bySession.json<{ data: ApplicantView }>().data.criteria).toMatchObject({ min_price: 300_000, max_price: 500_000 })

      // The key changes the criteria, never the people: a payload with contacts is refused and changes nothing.
      const withContacts = await patch(id, { ...body, property_criteria: { locations: [HARROGATE], min_price: 325_000, max_price: 500_000 } }, { 'x-applicant-key': owner.alert.applicant_key })
      expect(withContacts.statusCode).toBe(403)
      expect(withContacts.json()).toEqual({ message: CONTACT_DETAILS_NEED_LOGIN, errors: { contacts: [CONTACT_DETAILS_NEED_LOGIN] } })
      const { contacts: _contacts, ...criteriaOnly } = body
      const byKey = await patch(id, { ...criteriaOnly, recaptcha_token: 'solved', property_criteria: { locations: [HARROGATE], min_price: 325_000, max_price: 500_000 } }, { 'x-applicant-key': owner.alert.applicant_key })
      expect(byKey.statusCode).toBe(200)
      expect(byKey.json<{ data: ApplicantView }>().data).toMatchObject({ contacts: [], contacts_withheld: true, criteria: { min_price: 325_000 } })

      const others: Array<Record<string, string>> = [{ cookie: stranger.cookie }, {}, { 'x-applicant-key': createToken() }, { 'x-applicant-key': stranger.alert.applicant_key }]
      for (const headers of others) {
        const refused = await patch(id, body, headers)
        expect(refused.statusCode).toBe(404)
        expect(refused.json()).toEqual(NOT_FOUND)
      }
      expect((await patch(999_999, body, { cookie: owner.cookie })).statusCode).toBe(404)
      const [row] = await t.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id))
      expect(row!.criteria.min_price).toBe(325_000)
    })

    it('answers 422 with SPEC §5 messages for the owner', async () => {
      const owner = await loggedInContact('bad.update@example.com')
      const answer = await patch(owner.alert.contact_applicant_id, payload({}, 'update', { property_criteria: { locations: [HARROGATE], min_price: 0, max_price: 500_000 } }), { cookie: owner.cookie })
      expect(answer.statusCode).toBe(422)
      expect(answer.json()).toEqual({ message: 'The min price field is required.', errors: { 'property_criteria.min_price': ['The min price field is required.'] } })
    })
  })

  describe('how often an alert is mailed (alert_frequency)', () => {
    function patch(id: number, body: unknown, headers: Record<string, string> = {}) {
      return app.inject({ method: 'PATCH', url: `/api/contact_applicants/${id}`, headers: { ...SAME_ORIGIN, ...headers }, payload: body as object })
    }
    async function storedFrequency(id: number) {
      const [row] = await t.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id))
      return row!.alert_frequency
    }

    it('stores the frequency a registration chooses, instant without one, and answers it', async () => {
      const daily = await create(payload({ email: 'daily.visitor@example.com' }, 'create', { alert_frequency: 'daily' }))
      expect(daily.statusCode).toBe(201)
      const dailyView = daily.json<{ data: ApplicantView }>().data
      expect(dailyView.alert_frequency).toBe('daily')
      expect(await storedFrequency(dailyView.contact_applicant_id)).toBe('daily')
      const plain = await create(payload({ email: 'plain.visitor@example.com' }))
      expect(plain.json<{ data: ApplicantView }>().data.alert_frequency).toBe('instant')
      expect(await storedFrequency(plain.json<{ data: ApplicantView }>().data.contact_applicant_id)).toBe('instant')
      const bad = await create(payload({ email: 'hourly.visitor@example.com' }, 'create', { alert_frequency: 'hourly' }))
      expect(bad.statusCode).toBe(422)
      expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['alert_frequency'])
    })

    it('changes it on update, keeps it when an update leaves it out, and answers it by key', async () => {
      const owner = await loggedInContact('frequency@example.com', 'Freya')
      const id = owner.alert.contact_applicant_id
      const body = payload({ email: 'frequency@example.com', name: 'Freya' }, 'update')
      expect((await patch(id, { ...body, alert_frequency: 'weekly' }, { cookie: owner.cookie })).json<{ data: ApplicantView }>().data.alert_frequency).toBe('weekly')
      expect(await storedFrequency(id)).toBe('weekly')
      expect((await patch(id, body, { cookie: owner.cookie })).statusCode).toBe(200)
      expect(await storedFrequency(id)).toBe('weekly')
      const byKey = await app.inject({ method: 'GET', url: `/api/contact_applicants/u/${owner.alert.applicant_key}` })
      expect(byKey.json<{ data: ApplicantView }>().data.alert_frequency).toBe('weekly')
    })
  })

  describe('an alert with several people (SPEC §3 contacts)', () => {
    function patch(id: number, body: unknown, headers: Record<string, string> = {}) {
      return app.inject({ method: 'PATCH', url: `/api/contact_applicants/${id}`, headers: { ...SAME_ORIGIN, ...headers }, payload: body as object })
    }
    async function contactRow(id: number) {
      const [row] = await t.database.db.select().from(contacts).where(eq(contacts.contact_id, id))
      return row
    }

    it('keeps every person of a registration, each a new pending contact, and e-mails the first only', async () => {
      const existing = await loggedInContact('known.partner@example.com', 'Priya')
      const body = payload({ email: 'first.person@example.com' }, 'create', {
        contacts: [
          payloadContact({ email: 'first.person@example.com' }),
          payloadContact({ name: 'Priya', surname: 'Fletcher', email: 'known.partner@example.com' }),
          payloadContact({ name: 'Sam', surname: 'Fletcher', email: null, phone: '07700 900555' }),
        ],
        kickback_log_id: 4412,
      })
      const answer = await create(body)
      expect(answer.statusCode).toBe(201)
      const data = answer.json<{ data: ApplicantView }>().data
      expect(data.contacts.map((c) => `${c.name} ${c.surname}`)).toEqual(['Daniel Fletcher', 'Priya Fletcher', 'Sam Fletcher'])
      const ids = data.contacts.map((c) => c.contact_id)
      expect(new Set(ids).size).toBe(3)
      expect(ids).not.toContain(existing.contact_id)
      for (const id of ids) expect((await contactRow(id))!.is_pending).toBe(true)
      expect(data.contacts[2]!.communication_infos).toEqual([{ value: '07700 900555', preferred: true, communication_method_id: 2 }])

      // The existing contact with the partner's address is neither read nor changed.
      expect((await contactRow(existing.contact_id))!.name).toBe('Priya')
      expect((await contactRow(existing.contact_id))!.surname).toBe('Hartley')
      const confirmations = await outboxOf('alert_confirmation')
      expect(confirmations.filter((m) => m.to === 'first.person@example.com')).toHaveLength(1)
      expect(confirmations.filter((m) => m.to === 'known.partner@example.com')).toHaveLength(0)
      const confirmed = await confirm(confirmationToken(confirmations.find((m) => m.to === 'first.person@example.com')!.text))
      expect(confirmed.statusCode).toBe(200)
      const branchMail = (await outboxOf('alert_branch')).at(-1)!
      expect(branchMail.text).toContain('Also on this alert: Priya Fletcher (known.partner@example.com)')
      expect(branchMail.text).toContain('Also on this alert: Sam Fletcher (07700 900555)')
      // It leads with their circumstances as answered (buying position, mortgage in principle, timescale),
      // then the criteria as chosen, with the radius chosen for each place.
      const lead = [
        `Daniel Fletcher (buyer), registered `,
        'What is your buying position? First-time buyer',
        'Do you have a mortgage in principle? Yes',
        'When are you hoping to move? As soon as possible',
        'Locations: Harrogate (3 miles)',
        'Price: £250,000 - £450,000',
        'Bedrooms: Min 3 - No Max Beds',
        'E-mail: first.person@example.com',
      ].map((line) => branchMail.text.indexOf(line))
      expect(lead.every((i) => i >= 0), branchMail.text).toBe(true)
      expect(lead, 'in this order').toEqual([...lead].sort((a, b) => a - b))
      expect(branchMail.html).toContain('href="mailto:first.person@example.com?subject=')

      const [row] = await t.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, data.contact_applicant_id))
      expect(row!.kickback_log_id).toBe(4412)
      const links = await t.database.db
        .select()
        .from(contactApplicantContacts)
        .where(eq(contactApplicantContacts.contact_applicant_id, data.contact_applicant_id))
        .orderBy(contactApplicantContacts.position)
      expect(links.map((l) => [l.contact_id, l.position])).toEqual([
        [ids[1], 1],
        [ids[2], 2],
      ])
    })

    it('updates the people it holds, adds new ones and deletes the dropped, never touching another contact', async () => {
      const owner = await loggedInContact('several.owner@example.com', 'Olivia')
      const stranger = await loggedInContact('several.stranger@example.com', 'Ruth')
      const id = owner.alert.contact_applicant_id
      const first = await patch(
        id,
        payload({}, 'update', {
          contacts: [
            { ...payloadContact({ email: 'several.owner@example.com', name: 'Olivia' }, 'update'), contact_id: owner.contact_id },
            payloadContact({ name: 'Tom', surname: 'Reid', email: 'tom.reid@example.com' }, 'update'),
            payloadContact({ name: 'Ivy', surname: 'Reid', email: null, phone: '07400 123456' }, 'update'),
          ],
        }),
        { cookie: owner.cookie },
      )
      expect(first.statusCode).toBe(200)
      const [, tom, ivy] = first.json<{ data: ApplicantView }>().data.contacts
      expect([tom!.name, ivy!.name]).toEqual(['Tom', 'Ivy'])

      // The owner moved to the end of the list (as the form does after an edit), Tom renamed and given a
      // new address, Ivy dropped, a stranger's contact id offered as a new person.
      const second = await patch(
        id,
        payload({}, 'update', {
          contacts: [
            { ...payloadContact({ name: 'Thomas', surname: 'Reid', email: 'thomas.reid@example.com' }, 'update'), contact_id: tom!.contact_id },
            { ...payloadContact({ name: 'Mallory', surname: 'Stone', email: 'mallory@example.com' }, 'update'), contact_id: stranger.contact_id },
            { ...payloadContact({ email: 'several.owner@example.com', name: 'Olivia' }, 'update'), contact_id: owner.contact_id },
          ],
        }),
        { cookie: owner.cookie },
      )
      expect(second.statusCode).toBe(200)
      const people = second.json<{ data: ApplicantView }>().data.contacts
      expect(people.map((c) => c.name)).toEqual(['Olivia', 'Thomas', 'Mallory'])
      expect(people[0]!.contact_id).toBe(owner.contact_id)
      expect(people[1]!.contact_id).toBe(tom!.contact_id)
      expect(people[1]!.communication_infos).toEqual([{ value: 'thomas.reid@example.com', preferred: true, communication_method_id: 1 }])
      expect(people[2]!.contact_id).not.toBe(stranger.contact_id)
      expect(await contactRow(ivy!.contact_id)).toBeUndefined()
      const strangerNow = await contactRow(stranger.contact_id)
      expect([strangerNow!.name, strangerNow!.surname, strangerNow!.is_pending]).toEqual(['Ruth', 'Hartley', false])
      const strangerInfos = await t.database.db.select().from(communicationInfos).where(eq(communicationInfos.contact_id, stranger.contact_id))
      expect(strangerInfos.map((i) => i.value)).toEqual(['several.stranger@example.com'])
    })

    it('refuses more than four people with a clear message and stores nothing', async () => {
      const before = (await t.database.db.select().from(contactApplicants)).length
      const people = ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => payloadContact({ name, email: `${name.toLowerCase()}@example.com` }))
      const answer = await create(payload({}, 'create', { contacts: people }))
      expect(answer.statusCode).toBe(422)
      expect(answer.json()).toEqual({ message: 'An alert can hold at most 4 people.', errors: { contacts: ['An alert can hold at most 4 people.'] } })
      expect((await t.database.db.select().from(contactApplicants)).length).toBe(before)
    })
  })

  describe('switching alerts on and off (SPEC §4)', () => {
    function setStatus(id: number, status: number, headers: Record<string, string> = {}, contactApplicantId = id) {
      return app.inject({
        method: 'PATCH',
        url: `/api/contact_applicants/status/${id}`,
        headers: { ...SAME_ORIGIN, ...headers },
        payload: { status, contact_applicant_id: contactApplicantId },
      })
    }

    it('switching the active alert off makes the first ON alert of the same profile active; re-enabling one makes it active', async () => {
      const owner = await loggedInContact('switcher@example.com')
      const first = owner.alert.contact_applicant_id
      clock.advance(60_000)
      const second = (await create(payload({ email: 'switcher@example.com' }), { cookie: owner.cookie })).json<{ data: ApplicantView }>().data.contact_applicant_id
      clock.advance(60_000)
      const tenant = (await create(payload({ email: 'switcher@example.com' }, 'create', { profile_id: 5, contact_questions: answers(tenantQuestions) }), { cookie: owner.cookie })).json<{ data: ApplicantView }>().data.contact_applicant_id
      clock.advance(-120_000)
      expect((await me(owner.cookie)).active_contact_applicant_id).toBe(tenant)

      // The active tenant alert off: no other tenant alert is ON, so none is active.
      const off = await setStatus(tenant, 2, { cookie: owner.cookie })
      expect(off.statusCode).toBe(200)
      expect(off.json()).toMatchObject({ data: { contact_applicant_id: tenant, contact_applicant_status_id: 2 }, active_contact_applicant_id: null })

      // Re-enabling the first buyer alert makes it active.
      expect((await setStatus(first, 2, { cookie: owner.cookie })).json()).toMatchObject({ active_contact_applicant_id: null })
      const on = await setStatus(first, 1, { cookie: owner.cookie })
      expect(on.json()).toMatchObject({ data: { contact_applicant_status_id: 1 }, active_contact_applicant_id: first })
      expect((await me(owner.cookie)).active_contact_applicant_id).toBe(first)

      // Switching the active buyer alert off hands over to the first ON buyer alert.
      const handover = await setStatus(first, 2, { cookie: owner.cookie })
      expect(handover.json()).toMatchObject({ active_contact_applicant_id: second })
      expect((await me(owner.cookie)).active_contact_applicant_id).toBe(second)
    })

    it('lets the key holder switch an alert, and answers 404 to anyone else and 422 for a mismatched id', async () => {
      const owner = await loggedInContact('key.switch@example.com')
      const stranger = await loggedInContact('key.stranger@example.com')
      const id = owner.alert.contact_applicant_id
      const byKey = await setStatus(id, 2, { 'x-applicant-key': owner.alert.applicant_key })
      expect(byKey.statusCode).toBe(200)
      expect(byKey.json()).toMatchObject({ data: { contact_applicant_status_id: 2 }, active_contact_applicant_id: null })
      // Every session of the owner whose active alert it was moves on (here: to none).
      expect((await me(owner.cookie)).active_contact_applicant_id).toBeNull()

      // On again by key takes the captcha: without it nothing changes.
      const onByKey = (recaptcha_token?: string) =>
        app.inject({
          method: 'PATCH',
          url: `/api/contact_applicants/status/${id}`,
          headers: { ...SAME_ORIGIN, 'x-applicant-key': owner.alert.applicant_key },
          payload: { status: 1, contact_applicant_id: id, ...(recaptcha_token === undefined ? {} : { recaptcha_token }) },
        })
      for (const token of [undefined, '', 'robot']) {
        const refused = await onByKey(token)
        expect(refused.statusCode).toBe(422)
        expect(refused.json()).toEqual(CAPTCHA_FAILED)
      }
      const [stillOff] = await t.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id))
      expect(stillOff!.contact_applicant_status_id).toBe(2)
      const solved = await onByKey('solved')
      expect(solved.statusCode).toBe(200)
      expect(solved.json()).toMatchObject({ data: { contact_applicant_status_id: 1 } })
      expect((await setStatus(id, 2, { 'x-applicant-key': owner.alert.applicant_key })).statusCode).toBe(200)

      expect((await setStatus(id, 1, { cookie: stranger.cookie })).statusCode).toBe(404)
      expect((await setStatus(id, 1)).json()).toEqual(NOT_FOUND)
      const mismatch = await setStatus(id, 1, { cookie: owner.cookie }, stranger.alert.contact_applicant_id)
      expect(mismatch.statusCode).toBe(422)
      expect(mismatch.json()).toEqual({
        message: 'The contact applicant id does not match the address.',
        errors: { contact_applicant_id: ['The contact applicant id does not match the address.'] },
      })
      expect((await setStatus(id, 3, { cookie: owner.cookie })).statusCode).toBe(422)
      const [row] = await t.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id))
      expect(row!.contact_applicant_status_id).toBe(2)
    })
  })

  describe('the applicant key and the e-mail’s signed links, without a session', () => {
    function patch(id: number, body: unknown, headers: Record<string, string> = {}) {
      return app.inject({ method: 'PATCH', url: `/api/contact_applicants/${id}`, headers: { ...SAME_ORIGIN, ...headers }, payload: body as object })
    }
    async function ownerRows(contactId: number) {
      const db = t.database.db
      return {
        contact: (await db.select().from(contacts).where(eq(contacts.contact_id, contactId)))[0],
        infos: await db.select().from(communicationInfos).where(eq(communicationInfos.contact_id, contactId)),
      }
    }

    it('the key alone can neither read nor change the name, e-mail, phone or address', async () => {
      const owner = await loggedInContact('key.alone@example.com', 'Beatrice')
      const id = owner.alert.contact_applicant_id
      const before = await ownerRows(owner.contact_id)
      const read = await app.inject({ url: `/api/contact_applicants/u/${owner.alert.applicant_key}` })
      expect(read.statusCode).toBe(200)
      expect(read.json<{ data: ApplicantView }>().data).toMatchObject({ contacts: [], contacts_withheld: true })
      for (const text of ['key.alone@example.com', 'Beatrice', 'Hartley']) expect(read.body).not.toContain(text)

      // Every way of naming a person is refused, with the same message, and changes nothing.
      const { contacts: _contacts, ...criteria } = { ...payload({}, 'update'), recaptcha_token: 'solved' }
      const attempts = [
        payload({ email: 'evil@example.com', name: 'Mallory', phone: '07700 900111' }, 'update'),
        { ...criteria, contacts: [] },
        { ...criteria, contacts: [{ ...payloadContact({ name: 'Mallory' }, 'update'), contact_id: owner.contact_id }] },
      ]
      for (const body of attempts) {
        const refused = await patch(id, body, { 'x-applicant-key': owner.alert.applicant_key })
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toEqual({ message: CONTACT_DETAILS_NEED_LOGIN, errors: { contacts: [CONTACT_DETAILS_NEED_LOGIN] } })
      }
      expect(await ownerRows(owner.contact_id)).toEqual(before)
      // The criteria alone go through, and the people stay as they were.
      const changed = await patch(id, { ...criteria, property_criteria: { locations: [HARROGATE], min_price: 275_000, max_price: 400_000 } }, { 'x-applicant-key': owner.alert.applicant_key })
      expect(changed.statusCode).toBe(200)
      expect(changed.json<{ data: ApplicantView }>().data).toMatchObject({ contacts: [], criteria: { min_price: 275_000, max_price: 400_000 } })
      expect(await ownerRows(owner.contact_id)).toEqual(before)
    })

    it('a signed update link opens its own alert for 30 days, and no other alert, nor after it expires', async () => {
      const owner = await loggedInContact('signed.link@example.com', 'Clara')
      const other = await loggedInContact('signed.other@example.com', 'Dora')
      const id = owner.alert.contact_applicant_id
      const link = app.alertLinks.sign(id, 'update', clock.now())
      expect(link).toMatch(/^a1\.\d+\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/)
      const read = await app.inject({ url: `/api/contact_applicants/u/${link}` })
      expect(read.statusCode).toBe(200)
      // The answer names the link, never the alert's own key.
      expect(read.json<{ data: ApplicantView }>().data).toMatchObject({ contact_applicant_id: id, applicant_key: link, contacts: [], contacts_withheld: true })
      expect(read.body).not.toContain(owner.alert.applicant_key)
      const { contacts: _contacts, ...criteria } = { ...payload({}, 'update'), recaptcha_token: 'solved' }
      expect((await patch(id, criteria, { 'x-applicant-key': link })).statusCode).toBe(200)

      // Another alert's link changes only that alert: not this one.
      const otherLink = app.alertLinks.sign(other.alert.contact_applicant_id, 'update', clock.now())
      expect((await patch(id, criteria, { 'x-applicant-key': otherLink })).statusCode).toBe(404)
      // The switch-off link, and links with another id or signature: 404.
      const refused = [app.alertLinks.sign(id, 'off', clock.now()), link.replace(/\.(\d+)\./, `.${other.alert.contact_applicant_id}.`), `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`]
      for (const token of refused) {
        expect((await patch(id, criteria, { 'x-applicant-key': token })).statusCode).toBe(404)
        expect((await app.inject({ url: `/api/contact_applicants/u/${token}` })).json()).toEqual(NOT_FOUND)
      }

      // Thirty days on, the link opens nothing.
      clock.advance(30 * 24 * 60 * 60_000 + 1000)
      try {
        expect((await app.inject({ url: `/api/contact_applicants/u/${link}` })).statusCode).toBe(404)
        expect((await patch(id, criteria, { 'x-applicant-key': link })).statusCode).toBe(404)
      } finally {
        clock.advance(-(30 * 24 * 60 * 60_000 + 1000))
      }
    })

    it('asking for a login link gives every alert of the contact a new key', async () => {
      const owner = await loggedInContact('rotate.keys@example.com', 'Edith')
      const before = owner.alert.applicant_key
      expect((await app.inject({ url: `/api/contact_applicants/u/${before}` })).statusCode).toBe(200)
      expect((await requestLink(app, 'rotate.keys@example.com')).statusCode).toBe(202)
      expect((await app.inject({ url: `/api/contact_applicants/u/${before}` })).statusCode).toBe(404)
      const [row] = await t.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, owner.alert.contact_applicant_id))
      expect(row!.applicant_key).not.toBe(before)
      expect((await app.inject({ url: `/api/contact_applicants/u/${row!.applicant_key}` })).statusCode).toBe(200)
    })
  })

  describe('the captcha of a visitor’s registration and of an update by key', () => {
    async function counts() {
      const db = t.database.db
      return {
        alerts: (await db.select().from(contactApplicants)).length,
        contacts: (await db.select().from(contacts)).length,
        mails: (await db.select().from(outbox)).length,
      }
    }

    it('refuses a visitor’s registration without a solved captcha, storing and sending nothing', async () => {
      const before = await counts()
      for (const token of [undefined, '', 'robot']) {
        const body = { ...payload({ email: 'no.captcha@example.com' }), recaptcha_token: token }
        const refused = await app.inject({ method: 'POST', url: '/api/contact_applicants', headers: SAME_ORIGIN, payload: body })
        expect(refused.statusCode).toBe(422)
        expect(refused.json()).toEqual(CAPTCHA_FAILED)
        expect(refused.headers['set-cookie']).toBeUndefined()
      }
      expect(await counts()).toEqual(before)
      expect((await create(payload({ email: 'no.captcha@example.com' }))).statusCode).toBe(201)
    })

    it('asks nothing of a logged-in contact, and answers a retry with a spent token by its Idempotency-Key', async () => {
      const owner = await loggedInContact('captcha.owner@example.com')
      const { recaptcha_token: _none, ...body } = { ...payload({ email: 'captcha.owner@example.com' }), recaptcha_token: '' }
      const answer = await app.inject({ method: 'POST', url: '/api/contact_applicants', headers: { ...SAME_ORIGIN, cookie: owner.cookie }, payload: body })
      expect(answer.statusCode).toBe(201)

      const first = await create(payload({ email: 'captcha.retry@example.com' }), { 'idempotency-key': 'captcha-retry-1' })
      expect(first.statusCode).toBe(201)
      const retry = await create({ ...payload({ email: 'captcha.retry@example.com' }), recaptcha_token: 'robot' }, { 'idempotency-key': 'captcha-retry-1' })
      expect(retry.statusCode).toBe(201)
      expect(retry.json()).toEqual(first.json())
    })

    it('refuses an update by key without a solved captcha and changes nothing', async () => {
      const owner = await loggedInContact('captcha.key@example.com')
      const id = owner.alert.contact_applicant_id
      const { contacts: _contacts, ...criteria } = payload({}, 'update', { property_criteria: { locations: [HARROGATE], min_price: 111_000, max_price: 222_000 } })
      for (const token of [undefined, 'robot']) {
        const refused = await app.inject({ method: 'PATCH', url: `/api/contact_applicants/${id}`, headers: { ...SAME_ORIGIN, 'x-applicant-key': owner.alert.applicant_key }, payload: { ...criteria, recaptcha_token: token } })
        expect(refused.statusCode).toBe(422)
        expect(refused.json()).toEqual(CAPTCHA_FAILED)
      }
      const [row] = await t.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id))
      expect(row!.criteria.min_price).not.toBe(111_000)
      // The owner's session needs none.
      const bySession = await app.inject({ method: 'PATCH', url: `/api/contact_applicants/${id}`, headers: { ...SAME_ORIGIN, cookie: owner.cookie }, payload: payload({ email: 'captcha.key@example.com' }, 'update') })
      expect(bySession.statusCode).toBe(200)
    })
  })

  describe('address suggestions', () => {
    it("never suggests a property's house-numbered address: a visitor's own comes back from what they typed", async () => {
      const rows = await t.database.db.execute(sql`select address_line_1, town, postcode from properties where not is_locked order by property_profile_id limit 1`)
      const property = (rows as unknown as { rows: Array<{ address_line_1: string; town: string; postcode: string }> }).rows[0]!
      const street = property.address_line_1.replace(/^\d+\s*/, '')
      for (const keyword of [`${street} ${property.town}`, street, property.town, property.postcode]) {
        const answer = await app.inject({ url: `/api/addresses?${new URLSearchParams({ keyword })}` })
        expect(answer.statusCode).toBe(200)
        for (const s of answer.json<{ data: Array<{ display_name: string; address_line_1: string | null }> }>().data) {
          expect(s.display_name, keyword).not.toContain(property.address_line_1)
          expect(s.address_line_1, keyword).toBeNull()
        }
      }
    })

    it('builds the suggestion from the lines typed and a full postcode, with the town of a district the gazetteer knows', async () => {
      const search = async (keyword: string) =>
        (await app.inject({ url: `/api/addresses?${new URLSearchParams({ keyword })}` })).json<{ data: Array<Record<string, unknown>> }>().data
      const rows = await t.database.db.execute(sql`select name, location, lat, lng from places where location_type = 'postcode' order by place_id limit 1`)
      const known = (rows as unknown as { rows: Array<{ name: string; location: string; lat: number; lng: number }> }).rows[0]!
      const district = known.name.split(' ')[0]!
      const town = known.location.split(', ')[1]!
      // Typed in lower case without the inward code's space, the town given too: one suggestion, tidied, the town once.
      const [first] = await search(`  7 Acacia  Avenue ,${town.toLowerCase()} ${known.name.replace(' ', '').toLowerCase()}`)
      expect(first).toEqual({
        suggestion_id: `typed:7 Acacia Avenue, ${town} ${known.name}`,
        display_name: `7 Acacia Avenue, ${town} ${known.name}`,
        address_line_1: '7 Acacia Avenue',
        town,
        postcode: known.name,
        lat: Number(known.lat),
        lng: Number(known.lng),
      })
      // A postcode of a known district, but none of the gazetteer's: the district's town.
      const [other] = await search(`Flat 2, 12 Kent Road ${district} 9ZZ`)
      expect(other).toMatchObject({ display_name: `Flat 2, 12 Kent Road, ${town} ${district} 9ZZ`, address_line_1: 'Flat 2, 12 Kent Road', town, postcode: `${district} 9ZZ` })
      // A district the gazetteer does not know: the address as typed, with its postcode and no town made up.
      expect(await search('4 Quayside, NE1 4AB')).toEqual([
        { suggestion_id: 'typed:4 Quayside, NE1 4AB', display_name: '4 Quayside, NE1 4AB', address_line_1: '4 Quayside', town: null, postcode: 'NE1 4AB', lat: null, lng: null },
      ])
    })

    it('answers nothing for a blank keyword and 400 for one over 256 characters', async () => {
      expect((await app.inject({ url: '/api/addresses?keyword=%20' })).json()).toEqual({ data: [] })
      const long = await app.inject({ url: `/api/addresses?keyword=${'a'.repeat(257)}` })
      expect(long.statusCode).toBe(400)
      expect(long.json()).toEqual({ message: 'The given data was invalid.', errors: { keyword: ['The keyword may not be greater than 256 characters.'] } })
    })
  })

  it('documents the applicant key header of the PATCH routes and the Idempotency-Key of the create route', async () => {
    const document = (await app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>
    }>()
    const headers = (path: string, method: string) =>
      (document.paths[path]?.[method]?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)
    expect(headers('/api/contact_applicants/{contact_applicant_id}', 'patch')).toContain('x-applicant-key')
    expect(headers('/api/contact_applicants/status/{contact_applicant_id}', 'patch')).toContain('x-applicant-key')
    expect(headers('/api/contact_applicants', 'post')).toContain('idempotency-key')
  })

  it('keeps e-mail infos of pending contacts out of the one-contact-per-address rule only', async () => {
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(communicationInfos)
      .where(and(eq(communicationInfos.communication_method_id, COMMUNICATION_METHOD.EMAIL), eq(communicationInfos.is_pending, false)))
    expect(rows[0]!.n).toBeGreaterThan(0)
    expect(APPLICANT_PROFILE.TENANT).toBe(5)
  })
})
