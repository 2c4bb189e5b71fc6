import { COMMUNICATION_METHOD, MAGIC_LINK_TTL_MS, PROPERTIES_PATH, toSafeReturnPath, type LoginLinkState } from '@agency/domain'
import { communicationInfos, contactApplicants, contacts, magicLinks, type Db } from '@agency/db'
import { and, eq, sql } from 'drizzle-orm'
import { enqueueMail } from '#app/mail/outbox.ts'
import { loadMailBrand } from '#app/mail/brand.ts'
import { renderMagicLinkMail } from '#app/mail/templates/magic-link.tsx'
import { hitRateLimit, perHour, type AddressLimits } from './rate-limit.ts'
import { issueOneTimeToken, readOneTimeToken, spendOneTimeToken } from './one-time-tokens.ts'
import { createToken, hashToken } from './tokens.ts'

/** A login link is valid this long. */
export { MAGIC_LINK_TTL_MS }
/** The page of the web app that shows the 'Log in' button for a link. */
export const MAGIC_LINK_PAGE = '/login/verify'

/** Limits on login link requests, per e-mail address and per IP address. */
export type MagicLinkLimits = AddressLimits

/** 5 an hour per e-mail address, 20 an hour per IP address. */
export const DEFAULT_MAGIC_LINK_LIMITS: MagicLinkLimits = { perEmail: perHour(5), perIp: perHour(20) }

/** What happened to a login link request; the caller answers the same whatever it is. */
export type MagicLinkOutcome = 'sent' | 'unknown_email' | 'rate_limited'

/**
 * The idempotency scope of login link requests for one address: a key names a request for that
 * address only, so a key sent again with another address is a new request.
 */
export function magicLinkScope(email: string): string {
  return `magic-link:${hashToken(email.trim().toLowerCase())}`
}

/**
 * The contact an e-mail address names (case-insensitive), through the unique index on
 * lower(value) of e-mail communication infos.
 */
export async function findContactByEmail(db: Db, email: string): Promise<{ contact_id: number; name: string; email: string } | null> {
  const [row] = await db
    .select({ contact_id: contacts.contact_id, name: contacts.name, email: communicationInfos.value })
    .from(communicationInfos)
    .innerJoin(contacts, eq(contacts.contact_id, communicationInfos.contact_id))
    .where(
      and(
        eq(communicationInfos.communication_method_id, COMMUNICATION_METHOD.EMAIL),
        // A visitor's unconfirmed registration is nobody's login identity.
        eq(communicationInfos.is_pending, false),
        sql`lower(${communicationInfos.value}) = lower(${email})`,
      ),
    )
    .limit(1)
  return row ?? null
}

/** What a login link request needs besides the database. */
export interface MagicLinkDeps {
  publicUrl: string
  limits: MagicLinkLimits
  now: () => Date
}

/**
 * SPEC §7 POST /contacts/oauth/magic-links, after validation and the captcha, in the caller's
 * transaction (which keeps the answer under the request's Idempotency-Key: app.anonymousWrite):
 * counts the request against the per-e-mail and per-IP limits, and for a known contact within them
 * stores a new link (its hash) and queues its e-mail, and gives the contact's alerts new applicant
 * keys (rotateApplicantKeys). The same work is done for unknown addresses up to the point where
 * there is nobody to write to, so the answer time says little.
 */
export async function requestMagicLink(
  tx: Db,
  input: { email: string; requestPageUrl: string | null; ip: string },
  deps: MagicLinkDeps,
  now: Date,
): Promise<MagicLinkOutcome> {
  const email = input.email.trim()
  const { token, row: tokenRow } = issueOneTimeToken(now, MAGIC_LINK_TTL_MS)
  // SPEC §7 request_page_url: a path or a URL of the site; anything else is forgotten, so the link
  // cannot turn the login into an open redirect.
  const redirect = toSafeReturnPath(input.requestPageUrl, deps.publicUrl)
  const perEmail = await hitRateLimit(tx, `magic-link:email:${hashToken(email.toLowerCase())}`, deps.limits.perEmail, now)
  const perIp = await hitRateLimit(tx, `magic-link:ip:${input.ip}`, deps.limits.perIp, now)
  const contact = await findContactByEmail(tx, email)
  if (!perEmail.allowed || !perIp.allowed) return 'rate_limited'
  if (!contact) return 'unknown_email'
  await rotateApplicantKeys(tx, contact.contact_id)

  await tx.insert(magicLinks).values({ ...tokenRow, contact_id: contact.contact_id, request_page_url: redirect })
  const link = `${new URL(deps.publicUrl).origin}${MAGIC_LINK_PAGE}?token=${token}`
  const mail = await renderMagicLinkMail({
    brand: await loadMailBrand(tx, deps.publicUrl),
    link,
    expiresInMinutes: MAGIC_LINK_TTL_MS / 60_000,
    name: contact.name,
  })
  // To the address on record, not the one typed: they match only case-insensitively.
  await enqueueMail(tx, { kind: 'magic_link', to: contact.email, ...mail }, now)
  return 'sent'
}

/**
 * Gives each of a contact's alerts a new applicant key, when they ask for a login link: a key seen
 * before (in an old e-mail, a shared screen, a browser's history) opens the alert no more, and the
 * session the link starts reaches every alert anyway. The e-mails' signed links (alert-links.ts) do
 * not depend on the key and keep working until they expire.
 */
async function rotateApplicantKeys(tx: Db, contactId: number): Promise<void> {
  const alerts = await tx.select({ id: contactApplicants.contact_applicant_id }).from(contactApplicants).where(eq(contactApplicants.contact_id, contactId))
  for (const alert of alerts) {
    await tx.update(contactApplicants).set({ applicant_key: createToken() }).where(eq(contactApplicants.contact_applicant_id, alert.id))
  }
}

/** A spent link: who logs in, and where to (SPEC §2 PROPERTIES when the request named no page). */
export interface SpentMagicLink {
  contact_id: number
  redirect_to: string
}

/** Spends a login link (spendOneTimeToken): who logs in and where to; null for a bad token. */
export async function spendMagicLink(db: Db, token: string, now: Date): Promise<SpentMagicLink | null> {
  const spent = await spendOneTimeToken(db, 'login', token, now)
  if (!spent) return null
  const [link] = await db.select({ request_page_url: magicLinks.request_page_url }).from(magicLinks).where(eq(magicLinks.magic_link_id, spent.id))
  return { contact_id: spent.holder, redirect_to: link?.request_page_url ?? PROPERTIES_PATH }
}

/**
 * What a login link's page may say before Log in is pressed: usable, used, expired, or invalid (a
 * token never sent, or malformed). Read only: the token stays as it was. It tells nothing of an
 * e-mail address; only a link the site sent can be anything but invalid.
 */
export async function checkMagicLink(db: Db, token: string, now: Date): Promise<LoginLinkState> {
  return (await readOneTimeToken(db, 'login', token, now))?.state ?? 'invalid'
}
