import { ALERT_CONSENT_TEXT, ALERT_CONSENT_VERSION, COMMUNICATION_METHOD, type ConsentAction, type ConsentMethod } from '@agency/domain'
import { communicationInfos, consentEvents, type Db } from '@agency/db'
import { and, desc, eq } from 'drizzle-orm'

/**
 * Records consent evidence (PECR, UK GDPR) in the caller's transaction: who (the contact, the alert and
 * the e-mail address at the time), what (given, confirmed, unsubscribed), how, when, and for a consent
 * the words agreed to and their version (packages/domain ALERT_CONSENT_TEXT, ALERT_CONSENT_VERSION).
 */
export async function recordConsent(
  tx: Db,
  input: { contact_id: number; contact_applicant_id: number; action: ConsentAction; method: ConsentMethod; now: Date },
): Promise<void> {
  const [email] = await tx
    .select({ value: communicationInfos.value })
    .from(communicationInfos)
    .where(and(eq(communicationInfos.contact_id, input.contact_id), eq(communicationInfos.communication_method_id, COMMUNICATION_METHOD.EMAIL)))
    .orderBy(desc(communicationInfos.preferred), communicationInfos.communication_info_id)
    .limit(1)
  const isConsent = input.action !== 'unsubscribed'
  await tx.insert(consentEvents).values({
    contact_id: input.contact_id,
    contact_applicant_id: input.contact_applicant_id,
    email: email?.value ?? null,
    action: input.action,
    method: input.method,
    consent_text: isConsent ? ALERT_CONSENT_TEXT : null,
    consent_version: isConsent ? ALERT_CONSENT_VERSION : null,
    created_at: input.now,
  })
}
