import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMediaFetcher, isPublicAddress, MAX_MEDIA_REDIRECTS, MediaFetchError, parseAllowedMediaHosts } from './media-fetch.ts'

/** A server on the machine itself that records every request it is sent. */
function createRecordingServer() {
  const requests: string[] = []
  let streamed = 0
  let stopped = false
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '')
    const url = new URL(request.url ?? '/', 'http://x')
    if (url.pathname === '/secret.png') return response.end('internal picture')
    if (url.pathname === '/hop') {
      // Redirects `n` more times, then to the picture.
      const n = Number(url.searchParams.get('n') ?? 0)
      response.writeHead(302, { location: n > 0 ? `/hop?n=${n - 1}` : '/secret.png' })
      return response.end()
    }
    if (url.pathname === '/endless') {
      // No Content-Length, and no end: only the client's cap stops it.
      response.writeHead(200, { 'content-type': 'image/jpeg' })
      const chunk = Buffer.alloc(64 * 1024, 1)
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) streamed += chunk.length
        if (!response.destroyed) response.once('drain', pump)
      }
      response.on('close', () => {
        stopped = true
      })
      return pump()
    }
    if (url.pathname === '/stall') {
      response.writeHead(200)
      return response.write('x')
    }
    if (url.pathname === '/too-big') {
      response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) })
      return response.end()
    }
    response.writeHead(404)
    response.end('nothing here')
  })
  return {
    server,
    requests,
    streamed: () => streamed,
    stopped: () => stopped,
    port: () => (server.address() as AddressInfo).port,
  }
}

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, unique-local, multicast and unspecified addresses, also inside IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a00:1',
      '64:ff9b::a9fe:a9fe',
      '2001:db8::1',
      'localhost',
      '',
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, false])
    }
  })

  it('takes public IPv4 and IPv6 addresses', () => {
    for (const address of ['8.8.8.8', '151.101.1.140', '::ffff:8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4009:81f::200e']) {
      expect([address, isPublicAddress(address)]).toEqual([address, true])
    }
  })
})

describe('parseAllowedMediaHosts', () => {
  it('reads host names separated by commas or spaces, in lower case', () => {
    expect(parseAllowedMediaHosts(' Media.CRM.example, 10.0.4.7  [::1] ')).toEqual(['media.crm.example', '10.0.4.7', '::1'])
    expect(parseAllowedMediaHosts(undefined)).toEqual([])
  })
})

