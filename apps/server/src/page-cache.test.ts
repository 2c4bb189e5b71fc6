import { describe, expect, it } from 'vitest'
import { VISITOR_CACHE_CONTROL } from '@agency/domain'
import { createPageCache, sharedMaxAge, type PageCacheResult } from './page-cache.ts'

const VISITOR_PAGE = VISITOR_CACHE_CONTROL

function page(html: string, headers: Record<string, string> = { 'cache-control': VISITOR_PAGE }, status = 200): Response {
  return new Response(html, { status, headers: { 'content-type': 'text/html', ...headers } })
}

async function bodyOf(result: PageCacheResult): Promise<string> {
  return 'page' in result ? result.page.body.toString() : await result.response.text()
}

function counter(make: (n: number) => Response = (n) => page(`render ${n}`)) {
  let renders = 0
  return {
    render: () => Promise.resolve(make(++renders)),
    get renders() {
      return renders
    },
  }
}

describe('sharedMaxAge', () => {
  it('reads s-maxage of a public answer', () => {
    expect(sharedMaxAge(VISITOR_PAGE)).toBe(10)
    expect(sharedMaxAge('Public, S-MaxAge=30')).toBe(30)
  })

  it('refuses answers a shared cache may not keep', () => {
    expect(sharedMaxAge(null)).toBeNull()
    expect(sharedMaxAge('private, no-cache')).toBeNull()
    expect(sharedMaxAge('public, max-age=60')).toBeNull()
    expect(sharedMaxAge('public, s-maxage=10, no-store')).toBeNull()
    expect(sharedMaxAge('public, s-maxage=0')).toBeNull()
    expect(sharedMaxAge('s-maxage=10')).toBeNull()
  })
})

describe('createPageCache', () => {
  it('answers a page again from the cache until its s-maxage has passed', async () => {
    let clock = 1_000
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1_000_000, now: () => clock })
    const pages = counter()
    const first = await cache.serve('/sales', pages.render)
    expect(first).toMatchObject({ hit: false })
    clock += 9_999
    const second = await cache.serve('/sales', pages.render)
    expect(second).toMatchObject({ hit: true })
    expect(await bodyOf(second)).toBe('render 1')
    clock += 1
    expect(await bodyOf(await cache.serve('/sales', pages.render))).toBe('render 2')
    expect(pages.renders).toBe(2)
  })

  it('keeps each address apart', async () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1_000_000 })
    await cache.serve('/sales?page=1', () => Promise.resolve(page('one')))
    await cache.serve('/sales?page=2', () => Promise.resolve(page('two')))
    expect(await bodyOf(await cache.serve('/sales?page=1', () => Promise.resolve(page('other'))))).toBe('one')
    expect(await bodyOf(await cache.serve('/sales?page=2', () => Promise.resolve(page('other'))))).toBe('two')
  })

  it('never keeps an error, a private page or one that sets a cookie', async () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1_000_000 })
    const answers = [
      page('not found', { 'cache-control': VISITOR_PAGE }, 404),
      page('logged in', { 'cache-control': 'private, no-cache' }),
      page('no header', {}),
      page('cookie', { 'cache-control': VISITOR_PAGE, 'set-cookie': 'session=abc' }),
    ]
    for (const [i, answer] of answers.entries()) {
      const pages = counter(() => answer.clone())
      const first = await cache.serve(`/page/${i}`, pages.render)
      expect('response' in first).toBe(true)
      await cache.serve(`/page/${i}`, pages.render)
      expect(pages.renders).toBe(2)
    }
    expect(cache.size).toBe(0)
  })

  it('renders a page once for every request that asks while it renders', async () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1_000_000 })
    let release: () => void = () => {}
    let renders = 0
    const render = () => {
      renders += 1
      return new Promise<Response>((resolve) => {
        release = () => resolve(page('shared'))
      })
    }
    const waiting = [cache.serve('/lettings', render), cache.serve('/lettings', render), cache.serve('/lettings', render)]
    release()
    const results = await Promise.all(waiting)
    expect(renders).toBe(1)
    expect(await Promise.all(results.map(bodyOf))).toEqual(['shared', 'shared', 'shared'])
  })

  it('lets each waiting request render for itself when the shared render may not be kept', async () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1_000_000 })
    let renders = 0
    const render = () => Promise.resolve(page(`private ${++renders}`, { 'cache-control': 'private, no-cache' }))
    const results = await Promise.all([cache.serve('/p', render), cache.serve('/p', render)])
    expect(renders).toBe(2)
    expect((await Promise.all(results.map(bodyOf))).sort()).toEqual(['private 1', 'private 2'])
  })

  it('forgets the least recently used page beyond its entry and byte limits', async () => {
    const cache = createPageCache({ maxEntries: 2, maxBytes: 10 })
    const keep = (key: string, html: string) => cache.serve(key, () => Promise.resolve(page(html)))
    await keep('/a', 'aaaa')
    await keep('/b', 'bbbb')
    await keep('/a', 'ignored') // a hit: /a is now the most recently used
    await keep('/c', 'cccc')
    expect(cache.size).toBe(2)
    expect(await bodyOf(await keep('/a', 'new a'))).toBe('aaaa')
    expect(await bodyOf(await keep('/b', 'new b'))).toBe('new b')
    await keep('/big', 'x'.repeat(11))
    expect(await bodyOf(await keep('/big', 'small'))).toBe('small')
  })

  it('keeps nothing with no entries allowed', async () => {
    const cache = createPageCache({ maxEntries: 0, maxBytes: 1_000_000 })
    const pages = counter()
    await cache.serve('/sales', pages.render)
    await cache.serve('/sales', pages.render)
    expect(pages.renders).toBe(2)
    expect(cache.size).toBe(0)
  })
  it('never fails a request because the page it waited on was pushed out of the cache while it rendered: each renders for itself', async () => {
    const cache = createPageCache({ maxEntries: 1, maxBytes: 1_000_000 })
    let finish: () => void = () => {}
    const slow = new Promise<void>((resolve) => (finish = resolve))
    let renders = 0
    const slowRender = async () => {
      renders++
      await slow
      return page('slow page')
    }
    // Two requests for /a share its render; /b arrives meanwhile and takes the one entry.
    const first = cache.serve('/a', slowRender)
    const waiter = cache.serve('/a', slowRender)
    const other = await cache.serve('/b', () => Promise.resolve(page('other page')))
    expect(await bodyOf(other)).toBe('other page')
    finish()
    const answers = await Promise.all([first, waiter])
    expect(await Promise.all(answers.map(bodyOf))).toEqual(['slow page', 'slow page'])
    // The first request used its own render; the waiter, whose shared render was dropped, rendered once itself.
    expect(renders).toBe(2)
  })
})
