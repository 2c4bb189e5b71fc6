import { isAlertLinkTokenShaped, type ApplicantView } from '@agency/domain'
import type { FastifyInstance } from 'fastify'
import { findApplicant, findApplicantByKey, toApplicantView } from '#app/alerts/views.ts'
import type { Session } from '#app/auth/session.ts'
import { isTokenShaped } from '#app/auth/tokens.ts'

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
