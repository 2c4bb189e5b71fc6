// Families of `npm run test:security` for the anonymous writes of the site: each reproduces a finding
// of the probe that led to one hardened path for them, and fails if it comes back. They run after the
// hostile-input families, against their own servers where they need another configuration, and
// their accepted requests write on purpose (enquiries, login links), so they are outside the write
// check. Every request goes to 127.0.0.1; a second loopback address (127.0.0.2, 127.0.0.3) plays a
// client that is not the proxy.
//
//   client address      TRUST_PROXY=true is refused at start; behind a trusted proxy fourteen made-up
//                       X-Forwarded-For addresses from one client meet the limit after 10, and so do
//                       they from a client that is not a trusted proxy.
//   captcha questions   no public JSON of a question; the page's question is not a sum of two digits,
//                       and one address may answer 4 an hour (a fifth right answer is refused).
//   log redaction       the request log of a login link, a confirmation link and an unsubscribe link
//                       holds no token, key or e-mail.
//   page refusals       a heart posted without Origin (a privacy extension strips it) is a 4xx page;
//                       'Save this search' posted with searches no list writes is never a 5xx and
//                       makes no alert.
//   alert captcha       a visitor's alert registration without a captcha token, or with a made-up one,
//                       is a 4xx and stores nothing (no pending alert remembered); with a solved one, 201.
//   alert keys          an alert's applicant key alone reads no name, e-mail or phone and changes none
//                       (403), only the criteria; a signed e-mail link that expired, or of another
//                       alert, or signed with another key, opens nothing (404).
import { spawnSync } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { tsImport } from 'tsx/esm/api'
import { ROOT, solvedCaptchaToken, startServer } from './serve-for-tests.mjs'

export const ANONYMOUS_WRITE_FAMILIES = ['client address', 'captcha questions', 'log redaction', 'page refusals', 'alert captcha', 'alert keys']

/** A visitor's SPEC §7 alert registration near Harrogate, every required question answered. */
async function alertRegistration(origin, { name, email, phone }) {
  const questions = (await (await fetch(`${origin}/api/contact_questions/buyer`)).json()).data
  return {
    profile_id: 3,
    unknown_user_branch: true,
    online_registration: true,
    contacts: [
      {
        salutation_id: 3,
        name,
        surname: 'Probe',
        communication_infos: [
          { value: email, preferred: true, communication_method_id: 1 },
          { value: phone, preferred: false, communication_method_id: 2 },
        ],
        contact_addresses: [{ display_name: '12 Station Road, Harrogate HG1 1AB' }],
        subscription_types: [1],
        communication_info_delete: true,
        create_without_email: true,
        contact_source_id: 35,
        contact_profiles: [3],
      },
    ],
    property_criteria: { locations: [{ location: 'Harrogate', place_id: 'gb:town:harrogate', lat: 53.9921, lng: -1.5418, distance: 3 }], min_price: 250000, max_price: 450000 },
    contact_questions: questions
      .filter((q) => q.contact_question_options.length > 0)
      .map((q) => ({ contact_question_id: q.contact_question_id, answer: q.contact_question_options[0].contact_question_option_id })),
  }
}

/** One request from a chosen local address (a client other than the trusted proxy). */
function requestFrom(localAddress, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress, timeout: 60_000 }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text, headers: response.headers }))
    })
    request.on('error', reject)
    request.on('timeout', () => request.destroy(new Error('timed out')))
    if (body !== undefined) request.write(body)
    request.end()
  })
}

/** A valuation enquiry (no property named), with a solved captcha. */
async function enquiry(origin, n) {
  return JSON.stringify({
    i_would_like: ['to-sell-my-property'],
    salutation_id: 4,
    name: 'Probe',
    surname: 'Visitor',
    comment: 'Please value my flat.',
    email: `probe.address.${n}@example.com`,
    mobile_phone: '+447400123456',
    contact_address: { suggestion_id: 'addr-1', display_name: '4 Mill Lane, Leeds LS6 2AB' },
    i_have_a_property_to_sell: 'yes-not-yet-on-market',
    i_have_a_property_to_let: 'no',
    my_property_valued: 'yes',
    property_address: '4 Mill Lane, Leeds LS6 2AB',
    url: `${origin}/valuation`,
    transaction_type_id: 1,
    property_profile_id: null,
    price: null,
    bedrooms: null,
    branch_id: null,
    confirm: 'confirmed',
    recaptcha_token: await solvedCaptchaToken(origin),
  })
}

