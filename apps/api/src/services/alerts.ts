import { timingSafeEqual } from 'node:crypto'
import {
  AlertConfirmationSchema,
  AlertProfileIdSchema,
  APPLICANT_KEY_HEADER,
  APPLICANT_STATUS,
  ApplicantStatusUpdateSchema,
  ApplicantViewSchema,
  COMMUNICATION_METHOD,
  CONTACT_DETAILS_NEED_LOGIN,
  getCommunicationValue,
  isAlertLinkTokenShaped,
  lineText,
  LINK_MESSAGES,
  parseAlertCriteriaUpdate,
  parseAlertRegistration,
  PENDING_ALERT_COOKIE_NAMES,
  toParseResult,
  type AlertMode,
  type AlertPayload,
  type ApplicantQuestion,
  type ApplicantView,
  type ParseResult,
  type PendingApplicant,
} from '@agency/domain'
import { contactApplicants, type Db } from '@agency/db'
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { changeAlertStatus, confirmAlert, registerAlert, updateAlert, updateAlertCriteria } from '#app/alerts/commands.ts'
import { ALERT_MESSAGES } from '#app/alerts/messages.ts'
import { findApplicant, findApplicantByKey, getContactQuestions, listApplicantsOfContact, toApplicantView } from '#app/alerts/views.ts'
import { captchaRefused, pendingCookie } from '#app/anonymous-writes.ts'
import type { Answer, Caller, CookieJar } from '#app/auth/caller.ts'
import { hitRateLimit, perHour, type AddressLimits } from '#app/auth/rate-limit.ts'
import type { Session } from '#app/auth/session.ts'
import { hashToken, isTokenShaped } from '#app/auth/tokens.ts'
import { IdParamSchema, dataResponseSchema } from '#app/schemas.ts'

/**
 * The alerts (SPEC §7 contact_applicants) for the routes and for the pages (the site's services)
 * alike: the reads, and the writes, each of which takes its caller and where its cookies go and gives
 * the answer the route sends.
 */

/** An applicant key or signed update link as the alert routes take it: one line of 1 to 200 characters. */
export const ApplicantKeyParamSchema = lineText().min(1).max(200)

/** A contact's alerts, newest first, as their owner sees them (SPEC §7 applicants_of_contact). */
export async function listAlertsOfContact(db: Db, contactId: number): Promise<ApplicantView[]> {
  const rows = await listApplicantsOfContact(db, contactId)
  return Promise.all(rows.map((row) => toApplicantView(db, row)))
}

/**
 * One alert by its applicant key or its e-mail's signed update link (SPEC §7), as the holder may see
 * it: the owner (the session's contact) all of it, anyone else holding the key without its people
 * (contacts empty, contacts_withheld true). Null for a key or link that names no alert.
 */
export async function findAlertByKey(app: FastifyInstance, key: string, session: Session | null): Promise<ApplicantView | null> {
  let row
  if (isAlertLinkTokenShaped(key)) {
    const id = app.alertLinks.verify(key, 'update', app.sessions.settings.now())
    row = id === null ? null : await findApplicant(app.db, id)
  } else {
    row = isTokenShaped(key) ? await findApplicantByKey(app.db, key) : null
  }
  if (!row) return null
  return session?.contact_id === row.contact_id ? toApplicantView(app.db, row) : toApplicantView(app.db, row, { key })
}

/**
 * Limits on visitors' registrations: from one IP address (over it the answer is 429), and
 * confirmation e-mails to one address (over it the registration is kept but no e-mail is sent, with
 * the same answer, so nobody can flood an inbox or learn anything from the answer).
 */
export type AlertRegistrationLimits = AddressLimits

/** 20 registrations an hour per IP address, 5 confirmation e-mails an hour per address. */
export const DEFAULT_ALERT_REGISTRATION_LIMITS: AlertRegistrationLimits = { perIp: perHour(20), perEmail: perHour(5) }

/** How long the browser remembers a pending alert. */
const PENDING_ALERT_COOKIE_MAX_AGE_S = 24 * 60 * 60

/** What the alert writes need besides the API's instance: the site's address, the limits and the pending-alert cookie. */
export interface AlertWriteSettings {
  publicUrl: string
  limits: AlertRegistrationLimits
  /**
   * The cookie that remembers a visitor's pending alert in their own browser (GET /pending), until the
   * e-mailed link confirms it: `__Host-pending_alert` over https, `pending_alert` over http.
   */
  pending: ReturnType<typeof pendingCookie>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the alert writes need (alertWriteSettings), for the routes and the site's services. */
    alertWrites: AlertWriteSettings
  }
}

