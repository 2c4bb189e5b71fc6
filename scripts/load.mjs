// `npm run test:load` (issue 15, load): drives the production build to saturation on loopback with
// autocannon and shows that it sheds load (503 with Retry-After) rather than queueing until memory
// runs out, and that it serves again as soon as the load drops. Prints the answers by status, the
// server's resident memory before, at the peak of and after the load, and how recovery went.
// Fails only on misbehaviour: a 5xx other than a shed 503, a 503 without Retry-After, a server that
// dies or grows past the memory bound, or one that does not recover. A run in which nothing was shed
// (a machine fast enough for the load) passes with a notice to raise --connections.
// Timings are printed, never judged: on a shared machine they vary from run to run.
//
//   npm run test:load                      builds first
//   npm run test:load -- --no-build        loads the current build
//   npm run test:load -- --connections=400 --seconds=20
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { ROOT, startServer } from './serve-for-tests.mjs'

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const CONNECTIONS = arg('connections', 300)
const SECONDS = arg('seconds', 15)
/** Resident memory the server must stay under while saturated (the heap limit is far below it). */
const RSS_BOUND_MB = arg('rss-bound-mb', 1536)
/** How long recovery may take before it counts as none: generous, not a timing claim. */
const RECOVERY_LIMIT_MS = 60_000
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** The server's resident set size in MB (Linux /proc), or null once it is gone. */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
    return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : null
  } catch {
    return null
  }
}

// The pages are rendered for every request (no page cache), as for a visitor with a cookie: the
// heaviest work the site does per request. Load shedding keeps its production defaults.
const server = await startServer({ properties: 300, env: { PAGE_CACHE_ENTRIES: '0', LOG_LEVEL: 'error' } })
const figures = {}
let failed = []
try {
  const paths = ['/sales/property-for-sale', '/lettings/property-to-rent', '/api/properties?transaction_type_id=1&page_size=50', '/property/1']
  // Warm up: the first renders compile code paths and fill caches.
  for (let i = 0; i < 20; i++) for (const p of paths) await (await fetch(`${server.url}${p}`)).arrayBuffer()
  await sleep(2000)
  figures.rss_before_mb = rssMb(server.pid)

  // Memory sampler and a prober that reads the headers of answers during the load.
  let peak = figures.rss_before_mb
  let loading = true
  const sampler = (async () => {
    while (loading) {
      const rss = rssMb(server.pid)
      if (rss === null) break
      peak = Math.max(peak, rss)
      await sleep(200)
    }
  })()
  const probe = { answers: {}, shedWithoutRetryAfter: 0, retryAfter: new Set(), errors: 0 }
  const prober = (async () => {
    while (loading) {
      try {
        const res = await fetch(`${server.url}${paths[0]}`, { signal: AbortSignal.timeout(30_000) })
        await res.arrayBuffer()
        probe.answers[res.status] = (probe.answers[res.status] ?? 0) + 1
        if (res.status === 503) {
          const retryAfter = res.headers.get('retry-after')
          if (!retryAfter) probe.shedWithoutRetryAfter++
          else probe.retryAfter.add(retryAfter)
        }
      } catch {
        probe.errors++
      }
      await sleep(100)
    }
  })()

  const requests = paths.map((p) => ({ method: 'GET', path: p }))
  let shedWithoutRetryAfter = 0
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests,
    timeout: 30,
    setupClient(client) {
      client.on('headers', (opts) => {
        if (opts.statusCode !== 503) return
        const headers = opts.headers ?? []
        let found = false
        for (let i = 0; i < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'retry-after') found = true
        if (!found) shedWithoutRetryAfter++
      })
    },
  })
  loading = false
  figures.rss_peak_mb = peak
  await Promise.all([sampler, prober])

  // Recovery: the load has stopped; ask until a page is served, then ask twenty times more.
  const dropped = Date.now()
  let firstOk = null
  const afterwards = {}
  while (Date.now() - dropped < RECOVERY_LIMIT_MS) {
    const res = await fetch(`${server.url}${paths[0]}`).catch(() => null)
    if (res) await res.arrayBuffer()
    const status = res?.status ?? 'error'
    afterwards[status] = (afterwards[status] ?? 0) + 1
    if (status === 200) {
      firstOk = Date.now() - dropped
      break
    }
    await sleep(50)
  }
  const following = {}
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${server.url}${paths[i % paths.length]}`).catch(() => null)
    if (res) await res.arrayBuffer()
    following[res?.status ?? 'error'] = (following[res?.status ?? 'error'] ?? 0) + 1
  }
  await sleep(2000)
  figures.rss_after_mb = rssMb(server.pid)

  const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]))
  Object.assign(figures, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests_answered: result.requests.total,
    answers_by_status: byStatus,
    requests_per_second_mean: Math.round(result.requests.average),
    latency_ms_p50: result.latency.p50,
    latency_ms_p99: result.latency.p99,
    connection_errors: result.errors,
    timeouts: result.timeouts,
    shed_503_without_retry_after: shedWithoutRetryAfter + probe.shedWithoutRetryAfter,
    probe_answers_during_load: probe.answers,
    retry_after_values: [...probe.retryAfter],
    ms_to_first_page_after_load: firstOk,
    answers_until_recovered: afterwards,
    next_20_answers: following,
  })

  const fiveHundreds = Object.entries(byStatus).filter(([code]) => Number(code) >= 500 && code !== '503')
  const probeFiveHundreds = Object.keys(probe.answers).filter((code) => Number(code) >= 500 && code !== '503')
  const shed = (byStatus['503'] ?? 0) + (probe.answers['503'] ?? 0)
  if (fiveHundreds.length || probeFiveHundreds.length) failed.push('5xx answers other than 503')
  if (figures.shed_503_without_retry_after > 0) failed.push('503 without Retry-After')
  figures.requests_shed = shed
  if (shed === 0) console.log('notice: no request was shed, so this run did not saturate the server; raise --connections')
  if (figures.rss_peak_mb > RSS_BOUND_MB) failed.push(`resident memory grew past ${RSS_BOUND_MB} MB`)
  if (figures.rss_after_mb === null) failed.push('the server died')
  if (firstOk === null) failed.push('no page was served within a minute of the load stopping')
  if ((following['200'] ?? 0) !== 20) failed.push('requests after recovery failed')
} finally {
  await server.stop()
}
console.log(JSON.stringify(figures, null, 2))
console.log(failed.length ? `load: FAILED (${failed.join('; ')})` : 'load: sheds with 503 and Retry-After, memory bounded, serves again once the load drops')
process.exit(failed.length ? 1 : 0)
