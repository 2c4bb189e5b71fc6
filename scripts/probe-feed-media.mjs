// The 'feed media' family of `npm run test:security`: what a hostile property feed may make the site
// fetch or hold. A feed is written by software outside the site, so its media links and its zip are
// input like any other.
//
//   links        a feed whose pictures name the site's own machine and network (loopback in several
//                spellings, IPv6 loopback, a name that resolves to loopback, private and link-local
//                addresses) fetches none of them: listening servers on 127.0.0.1 and ::1 record no
//                request, the report says of each only that it could not be fetched (a link that is
//                not http or https is a file the zip lacks), and no picture is published.
//   lying zip    a zip whose directory lies about an entry's size answers 422 with a report, changes
//                nothing, and the server stays healthy.
//   big stream   a media link of an allowed host (IMPORT_ALLOWED_MEDIA_HOSTS) streaming 600 MB with no
//                Content-Length is cut at the byte cap: the server's memory grows by less than 200 MB
//                (and stays under 400 MB on PostgreSQL, where the embedded database is not in it).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { tsImport } from 'tsx/esm/api'
import { ROOT, startServer } from './serve-for-tests.mjs'

export const FEED_MEDIA_FAMILIES = ['feed media']

const MB = 1024 * 1024

/** A server that answers every request with a small PNG and remembers what it was asked. */
async function recordingServer(host) {
  const requests = []
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'image/png' })
    res.end(png)
  })
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, host, resolve))
  return { port: server.address().port, requests, close: () => new Promise((resolve) => server.close(resolve)) }
}

/** A server whose one answer is `bytes` of picture-looking data, sent in chunks with no Content-Length. */
async function streamingServer(bytes) {
  let sent = 0
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg' })
    const chunk = Buffer.alloc(MB, 0x5a)
    const write = () => {
      while (sent < bytes) {
        sent += chunk.length
        if (!res.write(chunk)) return void res.once('drain', write)
      }
      res.end()
    }
    write()
  })
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  return { port: server.address().port, sent: () => sent, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve) }) }
}

/** The resident memory of a process and its descendants, in bytes (Linux /proc). */
function residentBytes(rootPid) {
  const parents = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([rootPid])
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid)
        grew = true
      }
    }
  }
  let total = 0
  for (const pid of tree) {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      total += Number(kb ?? 0) * 1024
    } catch {
      // gone meanwhile
    }
  }
  return total
}

