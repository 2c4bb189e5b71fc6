// 'No stored value shown unescaped' (issue 15), for the hostile-input probe (scripts/probe.mjs):
// accepted requests store HTML and script payloads in the free-text fields the site shows again
// (a lead enquiry's names, message and addresses; an alert's contact names and address), then the
// pages and e-mails that show them are read back. A payload must never appear as written (a
// script, an attribute breakout, a javascript: link), and its escaped form must appear where the
// value is shown, so a check that finds nothing cannot pass by accident.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { readMail, solvedCaptchaToken } from './serve-for-tests.mjs'

/** What an attacker would store; each must come back as text, never as markup. */
export const PAYLOADS = {
  script: '<script>alert(1)</script>',
  breakout: '"><img src=x onerror=alert(1)>',
  single: "'><svg onload=alert(1)>",
  link: 'javascript:alert(1)//',
}

const ENTITIES = { '<': ['&lt;', '&#60;', '&#x3c;'], '>': ['&gt;', '&#62;', '&#x3e;'], '"': ['&quot;', '&#34;', '&#x22;'], "'": ['&#39;', '&#x27;', '&apos;'], '&': ['&amp;'] }
const reEscape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** The payload as HTML escaping shows it, whichever entity spelling is used ('>' may stay as it is). */
function escapedPattern(payload) {
  const parts = [...payload].map((c) => {
    const names = ENTITIES[c]
    if (!names) return reEscape(c)
    return `(?:${names.map(reEscape).join('|')}${c === '>' ? '|>' : ''})`
  })
  return new RegExp(parts.join(''), 'i')
}

