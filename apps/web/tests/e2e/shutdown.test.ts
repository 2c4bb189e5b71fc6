import { request as httpRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../../../../scripts/serve-for-tests.mjs'

/**
 * A login form post that the server has begun: it sends its headers with `Expect: 100-continue`, and
 * the server's '100 Continue' says it has taken the request and is waiting for the body. The body
 * goes only when `send()` is called, so the test decides what is in flight when the signal arrives.
 */
function beginLoginPost(base: string, email: string) {
  const body = new URLSearchParams({ email }).toString()
  const url = new URL('/login', base)
  const req = httpRequest(url, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
      origin: url.origin,
    },
  })
  const accepted = new Promise<void>((resolve, reject) => {
    req.once('continue', () => resolve())
    req.once('error', reject)
  })
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.once('response', (res: IncomingMessage) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, text }))
      res.once('error', reject)
    })
    req.once('error', reject)
  })
  req.flushHeaders()
  return { accepted, answer, send: () => req.end(body) }
}

async function refusesNewConnections(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/api/health`)
    return false
  } catch {
    return true
  }
}

describe('graceful shutdown', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startServer({ properties: 40 })
  }, 600_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('finishes the requests it has begun when SIGTERM arrives, takes no new ones, then exits', async () => {
    const emails = ['ada@example.com', 'grace@example.com', 'alan@example.com']
    const posts = emails.map((email) => beginLoginPost(server.url, email))
    await Promise.all(posts.map((p) => p.accepted))

    process.kill(server.pid, 'SIGTERM')
    // The server stops listening at once: a new visitor is refused (a load balancer sends it elsewhere).
    await expect.poll(() => refusesNewConnections(server.url), { timeout: 10_000, interval: 50 }).toBe(true)

    // The requests it had begun still get their whole answer.
    for (const post of posts) post.send()
    const answers = await Promise.all(posts.map((p) => p.answer))
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200)
      // The login page's confirmation for that address, to its end.
      expect(answer.text).toContain(emails[i])
      expect(answer.text).toContain('</html>')
    })
  }, 180_000)
})