async function importFeed(origin, key, zip, name) {
  const response = await fetch(`${origin}/api/feeds/blm?name=${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' },
    body: zip,
  })
  return { status: response.status, report: await response.json().catch(() => null) }
}

export async function runFeedMediaFamilies({ databaseFor, dataDirOf }) {
  const family = 'feed media'
  const failures = []
  const counts = new Map([[family, new Map()]])
  const count = (status) => counts.get(family).set(status, (counts.get(family).get(status) ?? 0) + 1)
  const { toBlmText, toSampleBlmRecord, writeFeedZip } = await tsImport(path.join(ROOT, 'packages/db/src/blm/write.ts'), import.meta.url)
  const work = mkdtempSync(path.join(os.tmpdir(), 'agency-probe-feed-'))
  const zipOf = async (name, records, files = []) => {
    const file = path.join(work, name)
    await writeFeedZip(file, 'agency.blm', toBlmText(records), files)
    return readFileSync(file)
  }
  const record = (ref, links) =>
    toSampleBlmRecord(ref, {
      DISPLAY_ADDRESS: `Probe Lane ${ref}, Harrogate`,
      ...Object.fromEntries(links.flatMap((link, i) => [[`MEDIA_IMAGE_0${i}`, link], [`MEDIA_IMAGE_TEXT_0${i}`, `Photo ${i + 1}`]])),
    })

  // 1. Links to the site's own machine and network, and 2. a lying zip: one server.
  const key = randomBytes(24).toString('hex')
  const v4 = await recordingServer('127.0.0.1')
  const v6 = await recordingServer('::1').catch(() => null)
  const server = await startServer({ databaseUrl: await databaseFor('feed_media'), dataDir: dataDirOf('feed-media'), env: { FEED_API_KEY: key } })
  try {
    const p = v4.port
    const links = [
      `http://127.0.0.1:${p}/secret.png`,
      `http://localhost:${p}/secret.png`,
      `http://127.1:${p}/secret.png`,
      `http://2130706433:${p}/secret.png`,
      `http://0x7f000001:${p}/secret.png`,
      `http://[::ffff:127.0.0.1]:${p}/secret.png`,
      ...(v6 ? [`http://[::1]:${v6.port}/secret.png`] : []),
      `http://10.0.0.1:${p}/secret.png`,
      `http://192.168.1.1:${p}/secret.png`,
      `http://169.254.169.254/latest/meta-data/secret.png`,
      `http://[fe80::1]:${p}/secret.png`,
      `file:///etc/passwd`,
    ]
    const records = []
    for (let i = 0; i < links.length; i += 4) records.push(record(`SSRF-${i}`, links.slice(i, i + 4)))
    const { status, report } = await importFeed(server.url, key, await zipOf('ssrf.zip', records), 'ssrf.zip')
    count(status)
    if (status !== 200) failures.push(`${family}: the feed of internal links answered ${status}, not its report`)
    if (v4.requests.length > 0) failures.push(`${family}: the server fetched from 127.0.0.1: ${v4.requests.join(', ')}`)
    if (v6 && v6.requests.length > 0) failures.push(`${family}: the server fetched from ::1: ${v6.requests.join(', ')}`)
    if (process.env.PROBE_SHOW_REPORTS) console.log(JSON.stringify(report, null, 1))
    // Each link has one line, the same whatever was (or was not) at the address.
    const messages = JSON.stringify(report ?? {}).match(/"message":"media [^"]*"/g) ?? []
    for (const link of links) {
      const line = messages.find((m) => m.includes(`media ${link} `))
      const expected = link.startsWith('http') ? 'could not be fetched; the property was imported without it' : 'is not in the feed; the property was imported without it'
      if (!line) failures.push(`${family}: the report has no line for ${link}`)
      else if (!line.endsWith(`${expected}"`)) failures.push(`${family}: the report's line for ${link} tells more: ${line}`)
    }
    const published = await fetch(`${server.url}/api/properties?transaction_type_id=1&sort=newest&page_size=100`).then((r) => r.json())
    const fromFeed = (published.data ?? []).filter((card) => card.display_address.startsWith('Probe Lane SSRF'))
    if (fromFeed.length !== records.length) failures.push(`${family}: ${fromFeed.length} of the feed's ${records.length} properties are listed, so its pictures cannot be checked`)
    if (fromFeed.some((card) => card.image !== null || card.medias.length > 0)) failures.push(`${family}: a picture of an internal link was published`)

    // A zip whose directory says its .blm is 10 bytes.
    const honest = await zipOf('honest.zip', [record('ZIP-1', [])])
    const lying = Buffer.from(honest)
    const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02])
    for (let at = lying.indexOf(CENTRAL_HEADER); at >= 0; at = lying.indexOf(CENTRAL_HEADER, at + 4)) lying.writeUInt32LE(10, at + 24)
    const lied = await importFeed(server.url, key, lying, 'lying.zip')
    count(lied.status)
    if (lied.status < 400 || lied.status >= 500) failures.push(`${family}: a zip lying about its sizes answered ${lied.status}, not a 4xx report`)
    const health = await fetch(`${server.url}/api/health`)
    if (health.status !== 200) failures.push(`${family}: the server is not healthy after the lying zip (${health.status})`)
  } finally {
    await server.stop()
    await v4.close()
    await v6?.close()
  }

  // 3. 600 MB with no Content-Length from an allowed host.
  const stream = await streamingServer(600 * MB)
  const databaseUrl = await databaseFor('feed_stream')
  const big = await startServer({
    databaseUrl,
    dataDir: dataDirOf('feed-stream'),
    env: { FEED_API_KEY: key, IMPORT_ALLOWED_MEDIA_HOSTS: '127.0.0.1', WORKERS: '1' },
  })
  try {
    const before = residentBytes(big.pid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(big.pid))), 50)
    const { status, report } = await importFeed(big.url, key, await zipOf('stream.zip', [record('BIG-1', [`http://127.0.0.1:${stream.port}/huge.jpg`])]), 'stream.zip')
    clearInterval(sampler)
    peak = Math.max(peak, residentBytes(big.pid))
    count(status)
    const grew = peak - before
    console.log(`  feed media: a 600 MB stream (${(stream.sent() / MB).toFixed(0)} MB sent before the cut): server memory ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${(grew / MB).toFixed(0)} MB)`)
    if (status !== 200) failures.push(`${family}: the feed of a 600 MB picture answered ${status}, not its report`)
    if (!JSON.stringify(report ?? {}).includes('could not be fetched')) failures.push(`${family}: the report does not say the 600 MB picture could not be fetched`)
    if (grew > 200 * MB) failures.push(`${family}: a 600 MB stream grew the server's memory by ${(grew / MB).toFixed(0)} MB`)
    if (databaseUrl && peak > 400 * MB) failures.push(`${family}: a 600 MB stream took the server to ${(peak / MB).toFixed(0)} MB`)
    if (stream.sent() > 200 * MB) failures.push(`${family}: the download went on to ${(stream.sent() / MB).toFixed(0)} MB after the cap`)
  } finally {
    await big.stop()
    await stream.close()
    rmSync(work, { recursive: true, force: true })
  }
  return { failures, counts }
}
