import { isAlertLinkTokenShaped, lineText, type ApplicantView } from '@agency/domain'
import type { Db } from '@agency/db'
import type { FastifyInstance } from 'fastify'
import { findApplicant, findApplicantByKey, listApplicantsOfContact, toApplicantView } from '#app/alerts/views.ts'
import type { Session } from '#app/auth/session.ts'
import { isTokenShaped } from '#app/auth/tokens.ts'

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