/** The alert writes' settings for the site at `publicUrl`; the default limits unless `limits`. */
export function alertWriteSettings(publicUrl: string, limits: AlertRegistrationLimits = DEFAULT_ALERT_REGISTRATION_LIMITS): AlertWriteSettings {
  return { publicUrl, limits, pending: pendingCookie({ publicUrl, names: PENDING_ALERT_COOKIE_NAMES, maxAgeS: PENDING_ALERT_COOKIE_MAX_AGE_S }) }
}

// The payload is checked by the write (parseAlertRegistration), so that a bad one answers 422 with
// SPEC §5's messages rather than the 400 of a malformed request.
export const AlertPayloadBodySchema = z
  .looseObject({
    profile_id: z.unknown().optional(),
    unknown_user_branch: z.boolean().optional(),
    recaptcha_token: z.string().max(8192).optional().describe("The captcha (the login form's): required of a visitor's registration and of an update by key"),
  })
  .describe('SPEC §7 create or update alert payload (create also sends unknown_user_branch: true)')
export type AlertPayloadBody = z.infer<typeof AlertPayloadBodySchema>

/** The applicant key or signed update link of an alert's change without the owner's session. */
export const ApplicantKeyHeaderSchema = z.looseObject({
  [APPLICANT_KEY_HEADER]: lineText()
    .max(200)
    .optional()
    .describe("The alert's applicant key, for a caller without the owner's session"),
})

/** The alert a PATCH names. */
export const AlertIdParamsSchema = z.object({ contact_applicant_id: IdParamSchema })

export const AlertStatusBodySchema = z.looseObject({}).describe('SPEC §7 { status, contact_applicant_id }')

export const AlertConfirmationBodySchema = z.object({ token: lineText().max(512).optional() })

/** The answer of a registration or an update: the alert as its caller may see it. */
export const AlertAnswerSchema = dataResponseSchema(ApplicantViewSchema)

/** The answer of a confirmation: who is now logged in, the alert, and where to go. */
export const AlertConfirmationAnswerSchema = dataResponseSchema(AlertConfirmationSchema)

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(hashToken(a), 'hex')
  const y = Buffer.from(hashToken(b), 'hex')
  return timingSafeEqual(x, y)
}

type ApplicantRow = typeof contactApplicants.$inferSelect

/**
 * How a caller holds an alert: `owner`, its contact's session (everything, people included); `key`,
 * its applicant key or its e-mail's signed update link (alert-links.ts) without that session: the
 * alert's criteria, questions and status only, never its people (CONTACT_DETAILS_NEED_LOGIN).
 */
type Holding = { kind: 'owner' } | { kind: 'key'; key: string }

/** The owner's session, or the key or signed update link given in X-Applicant-Key; null for anyone else. */
function holdingOf(app: FastifyInstance, caller: Caller, row: ApplicantRow): Holding | null {
  if (caller.session?.contact_id === row.contact_id) return { kind: 'owner' }
  const key = caller.headers[APPLICANT_KEY_HEADER]
  if (typeof key !== 'string' || key.length === 0) return null
  if (isAlertLinkTokenShaped(key)) return app.alertLinks.verify(key, 'update', app.sessions.settings.now()) === row.contact_applicant_id ? { kind: 'key', key } : null
  return isTokenShaped(key) && safeEqual(key, row.applicant_key) ? { kind: 'key', key } : null
}

/** The alert as the holder may see it: the owner all of it, a key holder without its people. */
function viewFor(db: Db, row: ApplicantRow, holding: Holding): Promise<ApplicantView> {
  return holding.kind === 'owner' ? toApplicantView(db, row) : toApplicantView(db, row, { key: holding.key })
}

const notFound: Answer = { status: 404, body: { message: ALERT_MESSAGES.APPLICANT_NOT_FOUND } }

/** The payload checked against the questions of its own profile. */
async function parsePayload(db: Db, body: unknown, mode: AlertMode): Promise<{ result: ParseResult<AlertPayload>; questions: ApplicantQuestion[] }> {
  const profile = AlertProfileIdSchema.safeParse((body as { profile_id?: unknown } | null)?.profile_id)
  const questions = profile.success ? await getContactQuestions(db, profile.data) : []
  return { result: parseAlertRegistration(body, mode, questions), questions }
}

/** GET /pending: the visitor's own alert awaiting its e-mailed confirmation, remembered by the caller's cookie; null when none. */
export async function findPendingAlert(app: FastifyInstance, caller: Pick<Caller, 'cookies'>): Promise<PendingApplicant | null> {
  const hash = app.alertWrites.pending.read(caller, isTokenShaped)
  if (!hash) return null
  const [row] = await app.db
    .select()
    .from(contactApplicants)
    .where(and(eq(contactApplicants.pending_cookie_hash, hash), eq(contactApplicants.is_confirmed, false)))
  if (!row) return null
  return { contact_applicant_id: row.contact_applicant_id, profile_id: AlertProfileIdSchema.parse(row.profile_id) }
}

