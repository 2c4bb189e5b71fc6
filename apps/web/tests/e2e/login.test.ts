import { MESSAGES, SHORT_MEDIA_PATH, solveCaptchaQuestion, toShortMediaKey } from '@agency/domain'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SPEC } from './spec-texts.ts'
import { readOutbox, seenMails, toLoginLink, waitForMail } from './outbox.ts'
import { BASE_URL, axeViolations, expectNoAxeViolations, setupBrowser } from './support.ts'

const browser = setupBrowser()

/** The demo contacts (packages/db seed-contacts): a buyer (Mr James Whitaker) and a tenant. */
const BUYER_EMAIL = 'buyer@example.com'
const TENANT_EMAIL = 'tenant@example.com'
const UNKNOWN_EMAIL = 'nobody.registered@example.org'
/** What the first page after a login link says (not SPEC's words: @agency/domain's LINK_MESSAGES). */
const LOGGED_IN = "You're logged in."
const LOGGED_OUT = 'You have logged out.'

/** Waits until the login form checks itself in the page (React has hydrated it). */
async function waitForEnhancedForm(page: Page): Promise<void> {
  await page.locator('form.login-form[data-enhanced]').waitFor()
}

/** Fills the login form and presses the button (the captcha is solved in the page meanwhile). */
async function requestLink(page: Page, email: string): Promise<void> {
  await waitForEnhancedForm(page)
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send login link' }).click()
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
}

async function expectConfirmation(page: Page, email: string): Promise<void> {
  const main = page.locator('main')
  expect(await main.innerText()).toContain(MESSAGES.MAGIC_LINK_SENT)
  expect(await main.getByText(email, { exact: true }).count()).toBe(1)
  // SPEC §4: the input is hidden once the request is sent.
  expect(await page.getByLabel('Email address').count()).toBe(0)
}

/**
 * Finds a list page holding a locked card with a photo. The card is known by its photo's media id,
 * which stays the same when the card unlocks (only the picture variant changes from 'blurred').
 */
async function findLockedCard(page: Page): Promise<{ listUrl: string; mediaPath: string }> {
  for (let n = 1; n <= 10; n++) {
    await page.goto(`${BASE_URL}/sales/property-for-sale?page_size=100&page=${n}`)
    const src = await page.locator('article.card--locked img').first().getAttribute('src').catch(() => null)
    // The list may have tidied its address (page 1 needs no page=1): the page's own URL is the one.
    if (src) return { listUrl: page.url(), mediaPath: src.replace(/[^/]+$/, '') }
  }
  throw new Error('no locked card within the first 1,000 sales')
}

/** The error the e-mail field is described by (aria-describedby), as a screen reader announces it. */
async function emailErrorText(page: Page): Promise<string> {
  const id = await page.getByLabel('Email address').getAttribute('aria-describedby')
  expect(id, 'the e-mail field names its error').toBeTruthy()
  return page.locator(`[id="${id}"]`).innerText()
}

/**
 * A card on the page by its photo's media path: a locked card's photo is its blurred variant there, an
 * unlocked card's a copy under the short path of the same key (@agency/domain media-url.ts).
 */
function cardOf(page: Page, mediaPath: string) {
  const shortKey = toShortMediaKey(mediaPath.split('/').at(-2) ?? '')
  if (!shortKey) throw new Error(`no media key in ${mediaPath}`)
  return page.locator('article').filter({ has: page.locator(`img[src^="${mediaPath}"], img[src^="${SHORT_MEDIA_PATH}/${shortKey}/"]`) })
}

/** Answers the question a form shows without JavaScript in place of the captcha, as a person reads it. */
async function answerQuestion(page: Page, beforeAnswer?: () => Promise<void>): Promise<void> {
  const group = page.getByRole('group', { name: 'Check that you are not a robot' })
  await group.waitFor()
  const text = (await group.locator('label').innerText()).trim()
  const answer = solveCaptchaQuestion(text)
  if (answer === null) throw new Error(`unexpected question: ${text}`)
  await beforeAnswer?.()
  await group.getByRole('textbox').fill(answer)
}

