import { LIST_PATHS } from '@agency/domain'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BASE_URL, routeMapTiles, setupBrowser } from './support.ts'

const browser = setupBrowser()

/** A page with JavaScript whose map tiles are answered locally; `tiles` counts those drawn. */
async function pageWithTiles(): Promise<{ page: Page; tiles: string[] }> {
  const page = await browser.page()
  return { page, tiles: await routeMapTiles(page, 'tile') }
}

/** The policy's script sources: the site's own files, with no inline script, nonce or hash allowed. */
function expectScriptsFromFilesOnly(policy: string | undefined): void {
  const scriptSrc = (policy ?? '').split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
  expect(scriptSrc.trim().split(/\s+/).slice(0, 2)).toEqual(['script-src', "'self'"])
  expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'nonce-|'sha(256|384|512)-|'strict-dynamic'/)
}

/**
 * Loads `path`, checks the page holds no inline script (every script that runs is a file of the
 * site; React Router's data are a JSON block), and waits until React runs.
 */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${BASE_URL}${path}`)
  expect(response?.status()).toBe(200)
  expectScriptsFromFilesOnly(response?.headers()['content-security-policy'])
  const scripts = await page.evaluate(() => [...document.scripts].filter((s) => !s.type.includes('json')).map((s) => s.src))
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((src) => !src.startsWith(`${new URL(BASE_URL).origin}/`))).toEqual([])
  await page.waitForFunction(() => '__reactRouterRouteModules' in window)
}

describe('the Content-Security-Policy in a browser', () => {
  it('runs the pages, the maps, the gallery and the forms without a violation', async () => {
    const { page, tiles } = await pageWithTiles()
    await visit(page, '/')
    await visit(page, LIST_PATHS.sales)
    await page.getByRole('button', { name: 'Show map' }).click()
    await expect.poll(() => tiles.length, { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 15_000 }).toBeGreaterThan(0)

    // A property page and its full-screen gallery (a chunk loaded on demand): one of the demo's with
    // photos, whatever other files of this server imported or published before (the newest card may
    // be a feed's home whose pictures are still to come).
    const cards = (await (await fetch(`${BASE_URL}/api/properties?transaction_type_id=1&include_medias=false&page_size=24`)).json()) as {
      data: Array<{ detail_page_url: string; is_locked: boolean; photo_count: number | null }>
    }
    const href = cards.data.find((card) => !card.is_locked && (card.photo_count ?? 0) > 1)?.detail_page_url
    await visit(page, href!)
    await page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ }).click()
    await page.getByRole('dialog', { name: /^Gallery: / }).waitFor()
    await page.keyboard.press('Escape')

    await visit(page, '/branches')
    await visit(page, '/valuation')
    await visit(page, '/heads-up-alerts/register')

    // The login form solves its captcha in the page and posts.
    await visit(page, '/login')
    await page.locator('form.login-form[data-enhanced]').waitFor()
    await page.getByLabel('Email address').fill('nobody@example.com')
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    expect(browser.policyViolations).toEqual([])
  })

  it('refuses an inline script slipped into a page, and reports it', async () => {
    const page = await browser.page()
    await visit(page, '/login')
    const before = browser.policyViolations.length
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      await new Promise((resolve) => setTimeout(resolve, 0))
      return '__injected' in window
    })
    expect(ran).toBe(false)
    await expect.poll(() => browser.policyViolations.length).toBe(before + 1)
    // Seen and expected: the file's closing check is for the pages' own scripts.
    const [reported] = browser.policyViolations.splice(before, 1)
    expect(reported).toContain('script-src-elem refused')
  })

  it('refuses a script file from elsewhere slipped into a page, and reports it', async () => {
    const page = await browser.page()
    await visit(page, '/login')
    const before = browser.policyViolations.length
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.src = 'https://scripts.example.test/steal.js'
      document.body.append(script)
    })
    await expect.poll(() => browser.policyViolations.length).toBe(before + 1)
    const [reported] = browser.policyViolations.splice(before, 1)
    expect(reported).toContain('script-src-elem refused')
    expect(reported).toContain('https://scripts.example.test/steal.js')
  })
})
