import { ALERT_PATHS, LABELS } from '@agency/domain'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seenMails, toLoginLink, waitForMail } from './outbox.ts'
import { BASE_URL, expectNoAxeViolations, setupBrowser } from './support.ts'

const browser = setupBrowser()

/** The demo buyer (packages/db seed-contacts), whose buyer profile may see pre-market properties. */
const BUYER_EMAIL = 'buyer@example.com'

/** Any media URL but a blurred one: what a visitor must never be given for a locked property. */
const UNBLURRED_MEDIA = /\/api\/media\/[^/"\s]+\/(thumb|small|card|medium|hd|large|full|pdf)\b/

interface ListedCard {
  property_profile_id: number
  is_locked: boolean
  image: string | null
  detail_page_url: string
}

/** A locked sale with a picture in the seeded catalogue, as a visitor's list names it. */
async function findLockedSale(): Promise<ListedCard> {
  for (let page = 1; page <= 10; page++) {
    const response = await fetch(`${BASE_URL}/api/properties?transaction_type_id=1&include_unavailable=true&page_size=100&page=${page}`)
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: ListedCard[] }
    const locked = data.find((card) => card.is_locked && card.image !== null)
    if (locked) return locked
    if (data.length < 100) break
  }
  throw new Error('no locked sale with a picture in the seeded catalogue')
}

/** The `src` of every picture in the page's main content. */
async function pictureSources(page: Page): Promise<string[]> {
  return page.locator('main img').evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''))
}

describe("a locked (pre-market) property's page", () => {
  it('shows a visitor the locked panel with Register and Login, and no picture but the blurred one', async () => {
    const locked = await findLockedSale()
    const page = await browser.page()
    const response = await page.goto(`${BASE_URL}${locked.detail_page_url}`)
    expect(response?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe(locked.detail_page_url)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Pre-market property for sale')

    // SPEC §2: only Register and Login, in the panel the #login anchor points at.
    const panel = page.locator('#login')
    await panel.waitFor()
    const links = panel.getByRole('link')
    expect(await links.allInnerTexts()).toEqual(['Register', 'Login'])
    expect([LABELS.REGISTER, LABELS.LOGIN]).toEqual(['Register', 'Login'])
    expect(await panel.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(ALERT_PATHS.REGISTER)
    expect(await panel.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ redirect: locked.detail_page_url }).toString()}`,
    )

    // No price, and the one picture is the blurred card picture the list showed.
    const main = await page.locator('main').innerText()
    expect(main).not.toMatch(/£/)
    const pictures = await pictureSources(page)
    expect(pictures.length).toBeGreaterThan(0)
    expect(new Set(pictures)).toEqual(new Set([locked.image]))
    expect(locked.image).toMatch(/\/api\/media\/[0-9a-f-]{36}\/blurred$/)
    // Nor does the page carry any other picture's address, in its markup or its hydration data.
    expect(await response!.text()).not.toMatch(UNBLURRED_MEDIA)
    // The same picture unblurred is not found for a visitor.
    const full = await page.request.get(locked.image!.replace(/\/blurred$/, '/full'))
    expect(full.status()).toBe(404)
    await expectNoAxeViolations(page)
  })

  it('shows a logged-in buyer the property in full, after logging in from its panel', async () => {
    const locked = await findLockedSale()
    const page = await browser.page()
    await page.goto(`${BASE_URL}${locked.detail_page_url}`)
    await page.locator('#login').getByRole('link', { name: 'Login' }).click()
    await page.waitForURL(/\/login\?redirect=/)

    const seen = await seenMails()
    await page.locator('form.login-form[data-enhanced]').waitFor()
    await page.getByLabel('Email address').fill(BUYER_EMAIL)
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    await page.goto(toLoginLink(await waitForMail(BUYER_EMAIL, seen)))
    await page.getByRole('button', { name: 'Log in' }).click()
    // Back on the property, at the same address: a locked property's address is the same for everyone.
    await page.waitForURL((url) => url.pathname === locked.detail_page_url)

    const response = await page.goto(`${BASE_URL}${locked.detail_page_url}`)
    expect(response?.status()).toBe(200)
    // Rendered for this buyer alone: no shared cache keeps or answers it.
    expect(response?.headers()['cache-control']).toBe('private, no-cache')
    expect(await page.getByRole('banner').innerText()).toMatch(/Signed in as\s+James/)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toBe('Pre-market property for sale')
    expect(await page.locator('#login').count()).toBe(0)
    expect(await page.locator('main').innerText()).toMatch(/£[\d,]+/)
    // Not locked for the buyer, and still marked as the early access it is.
    await page.getByText('Pre-market – early access', { exact: true }).waitFor()

    // The pictures are the real ones now, and the buyer's browser keeps them to itself.
    const pictures = await pictureSources(page)
    expect(pictures.length).toBeGreaterThan(0)
    expect(pictures.every((src) => !src.endsWith('/blurred'))).toBe(true)
    const picture = await page.request.get(new URL(pictures[0]!, BASE_URL).href)
    expect(picture.status()).toBe(200)
    expect(picture.headers()['cache-control']).toBe('private, max-age=31536000, immutable')
    await expectNoAxeViolations(page)
  })
})
