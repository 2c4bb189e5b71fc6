// deploy/nginx/agency.conf as the front door tests run it: the same file, its upstream servers, its
// listening address and its cache folder changed, inside an nginx.conf of the test's own (no system
// paths, no daemon), so that what is tested is the file an agency deploys.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Writes `dir/agency.conf` and `dir/nginx.conf`; returns the latter's path. `listen` is nginx's
 * address and port (`127.0.0.1:4110`), `servers` the sites' (`10.0.0.11:3000`). The access log names
 * the upstream and the cache status of each request, which the tests read.
 */
export function renderNginxConf(dir, { listen, servers }) {
  const conf = readFileSync(path.join(ROOT, 'deploy/nginx/agency.conf'), 'utf8')
  const upstream = servers.map((server) => `    server ${server} max_fails=2 fail_timeout=10s;`).join('\n')
  const rendered = conf
    .replace(/^( {4}server 10\.0\.0\.\d+:3000[^\n]*\n)+/m, `${upstream}\n`)
    .replace('listen 80;', `listen ${listen};`)
    .replace('/var/cache/nginx/agency', path.join(dir, 'cache'))
  if (rendered.includes('server 10.0.0.') || !rendered.includes(`listen ${listen};`)) throw new Error('deploy/nginx/agency.conf no longer has the lines this test replaces')
  writeFileSync(path.join(dir, 'agency.conf'), rendered)
  const temp = (name) => path.join(dir, 'temp', name)
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(temp(name), { recursive: true })
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$request_uri $upstream_addr $upstream_cache_status $status';
  access_log ${path.join(dir, 'access.log')} upstreams;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${path.join(dir, 'agency.conf')};
}
`,
  )
  return path.join(dir, 'nginx.conf')
}