/** The statuses of fourteen enquiries, each naming a made-up client in X-Forwarded-For. */
async function fourteenEnquiries(origin, localAddress, forwardedFor) {
  const statuses = []
  for (let n = 1; n <= 14; n++) {
    const body = await enquiry(origin, `${localAddress}.${n}`)
    const answer = await requestFrom(localAddress, `${origin}/api/leads/enquiry`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(n) },
      body,
    })
    statuses.push(answer.status)
  }
  return statuses
}

const TEN_THEN_REFUSED = JSON.stringify([...Array(10).fill(201), 429, 429, 429, 429])

/**
 * Runs the chosen families; `main` is the probe's server (its origin, and a logged-in contact's
 * cookie with a property id to heart); `databaseFor(name)` gives another server its database (a
 * PostgreSQL URL, or undefined for an embedded one in `dataDirOf(name)`). Answers the counts by
 * family and status, and the failures.
 */
export async function runAnonymousWriteFamilies({ chosen, main, databaseFor, dataDirOf }) {
  const failures = []
  const counts = new Map()
  const count = (family, status) => {
    const byStatus = counts.get(family) ?? new Map()
    counts.set(family, byStatus)
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  }

  if (chosen.includes('client address')) {
    const family = 'client address'
    // A plain `true` stops the server at start, saying why.
    const refused = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
      cwd: ROOT,
      env: { ...process.env, TRUST_PROXY: 'true', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDirOf('trust-true'), DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    count(family, refused.status === 0 ? 'started' : 'refused at start')
    if (refused.status === 0 || !/TRUST_PROXY: `true` trusts every X-Forwarded-For entry/.test(`${refused.stderr}${refused.stdout}`)) {
      failures.push(`${family}: TRUST_PROXY=true was not refused at start with its message (exit ${refused.status}): ${`${refused.stderr}`.slice(0, 300)}`)
    }
    const server = await startServer({ databaseUrl: await databaseFor('client_address'), dataDir: dataDirOf('client-address'), env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'error' } })
    try {
      // Through the proxy (the socket 127.0.0.1): it appends the client's address after what the client wrote.
      const proxied = await fourteenEnquiries(server.url, '127.0.0.1', (n) => `203.0.113.${n}, 192.0.2.50`)
      // Straight from a client that is not the proxy, writing the header itself.
      const direct = await fourteenEnquiries(server.url, '127.0.0.2', (n) => `203.0.113.${n}`)
      for (const status of [...proxied, ...direct]) count(family, status)
      if (JSON.stringify(proxied) !== TEN_THEN_REFUSED) failures.push(`${family}: fourteen made-up addresses behind the proxy answered ${proxied.join(', ')}, not 10 × 201 then 429`)
      if (JSON.stringify(direct) !== TEN_THEN_REFUSED) failures.push(`${family}: fourteen made-up addresses from one client answered ${direct.join(', ')}, not 10 × 201 then 429`)
    } finally {
      await server.stop()
    }
  }

  if (chosen.includes('captcha questions')) {
    const family = 'captcha questions'
    const { solveCaptchaQuestion } = await tsImport(path.join(ROOT, 'packages/domain/src/captcha-questions.ts'), import.meta.url)
    const origin = main.origin
    const json = await requestFrom('127.0.0.3', `${origin}/api/captcha/question`)
    count(family, json.status)
    if (json.status !== 404) failures.push(`${family}: GET /api/captcha/question answered ${json.status}, a question as JSON to anyone`)
    const answers = []
    for (let i = 0; i < 5; i++) {
      // The login page without JavaScript: the address first, then the question in the page's form.
      const page = await requestFrom('127.0.0.3', `${origin}/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=probe.question.${i}%40example.com`,
      })
      count(family, page.status)
      const token = /name="captcha_question" value="([^"]+)"/.exec(page.text)?.[1]
      const text = /<label[^>]*for="[^"]*-question"[^>]*>([^<]+)<\/label>/.exec(page.text)?.[1]?.replace(/&#x27;|&#39;/g, "'")
      if (!token || !text) {
        failures.push(`${family}: the login page without JavaScript showed no question (${page.status})`)
        break
      }
      if (/^What is \w+ plus \w+\?$/.test(text)) failures.push(`${family}: the question is still a sum of two digits: ${text}`)
      const answer = solveCaptchaQuestion(text)
      const link = await requestFrom('127.0.0.3', `${origin}/api/contacts/oauth/magic-links`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `probe.question.${i}@example.com`, request_page_url: '/', recaptcha_token: `${token}.${Buffer.from(answer ?? '').toString('base64url')}` }),
      })
      count(family, link.status)
      answers.push(link.status)
    }
    if (answers.length === 5 && JSON.stringify(answers) !== JSON.stringify([202, 202, 202, 202, 422])) {
      failures.push(`${family}: five right answers from one address answered ${answers.join(', ')}, not 4 × 202 then 422`)
    }
  }

  if (chosen.includes('log redaction')) {
    const family = 'log redaction'
    const server = await startServer({ databaseUrl: await databaseFor('log_redaction'), dataDir: dataDirOf('log-redaction'), env: { LOG_LEVEL: 'info' } })
    try {
      const token = 'Pr0beT0kenOfTheLogRedactionFamily_AbCdEfGhI'
      const hex = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90'
      const email = 'probe.logged@example.com'
      const targets = [
        `/login/verify?token=${token}`,
        `/heads-up-alerts/confirm?token=${token}`,
        `/heads-up-alerts/profiles/${token}`,
        `/api/contact_applicants/u/${token}`,
        `/api/alerts/unsubscribe?token=${hex}`,
        `/login?email=${encodeURIComponent(email)}`,
      ]
      for (const target of targets) count(family, (await requestFrom('127.0.0.1', `${server.url}${target}`)).status)
      const unsubscribed = await requestFrom('127.0.0.1', `${server.url}/api/alerts/unsubscribe?token=${hex}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
      count(family, unsubscribed.status)
      await new Promise((r) => setTimeout(r, 500))
      const log = server.log()
      if (!log.includes('"url":"/login/verify?token=[redacted]"')) failures.push(`${family}: the log has no redacted line for the login link (is request logging on?)`)
      for (const secret of [token, hex, email, encodeURIComponent(email)]) {
        if (log.includes(secret)) failures.push(`${family}: the request log holds ${secret}`)
      }
    } finally {
      await server.stop()
    }
  }

  if (chosen.includes('page refusals')) {
    const family = 'page refusals'
    // A logged-in contact's heart, posted without JavaScript by a browser whose extension strips Origin and Referer.
    const answer = await requestFrom('127.0.0.1', `${main.origin}/saved-properties`, {
      method: 'POST',
      headers: { cookie: main.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `save=${main.propertyId}&redirect=%2F`,
    })
    count(family, answer.status)
    if (answer.status < 400 || answer.status >= 500) failures.push(`${family}: a heart posted without Origin answered ${answer.status}, not a 4xx page`)

    // 'Save this search' pressed by the signed-in buyer with searches no list would write: never a 5xx;
    // a search the list refuses makes no alert, and one it reads (dropping what it does not know) makes
    // an alert of sane values only.
    const alertsOfBuyer = async () => {
      const me = await requestFrom('127.0.0.1', `${main.origin}/api/contacts/me`, { headers: { cookie: main.cookie } })
      const contactId = me.status === 200 ? JSON.parse(me.text).data.contact_id : null
      const alerts = contactId ? await requestFrom('127.0.0.1', `${main.origin}/api/contact_applicants/applicants_of_contact/${contactId}`, { headers: { cookie: main.cookie } }) : null
      return alerts?.status === 200 ? JSON.parse(alerts.text).data : null
    }
    const refused = [
      'locations=%00',
      'locations=91,181,3',
      'locations=53.8,-1.5,1e400',
      'locations=53.8,-1.5,3&min_price=-1',
      'locations=53.8,-1.5,3&min_price=1e400&max_price=NaN',
      'locations=53.8,-1.5,3&min_bedroom=-5&max_bedroom=99999999999999999999',
      `locations=${'53.8,-1.5,3&locations='.repeat(60)}53.8,-1.5,3`,
    ]
    const tolerated = [
      `locations=53.8,-1.5,3&location_names=${encodeURIComponent('<script>alert(1)</script>'.repeat(200))}`,
      'locations=53.7,-1.4,3&property_types=999&must_haves=%27%3B--&new_homes=maybe',
      'locations=53.6,-1.3,3&page=-1&sort=%3Cx%3E',
    ]
    let known = await alertsOfBuyer()
    if (known === null) failures.push(`${family}: the signed-in buyer's alerts could not be read`)
    for (const [type, search] of [...refused, ...tolerated].flatMap((q) => [['buy', q], ['rent', q], ['%00', q]])) {
      const answer = await requestFrom('127.0.0.1', `${main.origin}/heads-up-alerts/register/${type}?${search}`, {
        method: 'POST',
        headers: { cookie: main.cookie, origin: main.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=save-search',
      })
      count(family, answer.status)
      const label = `'Save this search' with ?${search.slice(0, 60)} on ${type}`
      if (answer.status >= 500) failures.push(`${family}: ${label} answered ${answer.status}`)
      const now = await alertsOfBuyer()
      if (known === null || now === null) continue
      const made = now.filter((alert) => !known.some((k) => k.contact_applicant_id === alert.contact_applicant_id))
      known = now
      if (made.length > 0 && refused.includes(search)) failures.push(`${family}: ${label} made an alert`)
      for (const alert of made) {
        const locations = alert.criteria?.locations ?? []
        const sane = locations.length >= 1 && locations.length <= 10 && locations.every((l) => typeof l.location === 'string' && l.location.length <= 256 && Math.abs(l.lat) <= 90 && Math.abs(l.lng) <= 180)
        if (!sane) failures.push(`${family}: ${label} made an alert of values no form allows`)
      }
    }
  }

  if (chosen.includes('alert captcha')) {
    const family = 'alert captcha'
    const origin = main.origin
    const body = await alertRegistration(origin, { name: 'Nocaptcha', email: 'probe.alert.captcha@example.com', phone: '07400 123456' })
    const post = (payload) => requestFrom('127.0.0.1', `${origin}/api/contact_applicants`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(payload) })
    for (const [label, token] of [['no token', undefined], ['an empty token', ''], ['a made-up token', 'bm90IGEgc29sdXRpb24=']]) {
      const answer = await post({ ...body, ...(token === undefined ? {} : { recaptcha_token: token }) })
      count(family, answer.status)
      if (answer.status < 400 || answer.status >= 500) failures.push(`${family}: a registration with ${label} answered ${answer.status}, not a 4xx`)
      if (answer.headers['set-cookie']) failures.push(`${family}: a registration with ${label} was remembered (a pending alert cookie)`)
    }
    const solved = await post({ ...body, recaptcha_token: await solvedCaptchaToken(origin) })
    count(family, solved.status)
    if (solved.status !== 201) failures.push(`${family}: a registration with a solved captcha answered ${solved.status}, not 201`)
  }

  if (chosen.includes('alert keys')) {
    const family = 'alert keys'
    const siteKey = 'probe-alert-keys-site-key-0123456789abcdef'
    const server = await startServer({ databaseUrl: await databaseFor('alert_keys'), dataDir: dataDirOf('alert-keys'), env: { ALTCHA_HMAC_KEY: siteKey } })
    try {
      const { createAlertLinks, ALERT_LINK_TTL_MS } = await tsImport(path.join(ROOT, 'apps/api/src/alerts/alert-links.ts'), import.meta.url)
      const origin = server.url
      const json = { origin, 'content-type': 'application/json' }
      const register = async (n) => {
        const body = await alertRegistration(origin, { name: `Keyholder${n}`, email: `probe.key.${n}@example.com`, phone: `07400 55500${n}` })
        const answer = await requestFrom('127.0.0.1', `${origin}/api/contact_applicants`, { method: 'POST', headers: json, body: JSON.stringify({ ...body, recaptcha_token: await solvedCaptchaToken(origin) }) })
        count(family, answer.status)
        return { body, data: answer.status === 201 ? JSON.parse(answer.text).data : null }
      }
      const first = await register(1)
      const second = await register(2)
      if (!first.data || !second.data) {
        failures.push(`${family}: the registrations to probe were refused`)
      } else {
        const id = first.data.contact_applicant_id
        const read = await requestFrom('127.0.0.1', `${origin}/api/contact_applicants/u/${first.data.applicant_key}`)
        count(family, read.status)
        for (const secret of ['Keyholder1', 'probe.key.1@example.com', '07400 555001', 'Station Road']) {
          if (read.text.includes(secret)) failures.push(`${family}: GET by the applicant key alone answered the contact's ${secret}`)
        }
        const patch = (key, payload) => requestFrom('127.0.0.1', `${origin}/api/contact_applicants/${id}`, { method: 'PATCH', headers: { ...json, 'x-applicant-key': key }, body: JSON.stringify(payload) })
        const { unknown_user_branch: _branch, contacts, ...criteria } = first.body
        const update = { ...criteria, contacts: [{ ...contacts[0], name: 'Rewritten', contact_source_id: undefined, contact_profiles: undefined }] }
        const rewrite = await patch(first.data.applicant_key, { ...update, recaptcha_token: await solvedCaptchaToken(origin) })
        count(family, rewrite.status)
        if (rewrite.status < 400 || rewrite.status >= 500) failures.push(`${family}: PATCH with the applicant key alone and a contact answered ${rewrite.status}, not a 4xx`)
        const allowed = await patch(first.data.applicant_key, { ...criteria, recaptcha_token: await solvedCaptchaToken(origin) })
        count(family, allowed.status)
        if (allowed.status !== 200) failures.push(`${family}: PATCH of the criteria alone by the key answered ${allowed.status}, not 200`)

        // The e-mail's signed links: expired, of another alert, signed with another key.
        const links = createAlertLinks(siteKey)
        const refused = {
          'an expired link': links.sign(id, 'update', new Date(Date.now() - ALERT_LINK_TTL_MS - 60_000)),
          "another alert's link": links.sign(second.data.contact_applicant_id, 'update', new Date()),
          'a link signed with another key': createAlertLinks('another-site-key-0123456789abcdef').sign(id, 'update', new Date()),
          'a switch-off link': links.sign(id, 'off', new Date()),
        }
        for (const [label, token] of Object.entries(refused)) {
          const answer = await patch(token, { ...criteria, recaptcha_token: await solvedCaptchaToken(origin) })
          count(family, answer.status)
          if (answer.status !== 404) failures.push(`${family}: PATCH with ${label} answered ${answer.status}, not 404`)
        }
        const good = await requestFrom('127.0.0.1', `${origin}/api/contact_applicants/u/${links.sign(id, 'update', new Date())}`)
        count(family, good.status)
        if (good.status !== 200) failures.push(`${family}: a fresh signed link of the alert answered ${good.status}, not 200`)
        const expired = await requestFrom('127.0.0.1', `${origin}/api/contact_applicants/u/${refused['an expired link']}`)
        count(family, expired.status)
        if (expired.status !== 404) failures.push(`${family}: GET with an expired link answered ${expired.status}, not 404`)

        // Off by the key is the unsubscribe link's power; on again by the key mails someone, so it takes the captcha.
        const status = (status, extra = {}) =>
          requestFrom('127.0.0.1', `${origin}/api/contact_applicants/status/${id}`, { method: 'PATCH', headers: { ...json, 'x-applicant-key': first.data.applicant_key }, body: JSON.stringify({ status, contact_applicant_id: id, ...extra }) })
        const off = await status(2)
        count(family, off.status)
        if (off.status !== 200) failures.push(`${family}: switching off by the key answered ${off.status}, not 200`)
        const onWithout = await status(1)
        count(family, onWithout.status)
        if (onWithout.status !== 422) failures.push(`${family}: switching on again by the key without the captcha answered ${onWithout.status}, not 422`)
        const onWith = await status(1, { recaptcha_token: await solvedCaptchaToken(origin) })
        count(family, onWith.status)
        if (onWith.status !== 200) failures.push(`${family}: switching on again by the key with the captcha answered ${onWith.status}, not 200`)
      }
    } finally {
      await server.stop()
    }
  }

  return { counts, failures }
}