describe('magic link login in a browser', () => {
  it('shows SPEC messages as warning toasts for an empty and an invalid e-mail', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/login`)
    await waitForEnhancedForm(page)
    await expectNoAxeViolations(page)
    // The toasts' region, as assistive technology finds it (its name also gives the shortcut).
    const toasts = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')

    await page.getByRole('button', { name: 'Send login link' }).click()
    await toasts.filter({ hasText: SPEC.EMAIL_REQUIRED }).waitFor()
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true')
    // Checked once the toast has finished sliding in: mid-fade its text is faint on purpose.
    await toasts.first().evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
    await expectNoAxeViolations(page)

    await page.getByLabel('Email address').fill('james@example')
    await page.getByRole('button', { name: 'Send login link' }).click()
    await toasts.filter({ hasText: SPEC.EMAIL_INVALID }).waitFor()
    expect(await emailErrorText(page)).toBe(SPEC.EMAIL_INVALID)
    // The toasts are announced: they live in a polite live region.
    expect(await page.locator('[aria-live="polite"]').filter({ hasText: SPEC.EMAIL_INVALID }).count()).toBe(1)
  })

  it("shows its warning toast below the site's header, never over it, on a phone and on a desktop", async () => {
    for (const size of [{ width: 390, height: 844, mobile: true }, { width: 1366, height: 900 }]) {
      const page = await browser.page(size)
      await page.goto(`${BASE_URL}/login`)
      await waitForEnhancedForm(page)
      await page.getByRole('button', { name: 'Send login link' }).click()
      const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: SPEC.EMAIL_REQUIRED })
      await toast.waitFor()
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)))
      const header = await page.getByRole('banner').boundingBox()
      const box = await toast.boundingBox()
      expect(header, `${size.width}px`).not.toBeNull()
      // The header's bottom on screen (none once it has scrolled away): the toast starts below it.
      expect(box!.y, `${size.width}px`).toBeGreaterThanOrEqual(Math.max(0, header!.y + header!.height))
      await page.close()
    }
  })

  it('keeps one warning toast however often the button is pressed, the next message in its place, with the field saying it too', async () => {
    const page = await browser.page({ width: 390, height: 844, mobile: true })
    await page.goto(`${BASE_URL}/login`)
    await waitForEnhancedForm(page)
    const toasts = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')
    const button = page.getByRole('button', { name: 'Send login link' })
    for (let i = 0; i < 3; i++) await button.click()
    await toasts.filter({ hasText: SPEC.EMAIL_REQUIRED }).first().waitFor()
    await toasts.first().evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
    expect(await toasts.allInnerTexts()).toEqual([SPEC.EMAIL_REQUIRED])
    expect(await emailErrorText(page)).toBe(SPEC.EMAIL_REQUIRED)
    expect(await page.getByLabel('Email address').evaluate((input) => input === document.activeElement)).toBe(true)

    await page.getByLabel('Email address').fill('james@example')
    for (let i = 0; i < 2; i++) await button.click()
    await toasts.filter({ hasText: SPEC.EMAIL_INVALID }).first().waitFor()
    await toasts.first().evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
    expect(await toasts.allInnerTexts()).toEqual([SPEC.EMAIL_INVALID])
    expect(await emailErrorText(page)).toBe(SPEC.EMAIL_INVALID)
  })

  it('shows the same messages beside the field without JavaScript', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}/login`)
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.waitForLoadState()
    expect(await emailErrorText(page)).toBe(SPEC.EMAIL_REQUIRED)

    await page.getByLabel('Email address').fill('not an address')
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.waitForLoadState()
    expect(await emailErrorText(page)).toBe(SPEC.EMAIL_INVALID)
    expect(await page.getByLabel('Email address').inputValue()).toBe('not an address')
  })

  it('sends a login link without JavaScript once the question that replaces the captcha is answered', async () => {
    let seen = new Set<string>()
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}/login`)
    expect(await page.locator('main').innerText()).toContain('Without JavaScript we ask you a short question before your link is sent')
    await page.getByLabel('Email address').fill(TENANT_EMAIL)
    await page.getByRole('button', { name: 'Send login link' }).click()
    // A wrong answer is not taken for a sent link: the person is told, and asked a new question.
    const group = page.getByRole('group', { name: 'Check that you are not a robot' })
    const first = solveCaptchaQuestion((await group.locator('label').innerText()).trim())
    await group.getByRole('textbox').fill(`${first}x`)
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.getByRole('alert').filter({ hasText: 'Please confirm you are not a robot and try again.' }).waitFor()
    expect(await group.getByRole('textbox').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByRole('heading', { name: 'Check your e-mail' }).count()).toBe(0)
    await answerQuestion(page, async () => {
      expect(await page.getByLabel('Email address').inputValue()).toBe(TENANT_EMAIL)
      seen = await seenMails()
    })
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    await expectConfirmation(page, TENANT_EMAIL)
    await waitForMail(TENANT_EMAIL, seen)
  })

  it('logs a buyer in from a locked card, unlocks it with a match percentage, and locks it again on log out', async () => {
    const page = await browser.page()
    const { listUrl, mediaPath } = await findLockedCard(page)
    await cardOf(page, mediaPath).getByRole('link', { name: SPEC.LOGIN }).click()
    await page.waitForURL(/\/login\?redirect=/)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(new URL(listUrl).pathname + new URL(listUrl).search)

    const seen = await seenMails()
    await requestLink(page, BUYER_EMAIL)
    await expectConfirmation(page, BUYER_EMAIL)
    await expectNoAxeViolations(page)

    const mail = await waitForMail(BUYER_EMAIL, seen)
    const link = toLoginLink(mail)

    // A mail scanner opening the link first must not spend it.
    const scanner = await browser.page({ javaScriptEnabled: false })
    await scanner.goto(link)
    expect(await scanner.getByRole('button', { name: 'Log in' }).count()).toBe(1)

    await page.goto(link)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/sales/property-for-sale')
    expect(new URL(page.url()).search).toBe(new URL(listUrl).search)
    // The page says the login worked, as a status a screen reader announces; once only.
    expect(await page.getByRole('status').filter({ hasText: LOGGED_IN }).innerText()).toBe(LOGGED_IN)
    await expectNoAxeViolations(page)

    const header = page.getByRole('banner')
    expect(await header.innerText()).toMatch(/Signed in as\s+James/)
    expect(await header.getByRole('button', { name: 'Log out' }).count()).toBe(1)
    expect(await header.getByRole('link', { name: SPEC.LOGIN }).count()).toBe(0)

    // The card that was locked now shows its price and rooms.
    const unlocked = cardOf(page, mediaPath)
    expect(await unlocked.getAttribute('class')).not.toMatch(/card--locked/)
    expect(await unlocked.innerText()).toMatch(/£[\d,]+/)
    expect(await unlocked.getByRole('link', { name: SPEC.LOGIN }).count()).toBe(0)

    // Cards in or near the active alert's area (London, 5 miles) show its match percentage, explained by
    // a tooltip on hover and on focus; a property elsewhere is no match and shows none.
    await page.goto(`${BASE_URL}/sales/property-for-sale?locations=51.5072,-0.1276,5`)
    const badge = page.getByText(/^\d{1,3}% match$/).first()
    expect(await badge.innerText()).toMatch(/^\d{1,3}% match$/)
    const tooltip = page.locator(`[id="${await badge.getAttribute('aria-describedby')}"]`)
    expect(await tooltip.isVisible()).toBe(false)
    await badge.hover()
    await tooltip.waitFor({ state: 'visible' })
    expect(await tooltip.innerText()).toContain(MESSAGES.MATCH_TOOLTIP)
    await page.mouse.move(0, 0)
    await tooltip.waitFor({ state: 'hidden' })
    await badge.focus()
    await tooltip.waitFor({ state: 'visible' })
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await tooltip.waitFor({ state: 'hidden' })

    // Another page no longer says it.
    expect(await page.getByText(LOGGED_IN).count()).toBe(0)

    // The link is spent: opened again, it says so at once, with no Log in button, and offers a new one.
    await page.goto(link)
    await page.getByRole('heading', { name: 'This login link cannot be used' }).waitFor()
    expect(await page.getByRole('alert').innerText()).toBe('This login link has already been used.')
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Request a new login link' }).getAttribute('href')).toBe('/login')
    await expectNoAxeViolations(page)
    // So does the scanner's page, opened before, when its button is pressed now.
    await scanner.getByRole('button', { name: 'Log in' }).click()
    await scanner.getByRole('heading', { name: 'This login link cannot be used' }).waitFor()
    expect(await scanner.getByRole('alert').innerText()).toBe('This login link has already been used.')

    // A logged-in user who reaches the login page goes to their list (SPEC §2): sales for a buyer.
    await page.goto(`${BASE_URL}/login`)
    expect(new URL(page.url()).pathname).toBe('/sales/property-for-sale')

    // A logged-in page is rendered for its contact alone: no shared cache keeps or answers it.
    const loggedInResponse = await page.goto(listUrl)
    expect(loggedInResponse?.headers()['cache-control']).toBe('private, no-cache')
    expect(loggedInResponse?.headers()['x-cache']).toBeUndefined()
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL(`${BASE_URL}/`)
    // A hydrated page may show the new address a moment before it renders the new header.
    await page.getByRole('banner').getByRole('link', { name: SPEC.LOGIN }).waitFor()
    expect(await page.getByRole('banner').getByRole('button', { name: 'Log out' }).count()).toBe(0)
    // The page it lands on says so, as a status, once: not on the next page.
    expect(await page.getByRole('status').filter({ hasText: LOGGED_OUT }).innerText()).toBe(LOGGED_OUT)
    await expectNoAxeViolations(page)
    await page.goto(listUrl)
    expect(await page.getByText(LOGGED_OUT).count()).toBe(0)
    const lockedAgain = cardOf(page, mediaPath)
    expect(await lockedAgain.getAttribute('class')).toMatch(/card--locked/)
    expect(await lockedAgain.innerText()).not.toMatch(/£/)
    expect(await page.getByText(/^\d{1,3}% match$/).count()).toBe(0)
  }, 120_000) // The whole journey, with six axe scans: past the usual minute on two busy cores.

  it("posts the form's idempotency key with the login request, with and without JavaScript, a new one for each rendering", async () => {
    const keys: string[] = []
    for (const javaScriptEnabled of [true, false]) {
      const page = await browser.page({ javaScriptEnabled })
      await page.goto(`${BASE_URL}/login`)
      if (javaScriptEnabled) await waitForEnhancedForm(page)
      const key = await page.locator('input[type="hidden"][name="idempotency_key"]').inputValue()
      expect(key).toMatch(/^[0-9a-f-]{36}$/)
      keys.push(key)
      const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/login'))
      await page.getByLabel('Email address').fill(UNKNOWN_EMAIL)
      await page.getByRole('button', { name: 'Send login link' }).click()
      expect((await posted).postData() ?? '').toContain(key)
      if (!javaScriptEnabled) {
        // Without JavaScript the question comes first; the answered post names its own rendering.
        await answerQuestion(page)
        const answeredKey = await page.locator('input[type="hidden"][name="idempotency_key"]').inputValue()
        const answered = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/login'))
        await page.getByRole('button', { name: 'Send login link' }).click()
        expect((await answered).postData() ?? '').toContain(answeredKey)
      }
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    }
    expect(keys[0]).not.toBe(keys[1])
  })

  it('shows an unknown e-mail the same confirmation and sends it nothing', async () => {
    const page = await browser.page()
    const seen = await seenMails()
    await page.goto(`${BASE_URL}/login`)
    await requestLink(page, UNKNOWN_EMAIL)
    await expectConfirmation(page, UNKNOWN_EMAIL)

    // The outbox is sent in order: once a later e-mail has arrived, an earlier one would have too.
    await page.goto(`${BASE_URL}/login`)
    await requestLink(page, TENANT_EMAIL)
    const tenantMail = await waitForMail(TENANT_EMAIL, seen)
    const mails = await readOutbox()
    expect(mails.filter((m) => !seen.has(m.file) && m.to.includes(UNKNOWN_EMAIL))).toEqual([])

    // The tenant's link, requested from no page in particular, leads to the properties route: lettings.
    await page.goto(toLoginLink(tenantMail))
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/lettings/property-to-rent')
    expect(await page.getByRole('banner').innerText()).toMatch(/Signed in as\s+Priya/)
    await page.goto(`${BASE_URL}/properties?min_bedroom=1`)
    expect(new URL(page.url()).pathname).toBe('/lettings/property-to-rent')
    expect(new URL(page.url()).search).toBe('?min_bedroom=1')
  })

  it('explains a link that is not valid and offers a new one', async () => {
    // The link page works without JavaScript: a mail app's browser may have none.
    const page = await browser.page({ javaScriptEnabled: false })
    // A token the site never sent, well-formed or not, is told apart before anything is pressed.
    for (const token of ['A'.repeat(43), encodeURIComponent("' or 1=1 --"), 'A'.repeat(5000)]) {
      const response = await page.goto(`${BASE_URL}/login/verify?token=${token}`)
      expect(response?.status()).toBe(200)
      await page.getByRole('heading', { name: 'This login link cannot be used' }).waitFor()
      expect(await page.getByRole('alert').innerText()).toBe('This login link is invalid or has expired.')
      expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0)
    }
    await page.getByRole('link', { name: 'Request a new login link' }).click()
    await page.waitForURL(`${BASE_URL}/login`)

    // axe needs script in the page.
    const withScript = await browser.page()
    await withScript.goto(`${BASE_URL}/login/verify`)
    expect(await withScript.getByRole('alert').innerText()).toBe('This login link is invalid or has expired.')
    await expectNoAxeViolations(withScript)
  })

  it("says 'You're logged in' and then 'You have logged out' without JavaScript too, each on the page it leads to and not again on reloading it", async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    const seen = await seenMails()
    await page.goto(`${BASE_URL}/login`)
    await page.getByLabel('Email address').fill(TENANT_EMAIL)
    await page.getByRole('button', { name: 'Send login link' }).click()
    await answerQuestion(page)
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    await page.goto(toLoginLink(await waitForMail(TENANT_EMAIL, seen)))
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/lettings/property-to-rent')
    expect(await page.getByRole('status').filter({ hasText: LOGGED_IN }).innerText()).toBe(LOGGED_IN)
    expect(await page.getByRole('banner').innerText()).toMatch(/Signed in as\s+Priya/)
    await page.reload()
    expect(await page.getByRole('banner').innerText()).toMatch(/Signed in as\s+Priya/)
    expect(await page.getByText(LOGGED_IN).count()).toBe(0)

    // Logging out says so too, on the home page it lands on, and not again on reloading it.
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL(`${BASE_URL}/`)
    expect(await page.getByRole('status').filter({ hasText: LOGGED_OUT }).innerText()).toBe(LOGGED_OUT)
    expect(await page.getByRole('banner').getByRole('button', { name: 'Log out' }).count()).toBe(0)
    await page.reload()
    expect(await page.getByText(LOGGED_OUT).count()).toBe(0)
  })

  it('lays the login page and the header out on a phone without sideways scrolling', async () => {
    const page = await browser.page({ width: 390 })
    await page.goto(`${BASE_URL}/login`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
    await expectNoAxeViolations(page)
  })

  it('is scanned by an accessibility check that fails on a button without a name or a picture without a text', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/login`)
    await page.evaluate(() => {
      const main = document.querySelector('main')
      main?.append(document.createElement('button'), Object.assign(document.createElement('img'), { src: '/favicon.svg' }))
    })
    expect((await axeViolations(page)).map((line) => line.split(':')[0])).toEqual(['button-name', 'image-alt'])
  })
})
