// The front door test (scripts/front-door.mjs) runs Debian's nginx. Install it with apt-get when it
// is missing, as ensure-chromium.mjs does for the browser.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export function ensureNginx() {
  if (existsSync(NGINX)) return NGINX
  console.log('nginx is missing: installing Debian’s nginx with apt-get')
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : ''
  execSync(`${sudo}apt-get update`, { stdio: 'inherit' })
  // Installed only: the test runs its own nginx with its own configuration, never the system's service.
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light || ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx`, { stdio: 'inherit' })
  if (!existsSync(NGINX)) throw new Error(`nginx is still missing at ${NGINX}`)
  return NGINX
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNginx()
