import { createHmac, timingSafeEqual } from 'node:crypto'
import { isAlertLinkTokenShaped } from '@agency/domain'

/**
 * The signed links of the Heads Up e-mails (the 'Update your alert' link and the switch-off link).
 * The e-mail carries neither the alert's applicant key nor anything else that lasts: a token that
 * names one alert, says what it is for, expires after ALERT_LINK_TTL_MS and is signed with the site's
 * key (ALTCHA_HMAC_KEY, or the one generated into DATA_DIR), so a forwarded or leaked e-mail stops
 * opening the alert a month on, and a link of one alert opens no other. What a link opens is what the
 * bare applicant key opens: the alert's criteria, questions and status, never its people's details.
 *
 * Shape (packages/domain ALERT_LINK_TOKEN_SHAPE): `a1.<alert id>.<expiry, seconds, base 36>.<HMAC>`.
 */

/** How long an e-mail's link opens its alert: 30 days. */
export const ALERT_LINK_TTL_MS = 30 * 24 * 60 * 60_000

/** What a link is for: the update page, or switching the alert off. */
export type AlertLinkPurpose = 'update' | 'off'

/** Signs and checks alert links. */
export interface AlertLinks {
  /** A link token for `alertId`, valid ALERT_LINK_TTL_MS from `now`. */
  sign(alertId: number, purpose: AlertLinkPurpose, now: Date): string
  /** The alert a token names, when it is well signed for `purpose` and unexpired at `now`; else null. */
  verify(token: string, purpose: AlertLinkPurpose, now: Date): number | null
}

/** The alert links signed with a key derived from `siteKey` (never the site key itself). */
export function createAlertLinks(siteKey: string): AlertLinks {
  if (siteKey.length < 16) throw new Error('The alert link key must be at least 16 characters')
  const key = createHmac('sha256', siteKey).update('alert-links').digest()
  const mac = (purpose: AlertLinkPurpose, id: string, expiry: string) => createHmac('sha256', key).update(`${purpose}.${id}.${expiry}`).digest()
  return {
    sign(alertId, purpose, now) {
      const id = String(alertId)
      const expiry = Math.floor((now.getTime() + ALERT_LINK_TTL_MS) / 1000).toString(36)
      return `a1.${id}.${expiry}.${mac(purpose, id, expiry).toString('base64url')}`
    },
    verify(token, purpose, now) {
      if (!isAlertLinkTokenShaped(token)) return null
      const [, id = '', expiry = '', signature = ''] = token.split('.')
      // Compared as written: base64url's last character carries two unused bits, so decoding first
      // would take four spellings of one signature.
      const given = Buffer.from(signature)
      const expected = Buffer.from(mac(purpose, id, expiry).toString('base64url'))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      if (Number.parseInt(expiry, 36) * 1000 <= now.getTime()) return null
      const alertId = Number(id)
      return Number.isSafeInteger(alertId) && alertId <= 2_147_483_647 ? alertId : null
    },
  }
}
