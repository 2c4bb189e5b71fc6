import { ALERT_PATHS, APPLICANT_PROFILE, APPLICANT_STATUS, isAlertLinkTokenShaped, isTokenShaped } from '@agency/domain'
import { contactApplicants, type Db } from '@agency/db'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { changeAlertStatus } from '#app/alerts/commands.ts'
import { recordConsent } from '#app/alerts/consent.ts'
import { ALERT_UNSUBSCRIBE_PATH, alertRecipients } from '#app/alerts/delivery.ts'
import { createHash } from 'node:crypto'
import { loadMailBrand, loadMailBranch, type MailBrand } from '#app/mail/brand.ts'
import { enqueueMail } from '#app/mail/outbox.ts'
import { renderAlertSwitchedOffMail, toCriteriaFacts } from '#app/mail/templates/alerts.tsx'
import { escapeHtml } from '#app/html.ts'
import { linkColour, textColourOn } from '#app/mail/components.tsx'

/**
 * The switch-off link's token: a signed alert link (alert-links.ts, 'off'), or the 64 hex characters
 * of contact_applicants.unsubscribe_token that e-mails sent before the signed links carry (it only
 * ever switches its alert off).
 */
const TokenQuerySchema = z.object({ token: z.string().max(200).default('') })

/** A colour of the brand as CSS takes it, else the site's own navy or teal. */
const toCssColour = (colour: string, fallback: string) => (/^#[0-9a-f]{3,8}$/i.test(colour) ? colour : fallback)

/**
 * A small page of its own, in the agency's colours with its logo, name and company details, as its
 * e-mails look: the link comes from one of them, and a bare page would look like a phishing one. Its
 * one style block is allowed by its hash in the page's own Content-Security-Policy (the API's forbids
 * styles); it has no script.
 */
function toPage(brand: MailBrand, title: string, body: string): { html: string; csp: string } {
  // As the e-mails use them: the primary behind the header and the button, the accent only as a line,
  // text and links in whichever colour reads on them.
  const primary = toCssColour(brand.colours.primary, '#0b2545')
  const accent = toCssColour(brand.colours.accent, '#115e59')
  const onPrimary = textColourOn(primary)
  const link = linkColour(primary)
  const style = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937;background:#f4f6f8;line-height:1.5}
header{background:${primary};border-bottom:4px solid ${accent};padding:12px 16px}header a{display:inline-flex;align-items:center;gap:10px;min-height:44px;color:${onPrimary};font-weight:700;text-decoration:none}header img{height:40px;width:auto}
main{max-width:36rem;margin:24px auto;padding:24px;background:#fff;border-radius:12px}h1{margin-top:0;font-size:1.5rem;color:${link}}
.alert{padding:12px 16px;border-left:4px solid ${accent};background:#f4f6f8}button{font:inherit;font-weight:700;color:${onPrimary};background:${primary};border:0;border-radius:999px;padding:10px 24px;min-height:44px;cursor:pointer}
a{color:${link}}footer{max-width:36rem;margin:0 auto 24px;padding:0 24px;font-size:.8125rem;color:#4b5563}`
  const hash = createHash('sha256').update(style).digest('base64')
  const logo = brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="">` : ''
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(brand.agencyName)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${style}</style></head>
<body>
<header><a href="/">${logo}<span>${escapeHtml(brand.agencyName)}</span></a></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
<footer>${brand.companyLines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</footer>
</body>
</html>
`
  const origin = URL.canParse(brand.origin) ? new URL(brand.origin).origin : ''
  return { html, csp: `default-src 'none'; img-src 'self' ${origin}; style-src 'sha256-${hash}'; base-uri 'none'; frame-ancestors 'none'` }
}

/** A page's title and its body's HTML. */
interface PageText {
  title: string
  body: string
}

/** Answers `page` as the agency's (toPage), with its own Content-Security-Policy. */
function sendPage(reply: FastifyReply, brand: MailBrand, page: PageText, status: number): FastifyReply {
  const { html, csp } = toPage(brand, page.title, page.body)
  return reply.code(status).header('content-security-policy', csp).send(html)
}

const NOT_FOUND: PageText = {
  title: 'Link not recognised',
  body: '<p>This unsubscribe link is not recognised. The alert may have been deleted, or the link was copied incompletely.</p><p><a href="/">Go to the home page</a></p>',
}

/** Which alert a page is about, in the words of its e-mails: buying or renting, its places and its price. */
function describeAlert(row: typeof contactApplicants.$inferSelect): string {
  const searchType = row.profile_id === APPLICANT_PROFILE.TENANT ? 'lettings' : 'sales'
  const facts = toCriteriaFacts(row.criteria, searchType, new Map()).slice(0, 2)
  return `<p class="alert">Heads Up Property Alert for ${searchType === 'lettings' ? 'renting' : 'buying'}: ${facts.map(([, value]) => escapeHtml(value)).join(' · ')}</p>`
}

/**
 * The one e-mail that confirms an alert switched off from its e-mail, to each of its people with an
 * e-mail address, in the switch's transaction (so it is sent once, and only when it happened).
 */
async function enqueueSwitchedOffMails(tx: Db, row: typeof contactApplicants.$inferSelect, publicUrl: string, now: Date) {
  const to = (await alertRecipients(tx, [row.contact_applicant_id])).get(row.contact_applicant_id) ?? []
  if (to.length === 0) return
  const [brand, branch] = await Promise.all([loadMailBrand(tx, publicUrl), loadMailBranch(tx, row.branch_id)])
  // Its places and price: what tells one alert from another (the rest is on the alert's page).
  const searchType = row.profile_id === APPLICANT_PROFILE.TENANT ? 'lettings' : 'sales'
  const criteria = toCriteriaFacts(row.criteria, searchType, new Map()).slice(0, 2)
  for (const recipient of to) {
    const mail = await renderAlertSwitchedOffMail({
      brand,
      branch,
      name: recipient.name,
      looking: searchType === 'lettings' ? 'renting' : 'buying',
      criteria,
      myAlertsLink: `${brand.origin}${ALERT_PATHS.MY_ALERTS}`,
      switchedOffAt: now,
    })
    await enqueueMail(tx, { kind: 'alert_switched_off', to: recipient.email, ...mail }, now)
  }
}

const alerts: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, options) => {
  // Mail clients post the one-click body form-encoded (or as multipart); only its presence matters.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, String(body)),
  )

  /** The condition that finds the alert a token names, or null for a token that names none. */
  function alertOf(token: string) {
    if (isAlertLinkTokenShaped(token)) {
      const id = app.alertLinks.verify(token, 'off', new Date())
      return id === null ? null : eq(contactApplicants.contact_applicant_id, id)
    }
    return isTokenShaped(token) ? eq(contactApplicants.unsubscribe_token, token) : null
  }

  async function findAlert(token: string) {
    const where = alertOf(token)
    if (!where) return null
    const [row] = await app.db.select().from(contactApplicants).where(where)
    return row ?? null
  }

  /**
   * GET and POST /alerts/unsubscribe?token= (API.md, RFC 8058): the Heads Up e-mails' unsubscribe link.
   * GET only shows what would happen and a button (link scanners and previews fetch links); POST, from
   * that button or a mail client's one-click unsubscribe (body `List-Unsubscribe=One-Click`), switches
   * the alert off and records it. The token does nothing else. An unknown token is 404.
   */
  app.get(
    '/unsubscribe',
    { schema: { summary: 'The confirm page of an alert e-mail\'s unsubscribe link (changes nothing)', tags: ['alerts'], querystring: TokenQuerySchema } },
    async (request, reply) => {
      const row = await findAlert(request.query.token)
      const brand = await loadMailBrand(app.db, options.publicUrl)
      const send = (page: PageText, status = 200) => sendPage(reply, brand, page, status)
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      if (!row) return send(NOT_FOUND, 404)
      const action = `${ALERT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`
      const off = row.contact_applicant_status_id === APPLICANT_STATUS.OFF
      const body = off
        ? `${describeAlert(row)}<p>This alert is already switched off: you will receive no more e-mails from it.</p>`
        : `${describeAlert(row)}<p>Switch off this alert? You will receive no more e-mails from it. Your other alerts with ${escapeHtml(brand.agencyName)} are not changed.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="confirm" value="yes"><button type="submit">Unsubscribe</button></form>`
      return send({ title: off ? 'Alert already switched off' : 'Unsubscribe from this alert', body })
    },
  )

  app.post(
    '/unsubscribe',
    {
      // A mail client's one-click unsubscribe sends no Origin of this site: the token is the authority.
      config: { originCheck: false },
      schema: { summary: 'Switch an alert off from its e-mail (RFC 8058 one-click, or the confirm page\'s button)', tags: ['alerts'], querystring: TokenQuerySchema },
    },
    async (request, reply) => {
      const token = request.query.token
      const brand = await loadMailBrand(app.db, options.publicUrl)
      const send = (page: PageText, status = 200) => sendPage(reply, brand, page, status)
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      const where = alertOf(token)
      if (!where) return send(NOT_FOUND, 404)
      const oneClick = typeof request.body === 'string' && /(^|&|\b)List-Unsubscribe=One-Click\b/.test(request.body)
      const found = await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(contactApplicants).where(where).for('update')
        if (!row) return null
        const now = new Date()
        if (row.contact_applicant_status_id !== APPLICANT_STATUS.OFF) {
          await changeAlertStatus(tx, row, APPLICANT_STATUS.OFF, now)
          // A confirmed alert's people are told once; an unconfirmed one never mailed them.
          if (row.is_confirmed) await enqueueSwitchedOffMails(tx, row, options.publicUrl, now)
        }
        await recordConsent(tx, {
          contact_id: row.contact_id,
          contact_applicant_id: row.contact_applicant_id,
          action: 'unsubscribed',
          method: oneClick ? 'one_click' : 'unsubscribe_page',
          now,
        })
        return row
      })
      if (!found) return send(NOT_FOUND, 404)
      return send({
        title: 'You have unsubscribed',
        body: `${describeAlert(found)}<p>This alert is switched off: you will receive no more e-mails from it. You can switch it on again from your alerts at any time.</p><p><a href="${ALERT_PATHS.MY_ALERTS}">My alerts</a></p><p><a href="/">Go to the home page</a></p>`,
      })
    },
  )
}

export default alerts
