import { ALERT_PATHS, APPLICANT_PROFILE, APPLICANT_STATUS, isAlertLinkTokenShaped, isTokenShaped } from '@agency/domain'
import { contactApplicants, type Db } from '@agency/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { changeAlertStatus } from '#app/alerts/commands.ts'
import { recordConsent } from '#app/alerts/consent.ts'
import { ALERT_UNSUBSCRIBE_PATH, alertRecipients } from '#app/alerts/delivery.ts'
import { loadMailBrand, loadMailBranch } from '#app/mail/brand.ts'
import { enqueueMail } from '#app/mail/outbox.ts'
import { renderAlertSwitchedOffMail, toCriteriaFacts } from '#app/mail/templates/alerts.tsx'
import { escapeHtml } from '#app/html.ts'
import { getSiteSettings } from '#app/queries/catalogue.ts'

/**
 * The switch-off link's token: a signed alert link (alert-links.ts, 'off'), or the 64 hex characters
 * of contact_applicants.unsubscribe_token that e-mails sent before the signed links carry (it only
 * ever switches its alert off).
 */
const TokenQuerySchema = z.object({ token: z.string().max(200).default('') })

/** A small page of its own (the API's CSP forbids styles and scripts: plain HTML is all it needs). */
function toPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`
}

const NOT_FOUND_PAGE = toPage(
  'Link not recognised',
  '<p>This unsubscribe link is not recognised. The alert may have been deleted, or the link was copied incompletely.</p><p><a href="/">Go to the home page</a></p>',
)

/**
 * GET and POST /alerts/unsubscribe?token= (API.md, RFC 8058): the Heads Up e-mails' unsubscribe link.
 * GET only shows what would happen and a button (link scanners and previews fetch links); POST, from
 * that button or a mail client's one-click unsubscribe (body `List-Unsubscribe=One-Click`), switches
 * the alert off and records it. The token does nothing else. An unknown token is 404.
 */
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

  app.get(
    '/unsubscribe',
    { schema: { summary: 'The confirm page of an alert e-mail\'s unsubscribe link (changes nothing)', tags: ['alerts'], querystring: TokenQuerySchema } },
    async (request, reply) => {
      const row = await findAlert(request.query.token)
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      if (!row) return reply.code(404).send(NOT_FOUND_PAGE)
      const agency = (await getSiteSettings(app.db)).agency_name
      const action = `${ALERT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`
      const off = row.contact_applicant_status_id === APPLICANT_STATUS.OFF
      const body = off
        ? `<p>This alert is already switched off: you will receive no more e-mails from it.</p>`
        : `<p>Switch off this Heads Up Property Alert? You will receive no more e-mails from it. Your other alerts with ${escapeHtml(agency)} are not changed.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="confirm" value="yes"><button type="submit">Unsubscribe</button></form>`
      return reply.send(toPage(off ? 'Alert already switched off' : 'Unsubscribe from this alert', body))
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
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      const where = alertOf(token)
      if (!where) return reply.code(404).send(NOT_FOUND_PAGE)
      const oneClick = typeof request.body === 'string' && /(^|&|\b)List-Unsubscribe=One-Click\b/.test(request.body)
      const found = await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(contactApplicants).where(where).for('update')
        if (!row) return false
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
        return true
      })
      if (!found) return reply.code(404).send(NOT_FOUND_PAGE)
      return reply.send(
        toPage('You have unsubscribed', `<p>This Heads Up Property Alert is switched off: you will receive no more e-mails from it. You can switch it on again from your alerts at any time.</p><p><a href="${ALERT_PATHS.MY_ALERTS}">My alerts</a></p><p><a href="/">Go to the home page</a></p>`),
      )
    },
  )
}

export default alerts
