import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Where a generated captcha key is kept, under DATA_DIR. */
export const ALTCHA_KEY_FILE = 'altcha-hmac-key'

/**
 * The key of the self-hosted captcha: ALTCHA_HMAC_KEY when set; otherwise one generated once into
 * DATA_DIR (readable by this user only), so a single-machine install needs no configuration and keeps
 * its key across restarts. Several processes behind a load balancer must share ALTCHA_HMAC_KEY (or DATA_DIR).
 */
export function getAltchaHmacKey(dataDir: string, configured: string | undefined): string {
  if (configured) return configured
  const file = path.join(dataDir, ALTCHA_KEY_FILE)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32).toString('hex')
  writeFileSync(file, `${key}\n`, { mode: 0o600 })
  return key
}
