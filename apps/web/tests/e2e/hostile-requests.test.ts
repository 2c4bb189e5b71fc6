import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { BASE_URL } from './support.ts'

/** The site's own origin, as a browser on the site sends it with a form post. */
const ORIGIN = new URL(BASE_URL).origin
const FORM_ROUTES = ['/login', '/login/verify', '/logout', '/login.data', '/login/verify.data']

function post(path: string, body: BodyInit, headers: Record<string, string>): Promise<Response> {
  return fetch(new URL(path, BASE_URL), { method: 'POST', body, headers: { origin: ORIGIN, ...headers }, redirect: 'manual' })
}

/**
 * A form post of `length` bytes that sends its first 64 KB and then reads the answer, as a browser
 * reads an answer that comes while it is still uploading. The server answers a body declared over
 * its limit at once and closes the connection (the rest would never be read); a client still writing
 * the whole body then may fail to write (EPIPE) before it reads that answer, as `fetch` sometimes did.
 */
function postOverLimit(path: string, length: number): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, BASE_URL),
      { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(length) } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') })
          request.destroy()
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.write(`email=${'a'.repeat(64 * 1024)}`)
  })
}

describe('form posts the pages cannot read', () => {
  const deepJson = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
  const cases: Array<{ name: string; body: string; type: string; status: number }> = [
    { name: 'multipart with no boundary', body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.com\r\n--x--\r\n', type: 'multipart/form-data', status: 400 },
    { name: 'truncated multipart', body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b', type: 'multipart/form-data; boundary=x', status: 400 },
    { name: 'JSON nested 10,000 deep', body: deepJson, type: 'application/json', status: 415 },
  ]

  for (const c of cases) {
    it(`answers ${c.status} with a page to ${c.name}`, async () => {
      for (const path of FORM_ROUTES) {
        const response = await post(path, c.body, { 'content-type': c.type })
        expect(response.status, path).toBe(c.status)
        expect(response.headers.get('content-type'), path).toContain('text/html')
        expect(await response.text(), path).toMatch(/<h1>(The form could not be read|This page takes only form posts|The form is too large)<\/h1>/)
      }
    })
  }

  it('answers 413 with a page to a body over the 1 MB limit', async () => {
    for (const path of FORM_ROUTES) {
      const response = await postOverLimit(path, 1024 * 1024 + 7)
      expect(response.status, path).toBe(413)
      expect(response.type, path).toContain('text/html')
      expect(response.text, path).toContain('<h1>The form is too large</h1>')
    }
  })

  it('takes a well-formed post as before', async () => {
    const response = await post('/login', new URLSearchParams({ email: 'nobody.registered@example.org' }), {})
    expect(response.status).toBe(200)
  })
})

describe('an API refusal behind a form', () => {
  it('answers a 4xx, not an error page, when the API refuses the login link post', async () => {
    // No Origin header: the page lets it through, the API's Origin check refuses the session (403).
    const response = await fetch(new URL('/login/verify', BASE_URL), {
      method: 'POST',
      body: new URLSearchParams({ token: 'a'.repeat(43) }),
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    expect(await response.text()).toContain('login-card')
  })

  it('answers a 4xx to a post from another site', async () => {
    for (const path of FORM_ROUTES) {
      const response = await post(path, new URLSearchParams({ token: 'a'.repeat(43), email: 'a@b.com' }), { origin: 'https://evil.example' })
      expect(response.status, path).toBeGreaterThanOrEqual(300)
      expect(response.status, path).toBeLessThan(500)
    }
  })
})

describe('security headers of the pages', () => {
  it('forbid framing the login page and send no HSTS over http', async () => {
    for (const path of ['/login', '/', '/sales/property-for-sale', '/no-such-page']) {
      const response = await fetch(new URL(path, BASE_URL))
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('strict-transport-security'), path).toBeNull()
    }
    const api = await fetch(new URL('/api/health', BASE_URL))
    expect(api.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('property ids that name no property', () => {
  const paths = [
    '/property/0/x',
    '/property/00/x',
    '/property/0',
    '/property/2147483648',
    '/property/2147483648/x',
    '/property/9007199254740991/x',
    '/property/99999999999999999999999/x',
    '/property/-1/x',
    '/property/1.5/x',
  ]

  it('answer the 404 page, never an error', async () => {
    for (const path of paths) {
      const response = await fetch(new URL(path, BASE_URL), { redirect: 'manual' })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).toContain('text/html')
      const html = await response.text()
      expect(html, path).toMatch(/<h1[^>]*>Page not found<\/h1>/)
      expect(html, path).not.toContain('Something went wrong')
    }
  })

  it('answer 404 to the data request of a client navigation', async () => {
    for (const path of paths) {
      const response = await fetch(new URL(`${path}.data`, BASE_URL), { redirect: 'manual' })
      expect(response.status, path).toBe(404)
    }
  })
})

describe('one address per property', () => {
  async function firstProperty(): Promise<{ id: number; path: string }> {
    const response = await fetch(new URL('/api/properties?page_size=1', BASE_URL))
    const body = (await response.json()) as { data: Array<{ property_profile_id: number; detail_page_url: string }> }
    const [card] = body.data
    if (!card) throw new Error('the seeded site lists no property')
    return { id: card.property_profile_id, path: card.detail_page_url }
  }

  it('moves an id written with leading zeros permanently to the canonical path', async () => {
    const { id, path } = await firstProperty()
    const slug = path.split('/').at(-1) ?? ''
    for (const odd of [`/property/0${id}/${slug}`, `/property/000${id}`, `/property/00${id}/x?page=2`]) {
      const response = await fetch(new URL(odd, BASE_URL), { redirect: 'manual' })
      expect(response.status, odd).toBe(301)
      expect(response.headers.get('location'), odd).toBe(odd.endsWith('?page=2') ? `${path}?page=2` : path)
    }
  })

  it('answers 404 to an id that is not plain decimal digits', async () => {
    const { id } = await firstProperty()
    for (const odd of [`/property/%2B${id}/x`, `/property/0x${id.toString(16)}/x`, `/property/${id}e0/x`, `/property/%20${id}/x`, `/property/${id}.0/x`, `/property/${id}%00/x`]) {
      const response = await fetch(new URL(odd, BASE_URL), { redirect: 'manual' })
      expect(response.status, odd).toBe(404)
    }
  })
})

describe('page addresses no page has', () => {
  it('answers 404, never 500, to control characters in a path and to redirect slugs the API refuses', async () => {
    const paths = ['/%09/x:y', '/%09/evil.example', '/%00', '/go/%09', `/go/${'x'.repeat(300)}`, '/go/Not_A_Slug']
    for (const path of paths) {
      const response = await fetch(new URL(path, BASE_URL), { redirect: 'manual' })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).toContain('text/html')
    }
  })
})

describe('odd values of the Filters view parameter', () => {
  it('moves a list address to its clean form, never 5xx, for any filters value but open', async () => {
    const list = '/sales/property-for-sale'
    const odd = ['filters=', 'filters=%00', 'filters=OPEN', 'filters=1', `filters=${'o'.repeat(5000)}`, 'filters[]=open', 'filters=open%00']
    for (const query of odd) {
      const response = await fetch(new URL(`${list}?min_bedroom=2&${query}`, BASE_URL), { redirect: 'manual' })
      expect(response.status, query).toBe(302)
      expect(response.headers.get('location'), query).toBe(`${list}?min_bedroom=2`)
    }
    // Twice is once; any other parameter odd beside it is the list's 400 page, not an error.
    const twice = await fetch(new URL(`${list}?filters=open&filters=open`, BASE_URL), { redirect: 'manual' })
    expect(twice.status).toBe(302)
    expect(twice.headers.get('location')).toBe(`${list}?filters=open`)
    const bad = await fetch(new URL(`${list}?filters=open&min_bedroom=99999999999999999999`, BASE_URL), { redirect: 'manual' })
    expect(bad.status).toBe(400)
    expect(await (await fetch(new URL(`${list}?filters=open`, BASE_URL))).text()).toContain('name="must_haves"')
  })
})

describe('an odd key in an alert address', () => {
  it("answers 'Applicant not found' with a 404, not an error page, for a key the API refuses as malformed", async () => {
    for (const key of ['x'.repeat(300), 'not-a-key']) {
      const response = await fetch(new URL(`/heads-up-alerts/profiles/${key}`, BASE_URL))
      expect(response.status, key).toBe(404)
      expect(await response.text(), key).toContain('Applicant not found')
    }
  })
})

describe('hostile values of the no-JavaScript fallbacks', () => {
  async function firstProperty(): Promise<{ url: string; photos: number }> {
    const { data } = (await (await fetch(new URL('/api/properties?page_size=1', BASE_URL))).json()) as {
      data: Array<{ property_profile_id: number; detail_page_url: string }>
    }
    const card = data[0]!
    const { data: detail } = (await (await fetch(new URL(`/api/properties/${card.property_profile_id}`, BASE_URL))).json()) as {
      data: { medias: unknown[] }
    }
    return { url: card.detail_page_url, photos: detail.medias.length }
  }

  it("moves a gallery page's out-of-range or malformed position to a picture it has, never 5xx", async () => {
    const { url, photos } = await firstProperty()
    const cases: Array<[query: string, to: string]> = [
      ['photo=abc', 'photo=1'],
      ['photo=0', 'photo=1'],
      ['photo=-1', 'photo=1'],
      ['photo=%00', 'photo=1'],
      [`photo=${photos + 5000}`, `photo=${photos}`],
      [`photo=${'9'.repeat(400)}`, 'photo=1'],
      ['photo=1&plan=1', 'photo=1'],
    ]
    for (const [query, to] of cases) {
      const response = await fetch(new URL(`${url}/gallery?${query}`, BASE_URL), { redirect: 'manual' })
      expect(response.status, query).toBe(301)
      expect(new URL(response.headers.get('location') ?? '', BASE_URL).search, query).toBe(`?${to}`)
    }
  })

  it('answers a list page, never an error, to a chosen place that is not one', async () => {
    for (const place of ['x', '%00', 'a'.repeat(5000), 'gb:town:999999999', '..%2F..%2Fetc']) {
      const response = await fetch(new URL(`/sales/property-for-sale?keyword=leeds&place=${place}`, BASE_URL), { redirect: 'manual' })
      expect(response.status, place.slice(0, 20)).toBe(200)
      expect(await response.text(), place.slice(0, 20)).not.toContain('Something went wrong')
    }
  })

  it("answers the saved properties and list pages, never an error, to a visitor's saved cookie that is not a list of ids", async () => {
    const many = Array.from({ length: 2000 }, (_, i) => i + 1).join(',')
    for (const value of ['abc', '1,2,x', many, '%00', '-1,99999999999999999999']) {
      for (const path of ['/saved-properties', '/sales/property-for-sale']) {
        const response = await fetch(new URL(path, BASE_URL), { headers: { cookie: `agency_saved=${value}` }, redirect: 'manual' })
        expect(response.status, `${path} ${value.slice(0, 20)}`).toBe(200)
        expect(await response.text(), path).not.toContain('Something went wrong')
      }
    }
  })
})

describe("a branch's page and the branch filter, given what names no branch", () => {
  it('answer 404 to a branch id that names none, 400 to a list filtered by one that is not an id, and never 5xx', async () => {
    for (const path of ['/branches/0/x', '/branches/999', '/branches/2147483648/x', '/branches/99999999999999999999999', '/branches/-1', '/branches/1.5/x', '/branches/%00', '/branches/3%00/reading']) {
      const response = await fetch(new URL(path, BASE_URL), { redirect: 'manual' })
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).not.toContain('Something went wrong')
    }
    for (const value of ['two', '%00', '-3', '99999999999999999999']) {
      const response = await fetch(new URL(`/sales/property-for-sale?branch_id=${value}`, BASE_URL), { redirect: 'manual' })
      expect(response.status, value).toBe(400)
    }
    // A valuation link naming no branch is the plain valuation page.
    for (const value of ['%00', '999', 'x', '99999999999999999999']) {
      const response = await fetch(new URL(`/valuation?branch=${value}`, BASE_URL), { redirect: 'manual' })
      expect(response.status, value).toBe(200)
      expect(await response.text(), value).not.toContain('Your request goes to our')
    }
  })
})