/**
 * POST '': registers an alert (SPEC §7). Logged in: confirmed at once and made active. Visitor: a new
 * pending contact and alert, a confirmation e-mail, and the cookie (in `jar`) that remembers the
 * pending alert. Honours the caller's Idempotency-Key.
 */
export async function registerNewAlert(app: FastifyInstance, caller: Caller, jar: CookieJar, body: AlertPayloadBody): Promise<Answer> {
  const { limits, pending, publicUrl } = app.alertWrites
  const session = caller.session
  // A retry may carry a fresh captcha solution: the registration is the same one.
  const { recaptcha_token: captchaToken, ...payloadBody } = body
  let questions: ApplicantQuestion[] = []
  let pendingToken: ReturnType<typeof pending.issue> | null = null
  return app.anonymousWrite(caller, {
    scope: session ? `contact:${session.contact_id}` : 'visitor',
    payload: payloadBody,
    check: async () => {
      const parsed = await parsePayload(app.db, payloadBody, 'create')
      questions = parsed.questions
      return parsed.result.success ? { ok: true, data: parsed.result.data } : { ok: false, message: parsed.result.message, errors: parsed.result.errors }
    },
    // A visitor's registration takes the captcha and the per-address limit; a contact's session is enough.
    captchaToken: session ? null : (captchaToken ?? ''),
    perAddress: session ? null : { name: 'alert-registration', rule: limits.perIp, message: ALERT_MESSAGES.TOO_MANY_REGISTRATIONS },
    work: async (tx, payload, at) => {
      const email = getCommunicationValue(payload.contacts[0]!, COMMUNICATION_METHOD.EMAIL)
      const mayEmail =
        session !== null ||
        email === null ||
        (await hitRateLimit(tx, `alert-registration:email:${hashToken(email.trim().toLowerCase())}`, limits.perEmail, at)).allowed
      pendingToken = session ? null : pending.issue()
      const registration = await registerAlert(tx, {
        payload,
        questions,
        registrant: session ? { kind: 'contact', contact_id: session.contact_id } : { kind: 'visitor', sendConfirmation: mayEmail, pendingCookieHash: pendingToken!.hash },
        publicUrl,
        now: at,
      })
      return { body: { data: await toApplicantView(tx, registration.row) }, row: registration.row }
    },
    answer: ({ body, row }) => ({ status: 201, body, contactApplicantId: row.contact_applicant_id }),
    // SPEC §4: a logged-in contact's new alert becomes the active one.
    afterStore: async (tx, { row }) => {
      if (session) await app.sessions.setActiveApplicant(caller, row.contact_applicant_id, tx)
    },
    onReplay: async (stored) => {
      if (session || stored.contact_applicant_id === null) return
      // The browser that retries is the one that registered: it remembers the pending alert again.
      const again = pending.issue()
      const [still] = await app.db
        .update(contactApplicants)
        .set({ pending_cookie_hash: again.hash })
        .where(and(eq(contactApplicants.contact_applicant_id, stored.contact_applicant_id), eq(contactApplicants.is_confirmed, false)))
        .returning({ id: contactApplicants.contact_applicant_id })
      if (still) again.set(jar)
    },
    onDone: () => pendingToken?.set(jar),
    now: () => app.sessions.settings.now(),
  })
}

/**
 * PATCH '/:id': updates an alert (SPEC §7 update payload): the owner's session; or its applicant key
 * or e-mail's signed update link in the caller's X-Applicant-Key with the captcha, which change the
 * criteria, answers and frequency only (a payload with contacts is 403); anyone else 404.
 */
export async function changeAlert(app: FastifyInstance, caller: Caller, contactApplicantId: number, body: AlertPayloadBody): Promise<Answer> {
  const row = await findApplicant(app.db, contactApplicantId)
  const holding = row ? holdingOf(app, caller, row) : null
  if (!row || !holding) return notFound
  const { recaptcha_token: captchaToken, ...payloadBody } = body
  const now = () => app.sessions.settings.now()
  if (holding.kind === 'key') {
    // Without the owner's session: the alert's own fields only, and the captcha, as for a registration.
    if ('contacts' in payloadBody) return { status: 403, body: { message: CONTACT_DETAILS_NEED_LOGIN, errors: { contacts: [CONTACT_DETAILS_NEED_LOGIN] } } }
    const questions = await getContactQuestions(app.db, AlertProfileIdSchema.parse(row.profile_id))
    // The profile is the alert's own: a key changes what it looks for, not whether it buys or rents.
    const result = parseAlertCriteriaUpdate({ ...payloadBody, profile_id: row.profile_id }, questions)
    if (!result.success) return { status: 422, body: { message: result.message, errors: result.errors } }
    if (!(await app.captcha.verify(captchaToken ?? '', caller.ip))) return captchaRefused()
    const changed = await app.db.transaction((tx) => updateAlertCriteria(tx, { row, payload: result.data, questions, now: now() }))
    return { status: 200, body: { data: await viewFor(app.db, changed, holding) } }
  }
  const { result, questions } = await parsePayload(app.db, payloadBody, 'update')
  if (!result.success) return { status: 422, body: { message: result.message, errors: result.errors } }
  const updated = await app.db.transaction(async (tx) => {
    const changed = await updateAlert(tx, { row, payload: result.data, questions, now: now() })
    return toApplicantView(tx, changed)
  })
  return { status: 200, body: { data: updated } }
}