/** Where a document shows a payload as markup: the payloads with '<' as written, or a javascript: link. */
export function findUnescaped(html) {
  const found = Object.entries(PAYLOADS)
    .filter(([, p]) => p.includes('<') && html.includes(p))
    .map(([name]) => name)
  if (/(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/i.test(html)) found.push('link')
  return found
}

/** The payloads a document shows escaped. */
export function findEscaped(html) {
  return Object.entries(PAYLOADS)
    .filter(([, p]) => p.includes('<') && escapedPattern(p).test(html))
    .map(([name]) => name)
}

async function post(origin, route, body, headers = {}) {
  const response = await fetch(`${origin}${route}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`POST ${route} answered ${response.status}: ${text.slice(0, 300)}`)
  return { response, json: text ? JSON.parse(text) : null }
}

/** Waits for the file transport's e-mail to `to` whose text holds a link to `pathname`, and returns that link's token. */
async function waitForToken(dataDir, to, pathname) {
  const dir = path.join(dataDir, 'outbox')
  const pattern = new RegExp(`${reEscape(pathname)}\\?token=([A-Za-z0-9_-]+)`)
  const deadline = Date.now() + 60_000
  for (;;) {
    const names = (() => {
      try {
        return readdirSync(dir).filter((n) => n.endsWith('.eml')).sort()
      } catch {
        return []
      }
    })()
    for (const name of names.reverse()) {
      const mail = await readMail(path.join(dir, name))
      if (!mail.to.some((address) => address.toLowerCase() === to.toLowerCase())) continue
      const token = pattern.exec(mail.text)?.[1]
      if (token) return token
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with a ${pathname} link arrived`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * Stores the payloads through accepted requests: a visitor's lead enquiry, and an alert whose
 * contact confirms it and logs in. Returns the cookie of that contact's session and the pages to read.
 */
export async function storePayloads({ origin, dataDir, property }) {
  const enquiry = {
    i_would_like: ['to-view-a-property', 'more-details'],
    salutation_id: 3,
    name: PAYLOADS.breakout,
    surname: PAYLOADS.script,
    viewing_lead_date: '2099-07-03T10:30',
    comment: `${PAYLOADS.script} ${PAYLOADS.single} ${PAYLOADS.link}`,
    email: 'stored.values.lead@example.com',
    mobile_phone: '+447400123456',
    contact_address: { suggestion_id: 'addr-probe', display_name: `${PAYLOADS.breakout} Mill Lane, Leeds` },
    i_have_a_property_to_sell: 'no',
    i_have_a_property_to_let: 'no',
    my_property_valued: 'no',
    property_address: `${PAYLOADS.single} Park Row`,
    url: PAYLOADS.link,
    transaction_type_id: property.transaction_type_id ?? 1,
    property_profile_id: property.property_profile_id,
    price: null,
    bedrooms: null,
    confirm: 'confirmed',
    branch_id: null,
    recaptcha_token: await solvedCaptchaToken(origin),
  }
  await post(origin, '/api/leads/enquiry', enquiry)

  // An alert registered by a visitor whose names and address are payloads; confirmed from its e-mail.
  const email = 'stored.values.alert@example.com'
  const questions = (await (await fetch(`${origin}/api/contact_questions/buyer`)).json()).data ?? []
  const place = (await (await fetch(`${origin}/api/places/gb:town:2643123`)).json()).data
  const alert = {
    profile_id: 3,
    contacts: [
      {
        salutation_id: 3,
        name: PAYLOADS.breakout,
        surname: PAYLOADS.single,
        communication_infos: [{ value: email, preferred: true, communication_method_id: 1 }],
        contact_addresses: [{ display_name: `${PAYLOADS.script} Station Road` }],
        subscription_types: [1],
        communication_info_delete: true,
        create_without_email: true,
        contact_source_id: 35,
        contact_profiles: [3],
      },
    ],
    property_criteria: {
      locations: [{ location: place?.name ?? 'Leeds', place_id: 'gb:town:2643123', lat: place?.lat ?? 53.7965, lng: place?.lng ?? -1.5478, distance: 3 }],
      min_price: 100_000,
      max_price: 900_000,
      min_bedroom: 1,
    },
    online_registration: true,
    contact_questions: questions
      .filter((q) => q.contact_question_options.length > 0)
      .map((q) => ({ contact_question_id: q.contact_question_id, answer: q.contact_question_options[0].contact_question_option_id })),
    unknown_user_branch: true,
  }
  await post(origin, '/api/contact_applicants', { ...alert, recaptcha_token: await solvedCaptchaToken(origin) })
  const confirmToken = await waitForToken(dataDir, email, '/heads-up-alerts/confirm')
  await post(origin, '/api/contact_applicants/confirmations', { token: confirmToken })
  await post(origin, '/api/contacts/oauth/magic-links', { email, request_page_url: `${origin}/`, recaptcha_token: await solvedCaptchaToken(origin) })
  const loginToken = await waitForToken(dataDir, email, '/login/verify')
  const login = await post(origin, '/api/contacts/oauth/sessions', { token: loginToken })
  const cookie = login.response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  if (!cookie) throw new Error('logging in set no cookie')
  return { cookie }
}

/** Reads the pages that show the stored values and checks each. Returns the failures and what was seen. */
export async function checkPages({ origin, cookie, property }) {
  const pages = [
    `/property/${property.property_profile_id}/x`,
    '/heads-up-alerts/my-alerts',
    '/heads-up-alerts/update',
    '/',
    '/saved-properties',
  ]
  const failures = []
  const escaped = new Set()
  const seen = []
  for (const page of pages) {
    // Followed like a browser: the update page sends a contact with one alert to that alert's page.
    const response = await fetch(`${origin}${page}`, { headers: { cookie } })
    const html = await response.text()
    for (const name of findUnescaped(html)) failures.push(`page ${page} shows the ${name} payload unescaped`)
    const shown = findEscaped(html)
    for (const name of shown) escaped.add(name)
    const landed = new URL(response.url).pathname
    seen.push(`${page}${landed === page ? '' : ` → ${landed}`} ${response.status}: ${shown.join(', ') || 'none'}`)
  }
  return { failures, pages: pages.length, escaped, seen }
}

/** Checks every e-mail of the outbox table: none shows a payload unescaped in its HTML. */
export async function checkMails(query) {
  const rows = await query(`select kind, html from outbox order by id`)
  const failures = []
  const escaped = new Set()
  for (const { kind, html } of rows) {
    for (const name of findUnescaped(html)) failures.push(`e-mail ${kind} shows the ${name} payload unescaped`)
    for (const name of findEscaped(html)) escaped.add(name)
  }
  return { failures, mails: rows.length, escaped }
}
