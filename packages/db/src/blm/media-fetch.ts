/**
 * Downloads a feed's media links, and only from the public internet: a feed is written by software
 * outside the site, so a link naming the site's own machine or network (127.0.0.1, 10.x, 169.254.169.254,
 * ::1, a name that resolves to one of them, or a redirect to one) must fetch nothing there.
 *
 * - Only http and https; at most 3 redirects, each followed by hand and checked as the first link was.
 * - The host name is resolved first and every address it has must be public; the connection then goes
 *   to that checked address (the request's `lookup` answers with it), so a second DNS answer cannot
 *   point it elsewhere between the check and the connection.
 * - The body is streamed with a byte cap and the whole download with a time cap; either stops it there.
 * - Whatever went wrong, the caller hears one thing (MediaFetchError): nothing tells a closed port from
 *   a refused address or an answer that was not a picture.
 *
 * Hosts an agency names in `allowedHosts` (IMPORT_ALLOWED_MEDIA_HOSTS: its CRM's own media server,
 * perhaps on its own network) are fetched whatever their addresses are.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import net, { type LookupFunction } from 'node:net'
import { MAX_MEDIA_BYTES } from './source.ts'

/** Downloads one media link; rejects with MediaFetchError. */
export type MediaFetcher = (url: string) => Promise<Buffer>

/** A media link that could not be fetched; `reason` is for the server's log, never the report. */
export class MediaFetchError extends Error {
  constructor(readonly reason: string) {
    super('could not be fetched')
    this.name = 'MediaFetchError'
  }
}

export interface MediaFetchOptions {
  /** Host names (as in the link, any case) fetched even at addresses that are not public. */
  allowedHosts?: readonly string[]
  /** The most bytes a body may have (default 50 MB). */
  maxBytes?: number
  /** The longest a download may take, redirects included (default 30 s). */
  timeoutMs?: number
  /** Resolves a host name to all its addresses (tests). */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>
}

/** IMPORT_ALLOWED_MEDIA_HOSTS: host names separated by commas or spaces (`media.crm.example, 10.0.4.7`). */
export function parseAllowedMediaHosts(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, ''))
    .filter(Boolean)
}

/** The most redirects one link may take. */
export const MAX_MEDIA_REDIRECTS = 3

const blocked = new net.BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4')
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6')
}