describe('createMediaFetcher', () => {
  const target = createRecordingServer()
  let base: string

  beforeAll(async () => {
    await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${target.port()}`
  })
  afterAll(async () => {
    target.server.closeAllConnections()
    await new Promise((resolve) => target.server.close(resolve))
  })

  const refusal = async (fetchMedia: (url: string) => Promise<Buffer>, url: string) => {
    const error = await fetchMedia(url).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(MediaFetchError)
    // Whatever the reason, the caller hears the same words.
    expect((error as MediaFetchError).message).toBe('could not be fetched')
    return (error as MediaFetchError).reason
  }

  it('fetches nothing from loopback, private, link-local or IPv6 loopback addresses, a name that resolves to loopback, or a redirect to loopback', async () => {
    const fetchMedia = createMediaFetcher()
    const port = target.port()
    for (const url of [
      `${base}/secret.png`,
      `http://127.1.2.3:${port}/secret.png`,
      `http://[::1]:${port}/secret.png`,
      `http://[::ffff:127.0.0.1]:${port}/secret.png`,
      `http://localhost:${port}/secret.png`,
      `http://0.0.0.0:${port}/secret.png`,
      'http://10.0.0.1/secret.png',
      'http://192.168.0.1/secret.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/secret.png',
    ]) {
      expect(await refusal(fetchMedia, url)).toMatch(/not a public address/)
    }
    expect(target.requests).toEqual([])

    // A public name whose only address is loopback, as a hostile DNS record would answer.
    const rebinding = createMediaFetcher({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] })
    expect(await refusal(rebinding, `http://media.agency.example:${port}/secret.png`)).toMatch(/127\.0\.0\.1, which is not a public address/)
    // A name with a public address and a private one is refused too.
    const mixed = createMediaFetcher({
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    })
    expect(await refusal(mixed, `http://media.agency.example:${port}/secret.png`)).toMatch(/not a public address/)
    expect(target.requests).toEqual([])
  })

  it('checks every redirect as it checks the link: an allowed host that redirects to loopback fetches nothing there', async () => {
    // The allowed host is a name that resolves to this server; its redirect names 127.0.0.1, which is not allowed.
    const fetchMedia = createMediaFetcher({ allowedHosts: ['crm.agency.test'], resolve: async () => [{ address: '127.0.0.1', family: 4 }] })
    const port = target.port()
    const before = target.requests.length
    const redirectServer = http.createServer((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/secret.png` })
      response.end()
    })
    await new Promise<void>((resolve) => redirectServer.listen(0, '127.0.0.1', resolve))
    try {
      const redirectPort = (redirectServer.address() as AddressInfo).port
      expect(await refusal(fetchMedia, `http://crm.agency.test:${redirectPort}/photo.jpg`)).toMatch(/127\.0\.0\.1 resolves to 127\.0\.0\.1, which is not a public address/)
    } finally {
      redirectServer.closeAllConnections()
      await new Promise((resolve) => redirectServer.close(resolve))
    }
    expect(target.requests.slice(before)).toEqual([])
  })

  it('fetches an allowed host, connecting to the address it checked, and follows at most 3 redirects', async () => {
    let lookups = 0
    const fetchMedia = createMediaFetcher({
      allowedHosts: ['CRM.agency.test'],
      resolve: async () => {
        lookups++
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    const port = target.port()
    const before = target.requests.length
    expect((await fetchMedia(`http://crm.agency.test:${port}/hop?n=${MAX_MEDIA_REDIRECTS - 1}`)).toString()).toBe('internal picture')
    // One resolution per hop, and nothing else: the connection used the checked address.
    expect(lookups).toBe(MAX_MEDIA_REDIRECTS + 1)
    expect(target.requests.slice(before)).toEqual(['/hop?n=2', '/hop?n=1', '/hop?n=0', '/secret.png'])
    expect(await refusal(fetchMedia, `http://crm.agency.test:${port}/hop?n=${MAX_MEDIA_REDIRECTS}`)).toBe('more than 3 redirects')
    expect(await refusal(fetchMedia, `http://crm.agency.test:${port}/missing.jpg`)).toBe('HTTP 404')
  })

  it('fetches only http and https links', async () => {
    const fetchMedia = createMediaFetcher({ allowedHosts: ['127.0.0.1'] })
    expect(await refusal(fetchMedia, 'file:///etc/passwd')).toBe('file: links are not fetched')
    expect(await refusal(fetchMedia, 'ftp://127.0.0.1/secret.png')).toBe('ftp: links are not fetched')
    expect(await refusal(fetchMedia, `http://user:pw@127.0.0.1:${target.port()}/secret.png`)).toBe('links with credentials are not fetched')
  })

  it('stops a body at the byte cap, and a slow answer at the time cap', async () => {
    const fetchMedia = createMediaFetcher({ allowedHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5_000 })
    expect(await refusal(fetchMedia, `${base}/too-big`)).toBe(`declares ${10 * 1024 * 1024} bytes, more than ${1024 * 1024}`)
    expect(await refusal(fetchMedia, `${base}/endless`)).toBe(`more than ${1024 * 1024} bytes`)
    // The endless answer was cut off by the client, not finished.
    await expect.poll(() => target.stopped()).toBe(true)
    expect(target.streamed()).toBeLessThan(64 * 1024 * 1024)

    const slow = createMediaFetcher({ allowedHosts: ['127.0.0.1'], timeoutMs: 300 })
    expect(await refusal(slow, `${base}/stall`)).toBe('no answer within 300 ms')
  })
})
