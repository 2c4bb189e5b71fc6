import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * SESSION_SECRET when set; otherwise one generated once into DATA_DIR (readable by this user only),
 * so a single-machine install needs no configuration and keeps its key across restarts. Several
 * processes behind a load balancer must share SESSION_SECRET (or DATA_DIR).
 */
export function getSessionSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
