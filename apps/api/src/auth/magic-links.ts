import { COMMUNICATION_METHOD, MAGIC_LINK_TTL_MS, MESSAGES, PROPERTIES_PATH, toSafeReturnPath } from '@agency/domain'
import { communicationInfos, contactApplicants, contacts, magicLinks, type Db } from '@agency/db'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { findStoredAnswer, storeAnswer } from '#app/alerts/idempotency.ts'
import { enqueueMail } from '#app/mail/outbox.ts'
import { loadMailBrand } from '#app/mail/brand.ts'
import { renderMagicLinkMail } from '#app/mail/templates/magic-link.tsx'
import { hitRateLimit, type RateLimitRule } from './rate-limit.ts'
import { createToken, hashToken, isTokenShaped } from './tokens.ts'

/** A login link is valid this long. */
export { MAGIC_LINK_TTL_MS }
/** The page of the web app that shows the 'Log in' button for a link. */
export const MAGIC_LINK_PAGE = '/login/verify'

/** Limits on login link requests. */
export interface MagicLinkLimits {
  perEmail: RateLimitRule
  perIp: RateLimitRule
}

/** 5 an hour per e-mail address, 20 an hour per IP address. */
export const DEFAULT_MAGIC_LINK_LIMITS: MagicLinkLimits = {
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
  perIp: { limit: 20, windowMs: 60 * 60_000 },
}

/** What happened to a login link request; the caller answers the same whatever it is. */
export type MagicLinkOutcome = 'sent' | 'unknown_email' | 'rate_limited' | 'replayed'

/**
 * The idempotency scope of login link requests for one address: a key names a request for that
 * address only, so a key sent again with another address is a new request.
 */
function magicLinkScope(email: string): string {
  return `magic-link:${hashToken(email.trim().toLowerCase())}`
}

/** True when a login link request for `email` was already handled under `key` (a retry). */
export async function isMagicLinkRequestHandled(db: Db, email: string, key: string): Promise<boolean> {
  return (await findStoredAnswer(db, magicLinkScope(email), key)) !== null
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
 * SPEC §7 POST /contacts/oauth/magic-links, after validation and the captcha: counts the request
 * against the per-e-mail and per-IP limits, and for a known contact within them stores a new link
 * (its hash) and queues its e-mail in the same transaction, and gives the contact's alerts new
 * applicant keys (rotateApplicantKeys). The same work is done for unknown
 * addresses up to the point where there is nobody to write to, so the answer time says little.
 */
export async function requestMagicLink(
  db: Db,
  input: { email: string; requestPageUrl: string | null; ip: string; idempotencyKey?: string | null },
  deps: MagicLinkDeps,
): Promise<MagicLinkOutcome> {
  const now = deps.now()
  const email = input.email.trim()
  const token = createToken()
  const tokenHash = hashToken(token)
  // SPEC §7 request_page_url: a path or a URL of the site; anything else is forgotten, so the link
  // cannot turn the login into an open redirect.
  const redirect = toSafeReturnPath(input.requestPageUrl, deps.publicUrl)
  const emailKey = `magic-link:email:${hashToken(email.toLowerCase())}`
  const ipKey = `magic-link:ip:${input.ip}`

  return db.transaction(async (tx) => {
    // API.md Idempotency-Key: the first request under a key does the work; a retry (one whose answer
    // was lost, or a twin racing it) finds the key taken, waits for that transaction, and does nothing.
    if (input.idempotencyKey) {
      const first = await storeAnswer(tx, {
        scope: magicLinkScope(email),
        key: input.idempotencyKey,
        requestHash: hashToken(email.toLowerCase()),
        status: 202,
        body: { data: { message: MESSAGES.MAGIC_LINK_SENT } },
        contactApplicantId: null,
        now,
      })
      if (!first) return 'replayed'
    }
    const perEmail = await hitRateLimit(tx, emailKey, deps.limits.perEmail, now)
    const perIp = await hitRateLimit(tx, ipKey, deps.limits.perIp, now)
    const contact = await findContactByEmail(tx, email)
    if (!perEmail.allowed || !perIp.allowed) return 'rate_limited'
    if (!contact) return 'unknown_email'
    await rotateApplicantKeys(tx, contact.contact_id)

    await tx.insert(magicLinks).values({
      token_hash: tokenHash,
      contact_id: contact.contact_id,
      request_page_url: redirect,
      created_at: now,
      expires_at: new Date(now.getTime() + MAGIC_LINK_TTL_MS),
    })
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
  })
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

/**
 * Spends a login link: one atomic UPDATE that succeeds for one caller only, and only while the link
 * is unused and unexpired. The contact's other unused links end with it. null for an unknown,
 * used, expired or malformed token.
 */
export async function spendMagicLink(db: Db, token: string, now: Date): Promise<SpentMagicLink | null> {
  if (!isTokenShaped(token)) return null
  const [spent] = await db
    .update(magicLinks)
    .set({ used_at: now })
    .where(
      and(
        eq(magicLinks.token_hash, hashToken(token)),
        isNull(magicLinks.used_at),
        sql`${magicLinks.expires_at} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: magicLinks.magic_link_id, contact_id: magicLinks.contact_id, request_page_url: magicLinks.request_page_url })
  if (!spent) return null
  await db
    .update(magicLinks)
    .set({ used_at: now })
    .where(and(eq(magicLinks.contact_id, spent.contact_id), isNull(magicLinks.used_at), ne(magicLinks.magic_link_id, spent.id)))
  return { contact_id: spent.contact_id, redirect_to: spent.request_page_url ?? PROPERTIES_PATH }
}
