import { LIST_PATHS, SAVED_COPY, SAVED_PAGE_COPY } from '@agency/domain'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { logIn } from './log-in.ts'
import { BASE_URL, expectNoAxeViolations, settled, setupBrowser } from './support.ts'

const browser = setupBrowser()
const STORAGE_KEY = 'agency.saved-properties'

/** Demo contacts no other test logs in with (packages/db seed-contacts). */
const VENDOR_EMAIL = 'vendor@example.com'
const LANDLORD_EMAIL = 'landlord@example.com'

/** The first card on the page that is not locked, with its heading. */
async function firstOpenCard(page: Page): Promise<{ card: Locator; heading: string }> {
  const card = page.locator('article.card:not(.card--locked)').first()
  return { card, heading: (await card.getByRole('heading').innerText()).trim() }
}

const heartOf = (scope: Locator | Page) => scope.getByRole('button', { name: SAVED_COPY.SAVE })


describe('saved properties', () => {
  it('saves from a card as a visitor, keeps it in the browser, and moves it to the contact on login', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await settled(page)
    const { card, heading } = await firstOpenCard(page)
    await card.locator('.save-button[data-enhanced]').waitFor()
    const heart = heartOf(card)
    expect(await heart.getAttribute('aria-pressed')).toBe('false')
    // The heart is drawn by the stylesheet: an outline, filled once the property is saved.
    const heartShape = () =>
      heart.evaluate((button) => {
        const style = getComputedStyle(button, '::before')
        return `${style.width} ${style.getPropertyValue('mask-image') || style.getPropertyValue('-webkit-mask-image')}`
      })
    expect(await heartShape()).toMatch(/^22px url\("data:image\/svg\+xml,.*fill='none'/)
    await heart.click()
    expect(await heart.getAttribute('aria-pressed')).toBe('true')
    expect(await heartShape()).toMatch(/^22px url\("data:image\/svg\+xml,/)
    expect(await heartShape()).not.toContain("fill='none'")
    await expectNoAxeViolations(page)

    // Kept in this browser: still saved after a reload, and listed on the Saved properties page.
    await page.reload()
    await page.locator('article.card .save-button[data-enhanced]').first().waitFor()
    expect(await heartOf((await firstOpenCard(page)).card).getAttribute('aria-pressed')).toBe('true')
    await page.getByRole('banner').getByRole('link', { name: SAVED_COPY.TITLE }).click()
    await page.getByRole('heading', { level: 1, name: SAVED_COPY.TITLE }).waitFor()
    await page.getByRole('heading', { name: heading }).waitFor()
    expect(await page.locator('main').innerText()).toContain(SAVED_PAGE_COPY.KEPT_IN_BROWSER)
    await expectNoAxeViolations(page)

    // Say it was dearer when saved: after the move, the list tells the reduction.
    const saves = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)) ?? '[]') as Array<{ saved_price: number }>
    expect(saves).toHaveLength(1)
    const savedPrice = saves[0]!.saved_price
    await page.evaluate(
      ([key, price]) => {
        const list = JSON.parse(localStorage.getItem(key as string) ?? '[]') as Array<{ saved_price: number }>
        list[0]!.saved_price = price as number
        localStorage.setItem(key as string, JSON.stringify(list))
      },
      [STORAGE_KEY, savedPrice + 25_000],
    )

    await logIn(page, VENDOR_EMAIL)
    // The browser's saves move to the contact, then leave the browser.
    await page.waitForFunction((key) => localStorage.getItem(key) === null, STORAGE_KEY)
    await page.goto(`${BASE_URL}/saved-properties`)
    const main = page.locator('main')
    await main.getByRole('heading', { name: heading }).waitFor()
    const text = await main.innerText()
    expect(text).not.toContain(SAVED_PAGE_COPY.KEPT_IN_BROWSER)
    expect(text).toContain(`Price reduced from £${(savedPrice + 25_000).toLocaleString('en-GB')}`)
    expect(await heartOf(main).first().getAttribute('aria-pressed')).toBe('true')
    await expectNoAxeViolations(page)

    // Taken off the list with its heart.
    await main.locator('.save-button[data-enhanced]').first().waitFor()
    // The page's script posts it; wait for the answer before reloading.
    const removed = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/saved-properties'))
    await heartOf(main).first().click()
    expect((await removed).status()).toBe(200)
    await page.reload()
    await main.getByText(SAVED_PAGE_COPY.EMPTY).waitFor()
  })

  it('saves and removes without JavaScript for a logged-in contact, from a card and on the Saved page', async () => {
    const withScript = await browser.page()
    await logIn(withScript, LANDLORD_EMAIL)
    const page = await browser.page({ javaScriptEnabled: false })
    await page.context().addCookies(await withScript.context().cookies())

    await page.goto(`${BASE_URL}${LIST_PATHS.lettings}`)
    const { card, heading } = await firstOpenCard(page)
    await heartOf(card).click()
    // The post comes back to the list, which now shows the heart pressed.
    await page.waitForURL((url) => url.pathname === LIST_PATHS.lettings)
    const pressed = heartOf((await firstOpenCard(page)).card)
    expect(await pressed.getAttribute('aria-pressed')).toBe('true')
    const id = (await pressed.getAttribute('value')) ?? ''
    expect(id).toMatch(/^\d+$/)

    await page.goto(`${BASE_URL}/saved-properties`)
    const main = page.locator('main')
    expect(await main.getByRole('heading', { name: heading }).count()).toBe(1)
    await heartOf(main).first().click()
    await page.waitForURL((url) => url.pathname === '/saved-properties')
    expect(await main.innerText()).toContain(SAVED_PAGE_COPY.EMPTY)

    // A post that says both, or two properties, or no property, is refused and saves nothing; so is one
    // for a property that does not exist.
    const ids = async () => (await (await page.request.get(`${BASE_URL}/api/contacts/me/saved_properties/ids`)).json()) as unknown
    const before = await ids()
    const refusals: [Record<string, string>, number][] = [
      [{ save: id, remove: id }, 400],
      [{ save: id, property_profile_id: id, intent: 'save' }, 400],
      [{ save: 'abc' }, 400],
      [{ save: `${id}\u0000` }, 400],
      [{ remove: '' }, 400],
      [{ save: '-1' }, 400],
      [{ save: '0' }, 400],
      [{ save: '99999999999999999999999' }, 400],
      [{ save: '2147483647' }, 404],
    ]
    for (const [form, status] of refusals) {
      const refused = await page.request.post(`${BASE_URL}/saved-properties`, { form: { ...form, via: 'fetch' }, headers: { origin: BASE_URL } })
      expect(refused.status(), JSON.stringify(form)).toBe(status)
    }
    expect(await ids()).toEqual(before)
  })

  it('keeps a visitor\'s heart without JavaScript for that browser in a cookie of ids, lists it on the Saved page, and merges it on login', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    const { card, heading } = await firstOpenCard(page)
    await heartOf(card).click()
    // Back on the list, not on the login page, with the heart pressed.
    await page.waitForURL((url) => url.pathname === LIST_PATHS.sales)
    const pressed = heartOf((await firstOpenCard(page)).card)
    expect(await pressed.getAttribute('aria-pressed')).toBe('true')
    const id = (await pressed.getAttribute('value')) ?? ''
    // At the card whose heart was pressed, not at the page's top.
    expect(new URL(page.url()).hash).toBe(`#property-${id}`)
    const cookie = (await page.context().cookies()).find((c) => c.name === 'agency_saved')
    expect(cookie?.value).toBe(id)
    expect(cookie?.httpOnly).toBe(false)
    // The Saved page lists it.
    await page.goto(`${BASE_URL}/saved-properties`)
    const main = page.locator('main')
    await main.getByRole('heading', { name: heading }).waitFor()
    expect(await main.innerText()).toContain(SAVED_PAGE_COPY.KEPT_IN_BROWSER)
    // Pressed again, it leaves the list.
    await heartOf(main).first().click()
    await page.waitForURL((url) => url.pathname === '/saved-properties')
    // The list is empty, and says so first; the note on a list kept with JavaScript follows.
    expect(await main.innerText()).toContain(`${SAVED_PAGE_COPY.EMPTY}\n\n${SAVED_PAGE_COPY.NEEDS_JAVASCRIPT}`)
    expect((await page.context().cookies()).find((c) => c.name === 'agency_saved')).toBeUndefined()

    // Saved again, then the visitor logs in: the shortlist takes it in, and the cookie is cleared.
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await heartOf((await firstOpenCard(page)).card).click()
    await page.waitForURL((url) => url.pathname === LIST_PATHS.sales)
    const withScript = await browser.page()
    await logIn(withScript, 'tenant@example.com')
    await page.context().addCookies((await withScript.context().cookies()).filter((c) => c.name !== 'agency_saved'))
    // Without JavaScript the Saved page offers to add them (a post; the page's script does it unasked).
    await page.goto(`${BASE_URL}/saved-properties`)
    expect(await main.innerText()).toContain(SAVED_PAGE_COPY.WAITING(1))
    await page.getByRole('button', { name: SAVED_PAGE_COPY.ADD_WAITING }).click()
    await page.waitForURL((url) => url.pathname === '/saved-properties')
    await main.getByRole('heading', { name: heading }).waitFor()
    expect(await main.innerText()).not.toContain(SAVED_PAGE_COPY.KEPT_IN_BROWSER)
    expect(await main.innerText()).not.toContain(SAVED_PAGE_COPY.WAITING(1))
    expect((await page.context().cookies()).find((c) => c.name === 'agency_saved')).toBeUndefined()
    expect(await heartOf(main).first().getAttribute('value')).toBe(id)
  })

  it('moves the hearts a visitor pressed before the page\'s script ran into this browser\'s list', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    const { card } = await firstOpenCard(page)
    const id = Number(await heartOf(card).getAttribute('value'))
    await page.context().addCookies([{ name: 'agency_saved', value: String(id), url: BASE_URL }])
    await page.reload()
    await page.locator('article.card .save-button[data-enhanced]').first().waitFor()
    expect(await heartOf((await firstOpenCard(page)).card).getAttribute('aria-pressed')).toBe('true')
    const saves = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)) ?? '[]') as Array<{ id: number }>
    expect(saves.map((save) => save.id)).toEqual([id])
    expect((await page.context().cookies()).find((c) => c.name === 'agency_saved')).toBeUndefined()
  })

  it('shows the heart on the property page, saved as on the card', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}${LIST_PATHS.sales}`)
    await settled(page)
    const { card, heading } = await firstOpenCard(page)
    await card.locator('.save-button[data-enhanced]').waitFor()
    await heartOf(card).click()
    await card.getByRole('link').last().click()
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    const heart = page.locator('.detail-facts').getByRole('button', { name: SAVED_COPY.SAVE })
    expect(await heart.getAttribute('aria-pressed')).toBe('true')
    await heart.click()
    expect(await heart.getAttribute('aria-pressed')).toBe('false')
    await expectNoAxeViolations(page)
  })
})
