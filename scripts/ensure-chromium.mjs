// End-to-end tests drive Debian's Chromium. Install it with apt-get when it is missing; never a
// browser download of a test tool's own.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM
  console.log('Chromium is missing: installing Debian’s chromium with apt-get')
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : ''
  execSync(`${sudo}apt-get update`, { stdio: 'inherit' })
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium`, { stdio: 'inherit' })
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is still missing at ${CHROMIUM}`)
  return CHROMIUM
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium()
