import type { ApplicantQuestion } from '@agency/domain'
import { contactApplicants, outbox, seedAlertReferenceData } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REDACTED, redactParams, redactUrl } from '#app/log-redaction.ts'
import { extractToken, logIn, requestLink } from '#app/routes/contacts/test-support.ts'
import { createTestApi, PUBLIC_URL, type TestApi } from '#app/testing/api.ts'

const SAME_ORIGIN = { origin: PUBLIC_URL }
const KEY = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE'
const HEX = '0123456789abcdef'.repeat(4)

describe('redactUrl', () => {
  it('redacts token, key and e-mail values and keeps the rest', () => {
    expect(redactUrl(`/login/verify?token=${KEY}&redirect_to=%2Fsales`)).toBe(`/login/verify?token=${REDACTED}&redirect_to=%2Fsales`)
    expect(redactUrl(`/api/alerts/unsubscribe?token=${HEX}`)).toBe(`/api/alerts/unsubscribe?token=${REDACTED}`)
    expect(redactUrl('/login?email=ann%40example.com&x=1')).toBe(`/login?email=${REDACTED}&x=1`)
    expect(redactUrl('/search?q=ann@example.com')).toBe(`/search?q=${REDACTED}`)
    expect(redactUrl('/x?applicant_key=short&k=1')).toBe(`/x?applicant_key=${REDACTED}&k=1`)
    expect(redactUrl('/sales/property-for-sale?min_price=100000&page=2')).toBe('/sales/property-for-sale?min_price=100000&page=2')
    // What a search asked for is not a key, unless it is shaped like a secret or holds an '@'.
    expect(redactUrl('/api/places?keyword=didsbury&limit=5')).toBe('/api/places?keyword=didsbury&limit=5')
    expect(redactUrl('/api/properties?keywords=garden%20studio')).toBe('/api/properties?keywords=garden%20studio')
    expect(redactUrl('/api/places?keyword=ann%40example.com')).toBe(`/api/places?keyword=${REDACTED}`)
    expect(redactUrl('/x?keys=1&api_key=abc&keyword_key=z')).toBe(`/x?keys=${REDACTED}&api_key=${REDACTED}&keyword_key=${REDACTED}`)
  })

  it('redacts the applicant key in a path, whatever its shape, and any token-shaped segment', () => {
    expect(redactUrl(`/api/contact_applicants/u/${KEY}`)).toBe(`/api/contact_applicants/u/${REDACTED}`)
    expect(redactUrl('/heads-up-alerts/profiles/not-a-real-key?tab=contact')).toBe(`/heads-up-alerts/profiles/${REDACTED}?tab=contact`)
    expect(redactUrl(`/anything/${KEY}/more`)).toBe(`/anything/${REDACTED}/more`)
    expect(redactUrl('/property/12/a-three-bedroom-house-in-harrogate-with-garden')).toBe('/property/12/a-three-bedroom-house-in-harrogate-with-garden')
  })

  it('redacts key-like route parameters', () => {
    expect(redactParams({ applicant_key: 'abc', property_profile_id: '12' })).toEqual({ applicant_key: REDACTED, property_profile_id: '12' })
  })
})

