import { APPLICANT_PROFILE, SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS, findNewestActiveApplicant, toSessionCookieName } from '@agency/domain'
import { contactApplicants, queryRows, sessions, type Db } from '@agency/db'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Caller, CookieJar } from './caller.ts'
import { createToken, hashToken, isTokenShaped } from './tokens.ts'

/** The logged-in contact of a request. */
export interface Session {
  contact_id: number
  active_contact_applicant_id: number | null
  /** The contact's profiles and the profiles of its applicants (SPEC §4 ids: buyer 3, tenant 5…). */
  profile_ids: number[]
}

/** Timeouts and cookie settings of sessions. */
export interface SessionSettings {
  /** https origins get a Secure, `__Host-` prefixed cookie. */
  publicUrl: string
  /** A session unused this long ends. */
  idleTimeoutMs: number
  /** A session ends this long after login, used or not. */
  absoluteTimeoutMs: number
  now: () => Date
}

// The lifetimes are domain's (retention.ts), which the privacy and cookie pages state.
export { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS }
/** last_seen_at is written at most this often, so reading pages costs no write per request. */
const TOUCH_EVERY_MS = 5 * 60_000

function cookieOptions(settings: SessionSettings) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: new URL(settings.publicUrl).protocol === 'https:',
  }
}

/** What the session lookup reads. */
interface SessionRow extends Record<string, unknown> {
  contact_id: number
  active_contact_applicant_id: number | null
  last_seen_at: Date | string
  profile_ids: number[] | null
}

/** A live session as a lookup finds it. */
type FoundSession = Session & { last_seen_at: Date }

/** The live session whose id hashes to `idHash`, or null when there is none or it has ended. */
export async function findSession(db: Db, idHash: string, settings: SessionSettings): Promise<FoundSession | null> {
  const now = settings.now()
  const idleCutoff = new Date(now.getTime() - settings.idleTimeoutMs)
  const [row] = await queryRows<SessionRow>(
    db,
    sql`select s.contact_id, s.active_contact_applicant_id, s.last_seen_at,
          (select coalesce(json_agg(distinct p.profile_id), '[]'::json) from (
             select profile_id from contact_profiles where contact_id = s.contact_id
             union select profile_id from contact_applicants where contact_id = s.contact_id
           ) p) as profile_ids
        from sessions s
        where s.session_id_hash = ${idHash}
          and s.expires_at > ${now.toISOString()}::timestamptz
          and s.last_seen_at > ${idleCutoff.toISOString()}::timestamptz`,
  )
  if (!row) return null
  return {
    contact_id: Number(row.contact_id),
    active_contact_applicant_id: row.active_contact_applicant_id === null ? null : Number(row.active_contact_applicant_id),
    profile_ids: (row.profile_ids ?? []).map(Number).sort((a, b) => a - b),
    last_seen_at: new Date(row.last_seen_at),
  }
}

/** The applicant a new session starts with (the domain's rule: the contact's newest that is ON), else none. */
export async function pickActiveApplicant(db: Db, contactId: number): Promise<number | null> {
  const applicants = await db
    .select({
      contact_applicant_id: contactApplicants.contact_applicant_id,
      profile_id: contactApplicants.profile_id,
      contact_applicant_status_id: contactApplicants.contact_applicant_status_id,
      created_at: contactApplicants.created_at,
    })
    .from(contactApplicants)
    .where(eq(contactApplicants.contact_id, contactId))
  return findNewestActiveApplicant(applicants)?.contact_applicant_id ?? null
}

/** Inserts a session row and returns the id for the cookie (only its hash is stored). */
export async function insertSession(
  db: Db,
  values: { contact_id: number; active_contact_applicant_id: number | null },
  settings: SessionSettings,
): Promise<string> {
  const id = createToken()
  const now = settings.now()
  await db.insert(sessions).values({
    session_id_hash: hashToken(id),
    contact_id: values.contact_id,
    active_contact_applicant_id: values.active_contact_applicant_id,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + settings.absoluteTimeoutMs),
  })
  return id
}

/** The session id the request's cookie carries, when it has the shape of one. */
export function readSessionCookie(request: Pick<Caller, 'cookies'>, settings: SessionSettings): string | null {
  const value = request.cookies[toSessionCookieName(settings.publicUrl)]
  return value && isTokenShaped(value) ? value : null
}

/** Sessions as other parts of the API start, end and change them (leads and alerts log a contact in). */
export interface SessionService {
  readonly cookieName: string
  readonly settings: SessionSettings
  /**
   * Logs `contact_id` in: a new session with a new id, replacing any session the request came with
   * (session fixation), and its cookie on the reply. `db` may be the caller's transaction.
   */
  start(
    request: Caller,
    reply: CookieJar,
    values: { contact_id: number; active_contact_applicant_id?: number | null },
    db?: Db,
  ): Promise<Session>
  /** Logs out: deletes the session row and clears the cookie. */
  end(request: Caller, reply: CookieJar): Promise<void>
  /** Makes another of the contact's applicants the active one (SPEC §4); null for none. */
  setActiveApplicant(request: Caller, contactApplicantId: number | null, db?: Db): Promise<void>
}