/**
 * PATCH '/status/:id': switches an alert on (1) or off (2) (SPEC §4/§7): the owner's session (whose
 * active alert follows, on the caller's session too), or its applicant key or e-mail's signed update
 * link in X-Applicant-Key (answered without the alert's people; on again by key takes the captcha as
 * recaptcha_token); anyone else 404.
 */
export async function switchAlert(app: FastifyInstance, caller: Caller, contactApplicantId: number, body: unknown): Promise<Answer> {
  const row = await findApplicant(app.db, contactApplicantId)
  const holding = row ? holdingOf(app, caller, row) : null
  if (!row || !holding) return notFound
  const parsed = toParseResult(ApplicantStatusUpdateSchema.safeParse(body), ['status', 'contact_applicant_id'])
  if (!parsed.success) return { status: 422, body: { message: parsed.message, errors: parsed.errors } }
  if (parsed.data.contact_applicant_id !== row.contact_applicant_id) {
    return { status: 422, body: { message: ALERT_MESSAGES.STATUS_ID_MISMATCH, errors: { contact_applicant_id: [ALERT_MESSAGES.STATUS_ID_MISMATCH] } } }
  }
  // Off by key is what the e-mail's unsubscribe link does; on again by key sends e-mails to someone,
  // so, as an update by key, it takes the captcha.
  if (holding.kind === 'key' && parsed.data.status === APPLICANT_STATUS.ON) {
    const token = (body as { recaptcha_token?: unknown }).recaptcha_token
    if (!(await app.captcha.verify(typeof token === 'string' ? token : '', caller.ip))) return captchaRefused()
  }
  const session = caller.session
  const ownSession = session?.contact_id === row.contact_id ? session : null
  const { changed, active } = await app.db.transaction(async (tx) => {
    const { row: changed, replacementId } = await changeAlertStatus(tx, row, parsed.data.status, app.sessions.settings.now())
    if (!ownSession) return { changed, active: null }
    if (parsed.data.status === APPLICANT_STATUS.ON && changed.is_confirmed) {
      // SPEC §4: re-enabling an alert makes it the active one.
      await app.sessions.setActiveApplicant(caller, changed.contact_applicant_id, tx)
      return { changed, active: changed.contact_applicant_id }
    }
    if (ownSession.active_contact_applicant_id === changed.contact_applicant_id) {
      caller.session = { ...ownSession, active_contact_applicant_id: replacementId }
      return { changed, active: replacementId }
    }
    return { changed, active: ownSession.active_contact_applicant_id }
  })
  return { status: 200, body: { data: await viewFor(app.db, changed, holding), active_contact_applicant_id: active } }
}

/**
 * POST '/confirmations': confirms an alert from its e-mail (double opt-in; single use): merges its
 * pending contact into the contact with the same e-mail, if any, and logs in (the session cookie in
 * `jar`, and the pending alert's cookie cleared).
 */
export async function confirmAlertFromEmail(app: FastifyInstance, caller: Caller, jar: CookieJar, token: string): Promise<Answer> {
  const { pending, publicUrl } = app.alertWrites
  const result = await app.db.transaction(async (tx) => {
    const confirmed = await confirmAlert(tx, token, publicUrl, app.sessions.settings.now())
    if (!confirmed) return null
    await app.sessions.start(caller, jar, { contact_id: confirmed.contact_id, active_contact_applicant_id: confirmed.row.contact_applicant_id }, tx)
    return confirmed
  })
  if (!result) {
    return { status: 400, body: { message: LINK_MESSAGES.ALERT_CONFIRMATION_INVALID, errors: { token: [LINK_MESSAGES.ALERT_CONFIRMATION_INVALID] } } }
  }
  pending.clear(jar)
  return {
    status: 200,
    body: {
      data: {
        contact_id: result.contact_id,
        contact_applicant_id: result.row.contact_applicant_id,
        applicant_key: result.row.applicant_key,
        redirect_to: result.redirect_to,
      },
    },
  }
}