describe.each(testDatabaseKinds())('the request log on %s', (kind) => {
  let t: TestApi
  const lines: string[] = []

  beforeAll(async () => {
    t = await createTestApi(kind, {
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      // The pages beside the API, as the composition root serves them.
      register: (app) => app.get('/*', async () => 'a page'),
    })
    await seedAlertReferenceData(t.database.db)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('writes one line per request: its method, redacted URL, status and time', async () => {
    const from = lines.length
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    expect((await t.app.inject({ url: `/login/verify?token=${KEY}` })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'PUT', url: '/api/no-such-route', headers: SAME_ORIGIN })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/api/leads/enquiry', headers: SAME_ORIGIN, payload: {} })).statusCode).toBe(422)
    const written = lines.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string; req: { method: string; url: string }; res: { statusCode: number }; responseTime: number })
    expect(written.map((line) => [line.level, line.msg, line.req.method, line.req.url, line.res.statusCode])).toEqual([
      [30, 'request completed', 'GET', '/api/health', 200],
      [30, 'request completed', 'GET', `/login/verify?token=${REDACTED}`, 200],
      [30, 'request completed', 'PUT', '/api/no-such-route', 404],
      [30, 'request completed', 'POST', '/api/leads/enquiry', 422],
    ])
    for (const line of written) expect(line.responseTime).toBeTypeOf('number')
  })

  it('holds no token, key or e-mail of a login, an alert confirmation and an unsubscribe', async () => {
    const db = t.database.db
    const email = 'logged.visitor@example.com'
    const secrets: string[] = [email]

    // A login: the link is opened (GET with the token, as a mail scanner or a browser does), then spent.
    expect((await requestLink(t.app, email)).statusCode).toBe(202)
    // The contact does not exist: a login link goes to known contacts only; register an alert instead.
    const questions = (await t.app.inject({ url: '/api/contact_questions/buyer' })).json<{ data: ApplicantQuestion[] }>().data
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/contact_applicants',
      headers: SAME_ORIGIN,
      remoteAddress: '203.0.113.60',
      payload: {
        profile_id: 3,
        contacts: [
          {
            salutation_id: 3,
            name: 'Logan',
            surname: 'Fletcher',
            communication_infos: [{ value: email, preferred: true, communication_method_id: 1 }],
            contact_addresses: [{ display_name: '12 Station Road, Harrogate HG1 1AB' }],
            subscription_types: [1],
            communication_info_delete: true,
            create_without_email: true,
            contact_source_id: 35,
            contact_profiles: [3],
          },
        ],
        property_criteria: { locations: [{ location: 'Harrogate', place_id: 'gb:town:harrogate', lat: 53.9921, lng: -1.5418, distance: 3 }], min_price: 250_000, max_price: 450_000 },
        online_registration: true,
        contact_questions: questions
          .filter((q) => q.contact_question_options.length > 0)
          .map((q) => ({ contact_question_id: q.contact_question_id, answer: q.contact_question_options[0]!.contact_question_option_id })),
        unknown_user_branch: true,
        recaptcha_token: 'human',
      },
    })
    expect(registered.statusCode).toBe(201)
    const applicantKey = registered.json<{ data: { applicant_key: string } }>().data.applicant_key
    secrets.push(applicantKey)
    await t.app.inject({ url: `/api/contact_applicants/u/${applicantKey}` })
    await t.app.inject({ url: `/heads-up-alerts/profiles/${applicantKey}` })

    // The confirmation: its page opened with the token, then the button.
    const [confirmation] = await db.select().from(outbox).where(and(eq(outbox.kind, 'alert_confirmation'), eq(outbox.to, email)))
    const confirmToken = /confirm\?token=([A-Za-z0-9_-]{43})/.exec(confirmation!.text)![1]!
    secrets.push(confirmToken)
    await t.app.inject({ url: `/heads-up-alerts/confirm?token=${confirmToken}` })
    expect((await t.app.inject({ method: 'POST', url: '/api/contact_applicants/confirmations', headers: SAME_ORIGIN, payload: { token: confirmToken } })).statusCode).toBe(200)

    // Now a known contact: a login link, opened and spent.
    expect((await requestLink(t.app, email, { ip: '203.0.113.61' })).statusCode).toBe(202)
    const [link] = await db.select().from(outbox).where(and(eq(outbox.kind, 'magic_link'), eq(outbox.to, email)))
    const loginToken = extractToken(link!.text)
    secrets.push(loginToken)
    await t.app.inject({ url: `/login/verify?token=${loginToken}` })
    expect((await logIn(t.app, loginToken)).statusCode).toBe(200)

    // The unsubscribe link of an alert e-mail: its page, then the one-click post.
    const [alert] = await db.select().from(contactApplicants).where(eq(contactApplicants.applicant_key, (await db.select().from(contactApplicants))[0]!.applicant_key))
    const unsubscribe = alert!.unsubscribe_token
    secrets.push(unsubscribe, alert!.applicant_key)
    expect((await t.app.inject({ url: `/api/alerts/unsubscribe?token=${unsubscribe}` })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${unsubscribe}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(200)

    const log = lines.join('')
    // The log is the request log it was: every URL asked for is there, with its secrets redacted.
    expect(log).toContain(`"url":"/login/verify?token=${REDACTED}"`)
    expect(log).toContain(`"url":"/heads-up-alerts/confirm?token=${REDACTED}"`)
    expect(log).toContain(`"url":"/api/alerts/unsubscribe?token=${REDACTED}"`)
    expect(log).toContain(`"url":"/api/contact_applicants/u/${REDACTED}"`)
    for (const secret of secrets) expect(lines.filter((line) => line.includes(secret)), secret).toEqual([])
    expect(log).not.toContain(encodeURIComponent(email))
  })
})