/** An IPv6 address as its eight 16-bit groups (the text is known to be IPv6). */
function toGroups(address: string): number[] {
  let text = address
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/** The IPv4 address an IPv6 one carries in its last 32 bits (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96), if it is such. */
function toEmbeddedIpv4(address: string): string | null {
  const g = toGroups(address)
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)
  if (!mapped && !nat64) return null
  const high = g[6] as number
  const low = g[7] as number
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/**
 * Whether an address is on the public internet: not loopback, private, link-local, unique-local,
 * multicast, unspecified, reserved or documentation (IPv4, IPv6, and IPv4 inside IPv6).
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const family = net.isIP(bare)
  if (family === 4) return !blocked.check(bare, 'ipv4')
  if (family !== 6) return false
  const embedded = toEmbeddedIpv4(bare)
  if (embedded !== null) return isPublicAddress(embedded)
  if (blocked.check(bare, 'ipv6')) return false
  // Outside global unicast (2000::/3) nothing is public.
  const first = toGroups(bare)[0] as number
  return first >= 0x2000 && first <= 0x3fff
}

async function defaultResolve(host: string): Promise<Array<{ address: string; family: number }>> {
  return dnsLookup(host, { all: true, verbatim: true })
}

/** Makes the media downloader the import uses. */
export function createMediaFetcher(options: MediaFetchOptions = {}): MediaFetcher {
  const allowed = new Set(parseAllowedMediaHosts((options.allowedHosts ?? []).join(',')))
  const maxBytes = options.maxBytes ?? MAX_MEDIA_BYTES
  const timeoutMs = options.timeoutMs ?? 30_000
  const resolve = options.resolve ?? defaultResolve

  /** The address to connect to for a link's host: checked, and the only one the connection may use. */
  const toAddress = async (url: URL): Promise<{ address: string; family: number }> => {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
    const literal = net.isIP(host)
    let addresses: Array<{ address: string; family: number }>
    try {
      addresses = literal ? [{ address: host, family: literal }] : await resolve(host)
    } catch (error) {
      throw new MediaFetchError(`${host} could not be resolved (${(error as Error).message})`)
    }
    if (addresses.length === 0) throw new MediaFetchError(`${host} has no address`)
    if (!allowed.has(host)) {
      const refused = addresses.find((a) => !isPublicAddress(a.address))
      if (refused) throw new MediaFetchError(`${host} resolves to ${refused.address}, which is not a public address`)
    }
    return addresses[0] as { address: string; family: number }
  }

  return async (link: string): Promise<Buffer> => {
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), timeoutMs)
    try {
      let url: URL
      try {
        url = new URL(link)
      } catch {
        throw new MediaFetchError('not a link')
      }
      for (let redirects = 0; ; redirects++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MediaFetchError(`${url.protocol} links are not fetched`)
        if (url.username || url.password) throw new MediaFetchError('links with credentials are not fetched')
        const target = await toAddress(url)
        if (deadline.signal.aborted) throw new MediaFetchError(`no answer within ${timeoutMs} ms`)
        const answer = await get(url, target, deadline.signal, maxBytes, timeoutMs)
        if (answer.kind === 'body') return answer.body
        if (redirects >= MAX_MEDIA_REDIRECTS) throw new MediaFetchError(`more than ${MAX_MEDIA_REDIRECTS} redirects`)
        try {
          url = new URL(answer.location, url)
        } catch {
          throw new MediaFetchError('a redirect to something that is not a link')
        }
      }
    } finally {
      clearTimeout(timer)
    }
  }
}

type Answer = { kind: 'body'; body: Buffer } | { kind: 'redirect'; location: string }

/** One request to the checked address; a 2xx body (within the cap) or a redirect's location. */
function get(url: URL, target: { address: string; family: number }, signal: AbortSignal, maxBytes: number, timeoutMs: number): Promise<Answer> {
  // The connection goes to the checked address, whatever the name would resolve to now.
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target])
    else callback(null, target.address, target.family)
  }
  return new Promise<Answer>((resolve, reject) => {
    let settled = false
    const settle = (answer: Answer | MediaFetchError) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', onAbort)
      if (answer instanceof MediaFetchError) reject(answer)
      else resolve(answer)
    }
    const fail = (reason: string) => {
      settle(new MediaFetchError(reason))
      request.destroy()
    }
    const onAbort = () => fail(`no answer within ${timeoutMs} ms`)
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup,
        headers: { accept: 'image/*, application/pdf;q=0.9, */*;q=0.1', 'user-agent': 'agency-feed-import' },
      },
      (response) => {
        const status = response.statusCode ?? 0
        if ([301, 302, 303, 307, 308].includes(status)) {
          const location = response.headers.location
          if (!location) return fail(`HTTP ${status} without a location`)
          settle({ kind: 'redirect', location })
          request.destroy()
          return
        }
        if (status < 200 || status > 299) return fail(`HTTP ${status}`)
        const declared = Number(response.headers['content-length'] ?? 0)
        if (declared > maxBytes) return fail(`declares ${declared} bytes, more than ${maxBytes}`)
        const chunks: Buffer[] = []
        let received = 0
        response.on('data', (chunk: Buffer) => {
          received += chunk.length
          if (received > maxBytes) return fail(`more than ${maxBytes} bytes`)
          chunks.push(chunk)
        })
        response.on('error', (error) => fail(error.message))
        response.on('aborted', () => fail('the answer was cut short'))
        response.on('end', () => {
          if (!response.complete) return fail('the answer was cut short')
          settle({ kind: 'body', body: Buffer.concat(chunks, received) })
        })
      },
    )
    signal.addEventListener('abort', onAbort, { once: true })
    request.on('error', (error) => settle(new MediaFetchError(error.message)))
    request.end()
  })
}