/** The session service over `database`. */
export function createSessionService(database: Db, settings: SessionSettings): SessionService {
  const cookieName = toSessionCookieName(settings.publicUrl)
  const options = cookieOptions(settings)

  async function dropPresented(request: Caller, db: Db): Promise<void> {
    const presented = request.cookies[cookieName]
    if (presented) await db.delete(sessions).where(eq(sessions.session_id_hash, hashToken(presented)))
  }

  return {
    cookieName,
    settings,
    async start(request, reply, values, db = database) {
      await dropPresented(request, db)
      const active =
        values.active_contact_applicant_id === undefined
          ? await pickActiveApplicant(db, values.contact_id)
          : values.active_contact_applicant_id
      const id = await insertSession(db, { contact_id: values.contact_id, active_contact_applicant_id: active }, settings)
      reply.setCookie(cookieName, id, { ...options, maxAge: Math.floor(settings.absoluteTimeoutMs / 1000) })
      const found = await findSession(db, hashToken(id), settings)
      const session: Session = found
        ? { contact_id: found.contact_id, active_contact_applicant_id: found.active_contact_applicant_id, profile_ids: found.profile_ids }
        : { contact_id: values.contact_id, active_contact_applicant_id: active, profile_ids: [] }
      request.session = session
      sessionIdHashes.set(request, hashToken(id))
      return session
    },
    async end(request, reply) {
      await dropPresented(request, database)
      reply.clearCookie(cookieName, options)
      request.session = null
      sessionIdHashes.delete(request)
    },
    async setActiveApplicant(request, contactApplicantId, db = database) {
      const idHash = sessionIdHashes.get(request)
      const session = request.session
      if (!idHash || !session) throw new Error('setActiveApplicant needs a logged-in request')
      if (contactApplicantId !== null) {
        const [own] = await db
          .select({ id: contactApplicants.contact_applicant_id })
          .from(contactApplicants)
          .where(
            and(
              eq(contactApplicants.contact_applicant_id, contactApplicantId),
              eq(contactApplicants.contact_id, session.contact_id),
            ),
          )
        if (!own) throw new Error('The applicant does not belong to the session contact')
      }
      await db.update(sessions).set({ active_contact_applicant_id: contactApplicantId }).where(eq(sessions.session_id_hash, idHash))
      request.session = { ...session, active_contact_applicant_id: contactApplicantId }
      activeApplicants.delete(request)
    },
  }
}

/** The stored hash of each logged-in request's session id, kept off the public session object. */
const sessionIdHashes = new WeakMap<Caller, string>()

/** Finds the session and refreshes last_seen_at now and then, which keeps the idle timeout moving. */
async function lookUpSession(db: Db, idHash: string, settings: SessionSettings): Promise<FoundSession | null> {
  const found = await findSession(db, idHash, settings)
  if (!found) return null
  const now = settings.now()
  if (now.getTime() - found.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.session_id_hash, idHash))
  }
  return found
}

/**
 * Reads the caller's session once (one indexed lookup; none without a cookie) and refreshes
 * last_seen_at now and then: an API request's, or a page request's for the site's services (page-caller.ts).
 */
export async function loadRequestSession(request: Caller, db: Db, settings: SessionSettings): Promise<void> {
  request.session = null
  const id = readSessionCookie(request, settings)
  if (!id) return
  const idHash = hashToken(id)
  const session = await findSessionOfId(db, idHash, settings)
  if (!session) return
  request.session = session
  sessionIdHashes.set(request, idHash)
}

/** The live session whose id hashes to `idHash`, as a request carries it. */
async function findSessionOfId(db: Db, idHash: string, settings: SessionSettings): Promise<Session | null> {
  const found = await lookUpSession(db, idHash, settings)
  if (!found) return null
  return {
    contact_id: found.contact_id,
    active_contact_applicant_id: found.active_contact_applicant_id,
    profile_ids: [...found.profile_ids],
  }
}

// ---------------------------------------------------------------------------------------------
// Access helpers for the catalogue
// ---------------------------------------------------------------------------------------------

/**
 * SPEC §6: whether the caller may see locked (pre-market) properties in full — a logged-in contact
 * with a buyer or tenant profile or applicant.
 */
export function canSeeLocked(request: FastifyRequest): boolean {
  return sessionSeesLocked(request.session)
}

/** canSeeLocked for a session (null: a visitor). */
export function sessionSeesLocked(session: Session | null): boolean {
  const profiles = session?.profile_ids ?? []
  return profiles.includes(APPLICANT_PROFILE.BUYER) || profiles.includes(APPLICANT_PROFILE.TENANT)
}

/** The active applicant of a session, as match scoring needs it. */
export interface ActiveApplicant {
  contact_applicant_id: number
  profile_id: number
  criteria: typeof contactApplicants.$inferSelect.criteria
}

const activeApplicants = new WeakMap<Caller, Promise<ActiveApplicant | null>>()

/**
 * The session's active applicant and its criteria (SPEC §2 match percentage), or null for a visitor
 * or a contact without one. Read once per request.
 */
export function getActiveApplicantCriteria(request: FastifyRequest): Promise<ActiveApplicant | null> {
  const cached = activeApplicants.get(request)
  if (cached) return cached
  const result = findActiveApplicant(request.server.db, request.session)
  activeApplicants.set(request, result)
  return result
}

/** The active applicant of `session` and its criteria (getActiveApplicantCriteria); null for a visitor or a contact without one. */
export function findActiveApplicant(db: Db, session: Session | null): Promise<ActiveApplicant | null> {
  const id = session?.active_contact_applicant_id ?? null
  if (!session || id === null) return Promise.resolve(null)
  return db
    .select({
      contact_applicant_id: contactApplicants.contact_applicant_id,
      profile_id: contactApplicants.profile_id,
      criteria: contactApplicants.criteria,
    })
    .from(contactApplicants)
    .where(and(eq(contactApplicants.contact_applicant_id, id), eq(contactApplicants.contact_id, session.contact_id)))
    .then((rows) => rows[0] ?? null)
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in contact, or null for a visitor. Set on every request under the API. */
    session: Session | null
  }
  interface FastifyInstance {
    /** Starting, ending and changing sessions. */
    sessions: SessionService
  }
}
