import { createHash } from 'node:crypto'
import { consentEvents, contactApplicants, outbox, sessions } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALERT_LINK_TTL_MS } from '#app/alerts/alert-links.ts'
import { insertAlert } from '#app/alerts/testing.ts'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

describe.each(testDatabaseKinds())('GET and POST /api/alerts/unsubscribe on %s', (kind) => {
  let api: TestApi
  const statusOf = async (id: number) =>
    (await api.database.db.select().from(contactApplicants).where(eq(contactApplicants.contact_applicant_id, id)))[0]!.contact_applicant_status_id
  const consentOf = (id: number) => api.database.db.select().from(consentEvents).where(eq(consentEvents.contact_applicant_id, id))
  const switchedOffMailsTo = async (email: string | null) =>
    (await api.database.db.select().from(outbox).where(eq(outbox.kind, 'alert_switched_off'))).filter((m) => m.to === email)

  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(async () => {
    await api.close()
  })

  it('GET shows a confirm page with a POST button and changes nothing', async () => {
    const alert = await insertAlert(api.database.db)
    const response = await api.app.inject({ method: 'GET', url: `/api/alerts/unsubscribe?token=${alert.unsubscribe_token}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<h1>Unsubscribe from this alert</h1>')
    expect(response.body).toContain(`<form method="post" action="/api/alerts/unsubscribe?token=${alert.unsubscribe_token}">`)
    expect(response.body).toContain('<button type="submit">Unsubscribe</button>')
    // The agency's page, not a bare one: its name, and which alert the link is about.
    expect(response.body).toContain('<span>Hartwell &amp; Co</span>')
    expect(response.body).toMatch(/<p class="alert">Heads Up Property Alert for buying: [^<]*\(3 miles\) · £200,000 - £400,000<\/p>/)
    // Its one style block is allowed by its hash, and nothing else is.
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? ''
    const hash = createHash('sha256').update(style).digest('base64')
    expect(response.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`)
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none';/)
    expect(response.body).not.toContain('<script')
    expect(await statusOf(alert.id)).toBe(1)
    expect(await consentOf(alert.id)).toEqual([])
  })

  it('POST from the confirm page switches the alert off and records it', async () => {
    const alert = await insertAlert(api.database.db)
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${alert.unsubscribe_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://agency.example' },
      payload: 'confirm=yes',
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<h1>You have unsubscribed</h1>')
    expect(await statusOf(alert.id)).toBe(2)
    expect(await consentOf(alert.id)).toMatchObject([
      { contact_id: alert.contact_id, email: alert.email, action: 'unsubscribed', method: 'unsubscribe_page', consent_text: null },
    ])
    // The page now says so, and offers no button.
    const again = await api.app.inject({ method: 'GET', url: `/api/alerts/unsubscribe?token=${alert.unsubscribe_token}` })
    expect(again.body).toContain('<h1>Alert already switched off</h1>')
    expect(again.body).not.toContain('<form')
  })

  it('POST from a mail client (RFC 8058 one-click, no Origin) switches the alert off, and the session moves to another alert', async () => {
    const alert = await insertAlert(api.database.db)
    await api.database.db
      .insert(sessions)
      .values({ session_id_hash: `hash-${alert.id}`, contact_id: alert.contact_id, active_contact_applicant_id: alert.id, expires_at: new Date(Date.now() + 3_600_000) })
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${alert.unsubscribe_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(response.statusCode).toBe(200)
    expect(await statusOf(alert.id)).toBe(2)
    expect(await consentOf(alert.id)).toMatchObject([{ action: 'unsubscribed', method: 'one_click' }])
    const [session] = await api.database.db.select().from(sessions).where(eq(sessions.session_id_hash, `hash-${alert.id}`))
    expect(session!.active_contact_applicant_id).toBeNull()
  })

  it('e-mails the alert’s person once that it is switched off: which alert, that the others go on, where to switch it on again', async () => {
    const alert = await insertAlert(api.database.db)
    const post = () =>
      api.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${alert.unsubscribe_token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })
    expect((await post()).statusCode).toBe(200)
    const [mail, ...more] = await switchedOffMailsTo(alert.email)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Your property alert with Hartwell & Co is switched off')
    expect(mail!.text).toContain('your Heads Up Property Alert for buying is switched off: you will receive no more e-mails from it.')
    expect(mail!.text).toContain('Any other alerts you have with Hartwell & Co are not changed.')
    expect(mail!.text).toContain('Locations: Kirkby Stephen (3 miles)')
    expect(mail!.text).toContain('Price: £200,000 - £400,000')
    expect(mail!.text).toMatch(/Changed your mind\? You can switch it on again from your alerts at any time\. https?:\/\/[^/\s]+\/heads-up-alerts\/my-alerts\n/)
    // Nothing that opens the alert travels in it: no key, no token, no unsubscribe link.
    for (const secret of [alert.applicant_key, alert.unsubscribe_token, '/api/alerts/unsubscribe']) {
      expect(mail!.text).not.toContain(secret)
      expect(mail!.html).not.toContain(secret)
    }
    // A second switch-off (a second click, a mail client's retry) changes nothing and mails no one.
    expect((await post()).statusCode).toBe(200)
    expect(await switchedOffMailsTo(alert.email)).toHaveLength(1)
  })

  it('mails no one for an alert never confirmed, or one with no e-mail address', async () => {
    for (const alert of [await insertAlert(api.database.db, { confirmed: false }), await insertAlert(api.database.db, { email: null })]) {
      const response = await api.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${alert.unsubscribe_token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })
      expect(response.statusCode).toBe(200)
      expect(await statusOf(alert.id)).toBe(2)
      expect(await switchedOffMailsTo(alert.email)).toEqual([])
    }
  })

  it('answers 404 for a bad token, GET or POST, and changes nothing', async () => {
    const alert = await insertAlert(api.database.db)
    const wrong = alert.unsubscribe_token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))
    for (const url of [`/api/alerts/unsubscribe?token=${wrong}`, '/api/alerts/unsubscribe?token=nonsense', '/api/alerts/unsubscribe']) {
      const get = await api.app.inject({ method: 'GET', url })
      expect(get.statusCode).toBe(404)
      expect(get.body).toContain('<h1>Link not recognised</h1>')
      const post = await api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })
      expect(post.statusCode).toBe(404)
    }
    // The applicant key is not an unsubscribe token.
    const key = await api.app.inject({ method: 'GET', url: `/api/alerts/unsubscribe?token=${alert.applicant_key}` })
    expect(key.statusCode).toBe(404)
    expect(await statusOf(alert.id)).toBe(1)
  })

  it('takes the signed switch-off link of the e-mails: its own alert only, for 30 days', async () => {
    const alert = await insertAlert(api.database.db)
    const other = await insertAlert(api.database.db)
    const link = api.app.alertLinks.sign(alert.id, 'off', new Date())
    const page = await api.app.inject({ method: 'GET', url: `/api/alerts/unsubscribe?token=${link}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`<form method="post" action="/api/alerts/unsubscribe?token=${link}">`)
    // Never the alert's lasting tokens.
    expect(page.body).not.toContain(alert.unsubscribe_token)
    // The update link, an expired link and another alert's id with this signature open nothing.
    const refused = [
      api.app.alertLinks.sign(alert.id, 'update', new Date()),
      api.app.alertLinks.sign(alert.id, 'off', new Date(Date.now() - ALERT_LINK_TTL_MS - 1000)),
      link.replace(`.${alert.id}.`, `.${other.id}.`),
    ]
    for (const token of refused) {
      const post = await api.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })
      expect(post.statusCode).toBe(404)
    }
    expect([await statusOf(alert.id), await statusOf(other.id)]).toEqual([1, 1])
    const post = await api.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${link}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })
    expect(post.statusCode).toBe(200)
    expect([await statusOf(alert.id), await statusOf(other.id)]).toEqual([2, 1])
  })
})
