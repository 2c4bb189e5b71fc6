import { solveCaptchaQuestion } from '@agency/domain'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seenMails, toLoginLink, waitForMail } from './outbox.ts'
import { BASE_URL, expectNoAxeViolations, setupBrowser } from './support.ts'

const browser = setupBrowser()

/** SPEC's texts, copied by hand from docs/rules.md (§2, §5, §8). */
const TEXT = {
  SUCCESS: 'Your request has been sent successfully',
  I_WOULD_LIKE: 'Please select more details or to view a property',
  NAME: 'Name must be at least 3 characters',
  SURNAME: 'Surname must be at least 3 characters',
  SURNAME_REQUIRED: 'Surname is required',
  MESSAGE: 'Your message may not be greater than 255 characters.',
  MESSAGE_REQUIRED: 'Your message is required',
  EMAIL: 'Please enter a valid email address.',
  MOBILE: 'Mobile phone must be at least 9 characters',
  MOBILE_REQUIRED: 'Mobile phone is required',
  ADDRESS: 'Address must be selected',
  TO_SELL: 'Please select if you have a property to sell',
  TO_LET: 'Please select if you have a property to let',
  VIEWING_IN_FUTURE: 'Please choose ideal viewing time in the future.',
  API_VIEWING_AFTER_NOW: 'The viewing lead date must be a date after now.',
} as const

const PHONE_WIDTH = 375
/** A UK mobile number. */
const MOBILE = '07400 123456'

interface Card {
  property_profile_id: number
  is_locked: boolean
  detail_page_url: string
}

/** The first property for sale a visitor sees in full, and its branch's e-mail address. */
async function openProperty(): Promise<{ url: string; branchEmail: string }> {
  const response = await fetch(`${BASE_URL}/api/properties?transaction_type_id=1&page_size=50`)
  const cards = ((await response.json()) as { data: Card[] }).data
  const card = cards.find((c) => !c.is_locked)
  if (!card) throw new Error('no open property for sale in the demo data')
  const detail = (await (await fetch(`${BASE_URL}/api/properties/${card.property_profile_id}`)).json()) as { data: { branch: { email: string } | null } }
  return { url: `${BASE_URL}${card.detail_page_url}`, branchEmail: detail.data.branch?.email ?? '' }
}

/** A keyword the offline address provider answers (the addresses of the agency's own properties). */
// A home address as a visitor types it: the suggestion is built from it and its postcode.
const ADDRESS_KEYWORD = '12 high street ls1 5hd'

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`
const uniqueSurname = () => `Enquirer${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')

/** Waits for a warning toast with exactly this text. */
async function expectToast(page: Page, text: string): Promise<void> {
  await toasts(page).filter({ hasText: text }).first().waitFor()
}

async function waitForForm(page: Page): Promise<void> {
  await page.locator('form.lead-form__form[data-enhanced]').waitFor()
}

const form = (page: Page) => page.locator('form.lead-form__form')
/** The address field: a text field until it is first pointed at, touched or focused, then the suggestions combobox. */
const addressField = (page: Page) =>
  form(page).getByRole('combobox', { name: 'Your address' }).or(form(page).getByRole('textbox', { name: 'Your address' }))
const send = (page: Page, name = 'Send enquiry') => form(page).getByRole('button', { name })

/** Chooses an address from the suggestions (the combobox loads once the form is used). */
async function chooseAddress(page: Page): Promise<string> {
  await addressField(page).click()
  const combobox = form(page).getByRole('combobox', { name: 'Your address' })
  await combobox.waitFor()
  await combobox.fill(ADDRESS_KEYWORD)
  const option = form(page).getByRole('listbox').getByRole('option').first()
  await option.waitFor()
  // The list is named apart from the field: whoever looks for the field by its label finds it alone.
  expect(await form(page).getByLabel('Your address').count()).toBe(1)
  expect(await form(page).getByRole('listbox', { name: 'Suggested addresses' }).isVisible()).toBe(true)
  const line = (await option.innerText()).trim()
  await option.click()
  await expect.poll(() => combobox.inputValue()).toBe(line)
  return line
}

/**
 * Sends the form (the captcha is solved in the page) and waits for the success popup, then closes it.
 * With `holdPost`, the post is held until the form has been seen sending, with its button disabled.
 */
async function sendAndExpectSuccess(page: Page, button = 'Send enquiry', holdPost = false): Promise<void> {
  let release = () => {}
  if (holdPost) {
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (u) => u.pathname.endsWith('.data'),
      async (route) => {
        if (route.request().method() === 'POST') await held
        await route.continue()
      },
    )
  }
  await send(page, button).click()
  if (holdPost) {
    const sending = form(page).getByRole('button', { name: 'Sending…' })
    await sending.waitFor()
    expect(await sending.isDisabled()).toBe(true)
    release()
  }
  const dialog = page.getByRole('dialog', { name: TEXT.SUCCESS })
  await dialog.waitFor()
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'detached' })
  // Focus back on the form's send button (disabled while it sent), not at the page's top.
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('lead-form__submit'))).toBe(true)
}

describe('the lead enquiry on a property page', () => {
  it('sends a viewing enquiry: the branch is told every field and the sender gets an acknowledgement', async () => {
    const { url, branchEmail } = await openProperty()
    const page = await browser.page()
    await page.goto(url)
    await waitForForm(page)
    await expectNoAxeViolations(page)
    const f = form(page)
    // SPEC §3: viewing is the default choice, and its time is asked for (SPEC §5: 07:00–19:00, 24-hour).
    expect(await f.getByRole('checkbox', { name: 'To view a property' }).isChecked()).toBe(true)
    const time = await f.getByLabel('Viewing time (24-hour)').inputValue()
    expect(time).toMatch(/^(0[7-9]|1[0-8]):[0-5]\d$|^19:00$/)
    const options = await f.getByLabel('Viewing time (24-hour)').locator('option').allInnerTexts()
    expect(options[0]).toBe('07:00')
    expect(options.at(-1)).toBe('19:00')
    // Unticking viewing takes the time away; ticking it again brings it back.
    await f.getByRole('checkbox', { name: 'To view a property' }).uncheck()
    expect(await f.getByLabel('Viewing date').count()).toBe(0)
    await f.getByRole('checkbox', { name: 'To view a property' }).check()
    await f.getByLabel('Viewing date').waitFor()

    const email = uniqueEmail('viewing')
    const surname = uniqueSurname()
    await f.getByLabel('Title').selectOption({ label: 'Mrs' })
    await f.getByLabel('Name', { exact: true }).fill('Harriet')
    await f.getByLabel('Surname').fill(surname)
    await f.getByLabel('Your message').fill('Could we see it on a weekday morning?\nAre pets allowed?')
    await f.getByLabel('Email').fill(email)
    await f.getByLabel('Mobile phone').fill(MOBILE)
    const address = await chooseAddress(page)
    await f.getByLabel('I have a property to sell').selectOption({ label: 'Yes, not yet on market' })
    await f.getByLabel('I have a property to let').selectOption({ label: 'No' })
    // SPEC §3's hidden property fields travel with the form.
    expect(await f.locator('input[type="hidden"][name="property_profile_id"]').inputValue()).toMatch(/^\d+$/)
    expect(await f.locator('input[type="hidden"][name="confirm"]').inputValue()).toBe('confirmed')
    const seen = await seenMails()
    await sendAndExpectSuccess(page, 'Send enquiry', true)
    // The form is ready for another enquiry.
    expect(await f.getByLabel('Name', { exact: true }).inputValue()).toBe('')
    expect(await addressField(page).inputValue()).toBe('')

    const acknowledgement = await waitForMail(email, seen)
    // The success popup promised a copy: greeted by name, the message quoted line by line, the details given.
    expect(acknowledgement.source).toContain('Hello Harriet,')
    expect(acknowledgement.source).toContain('Your message:\n> Could we see it on a weekday morning?\n> Are pets allowed?')
    expect(acknowledgement.source).toContain(`Name: Mrs Harriet ${surname}`)
    expect(acknowledgement.source).toContain(`Address: ${address}`)
    expect(acknowledgement.source).toMatch(/Could we see it on a weekday morning\?(<[^>]+>)*<br\s*\/?>(<[^>]+>)*Are pets allowed\?/)
    const notification = await waitForMail(branchEmail, seen, new RegExp(surname))
    expect(notification.source).toContain('Message: Could we see it on a weekday morning?\nAre pets allowed?')
    expect(notification.source).toContain(address)
    expect(notification.source).toContain(email)
    expect(notification.source).toContain(new URL(url).pathname)
  })

  it('counts an address typed exactly as a suggestion reads as chosen, and still refuses one that matches none', async () => {
    const { url } = await openProperty()
    const page = await browser.page()
    await page.goto(url)
    await waitForForm(page)
    const f = form(page)
    await f.getByLabel('Name', { exact: true }).fill('Harriet')
    await f.getByLabel('Surname').fill(uniqueSurname())
    await f.getByLabel('Your message').fill('Is there parking?')
    await f.getByLabel('Email').fill(uniqueEmail('typed'))
    await f.getByLabel('Mobile phone').fill(MOBILE)
    await f.getByLabel('I have a property to sell').selectOption({ label: 'No' })
    await f.getByLabel('I have a property to let').selectOption({ label: 'No' })
    // Text that no suggestion reads is refused at the field.
    await addressField(page).fill('somewhere nobody lives')
    await send(page).click()
    await expectToast(page, TEXT.ADDRESS)
    await expect.poll(() => f.locator('.lead-field__error').allInnerTexts()).toEqual([TEXT.ADDRESS])
    // The line a suggestion reads, typed in other capitals and spaces and sent straight away, is chosen.
    const found = (await (await fetch(`${BASE_URL}/api/addresses?${new URLSearchParams({ keyword: ADDRESS_KEYWORD })}`)).json()) as { data: Array<{ display_name: string }> }
    const line = found.data[0]!.display_name
    const combobox = f.getByRole('combobox', { name: 'Your address' })
    await combobox.fill(`  ${line.toUpperCase().replace(/ /g, '  ')} `)
    await sendAndExpectSuccess(page)
    expect(await page.getByText(TEXT.ADDRESS, { exact: true }).count()).toBe(0)
  })

  it("keeps every key typed into the address: clicked as the form's first touch on a desktop, tapped straight after the name on a phone", async () => {
    const { url } = await openProperty()
    // A desktop visitor whose first click is on the address: the click keeps the focus and the keys.
    const desktop = await browser.page()
    await desktop.goto(url)
    await waitForForm(desktop)
    await form(desktop).locator(`input[name="contact_address"]`).click()
    await desktop.keyboard.type(ADDRESS_KEYWORD, { delay: 30 })
    await expect.poll(() => form(desktop).getByLabel('Your address').inputValue()).toBe(ADDRESS_KEYWORD)
    expect(await desktop.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('contact_address')
    await form(desktop).getByRole('listbox', { name: 'Suggested addresses' }).getByRole('option').first().waitFor()
    // A phone visitor who types the name, then taps the address and types at once: the first key too.
    const phone = await browser.page({ width: PHONE_WIDTH, height: 812, mobile: true })
    await phone.goto(url)
    await waitForForm(phone)
    await form(phone).getByLabel('Name', { exact: true }).tap()
    await phone.keyboard.type('Harriet')
    await form(phone).locator(`input[name="contact_address"]`).tap()
    await phone.keyboard.type(ADDRESS_KEYWORD, { delay: 30 })
    await expect.poll(() => form(phone).getByLabel('Your address').inputValue()).toBe(ADDRESS_KEYWORD)
    expect(await form(phone).getByLabel('Name', { exact: true }).inputValue()).toBe('Harriet')
  })

  it('shows each SPEC §5 message in order as a warning toast at phone width, and the API\'s past viewing time in SPEC §8\'s words', async () => {
    const { url } = await openProperty()
    const page = await browser.page({ width: PHONE_WIDTH })
    await page.goto(url)
    await waitForForm(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
    const f = form(page)
    const expectWarning = async (text: string) => {
      await send(page).click()
      await expectToast(page, text)
      // Also at its field, which has the focus (in view, clear of the toast); the fields still wrong
      // after it say so too.
      await expect.poll(() => f.locator('.lead-field__error').allInnerTexts()).toContain(text)
      const atFocus = (message: string) =>
        [...document.querySelectorAll('.lead-form .lead-field__error')].some(
          (error) => error.textContent === message && Boolean(document.activeElement && error.closest('.lead-field')?.contains(document.activeElement)),
        )
      await expect.poll(() => page.evaluate(atFocus, text)).toBe(true)
    }
    await f.getByRole('checkbox', { name: 'To view a property' }).uncheck()
    await expectWarning(TEXT.I_WOULD_LIKE)
    await f.getByRole('checkbox', { name: 'To view a property' }).check()
    await f.getByLabel('Name', { exact: true }).fill('Jo')
    await expectWarning(TEXT.NAME)
    await f.getByLabel('Name', { exact: true }).fill('Joanna')
    await f.getByLabel('Surname').fill('Li')
    await expectWarning(TEXT.SURNAME)
    await f.getByLabel('Surname').fill(uniqueSurname())
    await f.getByLabel('Your message').fill('x'.repeat(256))
    await expectWarning(TEXT.MESSAGE)
    await f.getByLabel('Your message').fill('Is there parking?')
    await f.getByLabel('Email').fill('joanna@')
    await expectWarning(TEXT.EMAIL)
    await f.getByLabel('Email').fill(uniqueEmail('order'))
    await f.getByLabel('Mobile phone').fill('0740')
    await expectWarning(TEXT.MOBILE)
    await f.getByLabel('Mobile phone').fill(MOBILE)
    await addressField(page).fill('somewhere I typed')
    await expectWarning(TEXT.ADDRESS)
    await chooseAddress(page)
    await expectWarning(TEXT.TO_SELL)
    await f.getByLabel('I have a property to sell').selectOption({ label: 'No' })
    await expectWarning(TEXT.TO_LET)
    await f.getByLabel('I have a property to let').selectOption({ label: 'No' })
    // A day in the past: only the API knows the time, and its words are replaced (SPEC §8).
    await f.getByLabel('Viewing date').fill('2020-01-06')
    await expectWarning(TEXT.VIEWING_IN_FUTURE)
    // Only the API's refusal is left, at the viewing time.
    expect(await f.locator('.lead-field__error').allInnerTexts()).toEqual([TEXT.VIEWING_IN_FUTURE])
    expect(await page.getByText(TEXT.API_VIEWING_AFTER_NOW).count()).toBe(0)
    await expectNoAxeViolations(page)
  })

  it('keeps one warning toast however often Send is pressed, the next message in its place', async () => {
    const { url } = await openProperty()
    const page = await browser.page({ width: PHONE_WIDTH })
    await page.goto(url)
    await waitForForm(page)
    const f = form(page)
    await f.getByLabel('Name', { exact: true }).fill('Jo')
    for (let i = 0; i < 3; i++) await send(page).click()
    await expectToast(page, TEXT.NAME)
    await toasts(page).first().evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
    expect(await toasts(page).allInnerTexts()).toEqual([TEXT.NAME])
    await f.getByLabel('Name', { exact: true }).fill('Joanna')
    await send(page).click()
    await expectToast(page, TEXT.SURNAME_REQUIRED)
    await toasts(page).first().evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
    expect(await toasts(page).allInnerTexts()).toEqual([TEXT.SURNAME_REQUIRED])
  })

  it('tells every field that is wrong at once, the first in the toast, and each clears as it is put right', async () => {
    const { url } = await openProperty()
    const page = await browser.page({ width: PHONE_WIDTH })
    await page.goto(url)
    await waitForForm(page)
    const f = form(page)
    const errors = () => f.locator('.lead-field__error').allInnerTexts()
    await f.getByLabel('Name', { exact: true }).fill('Jo')
    await f.getByLabel('Email').fill('joanna@')
    await send(page).click()
    await expectToast(page, TEXT.NAME)
    await expect.poll(errors).toEqual([TEXT.NAME, TEXT.SURNAME_REQUIRED, TEXT.MESSAGE_REQUIRED, TEXT.EMAIL, TEXT.MOBILE_REQUIRED, TEXT.ADDRESS, TEXT.TO_SELL, TEXT.TO_LET])
    // Each wrong field says so to a screen reader too.
    expect(await f.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(7)
    await expectNoAxeViolations(page)
    // A field put right loses its message as it changes; the others keep theirs until sent again.
    await f.getByLabel('Name', { exact: true }).fill('Joanna')
    await f.getByLabel('Surname').fill(uniqueSurname())
    await expect.poll(errors).toEqual([TEXT.MESSAGE_REQUIRED, TEXT.EMAIL, TEXT.MOBILE_REQUIRED, TEXT.ADDRESS, TEXT.TO_SELL, TEXT.TO_LET])
    expect(await f.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBeNull()
    await send(page).click()
    await expectToast(page, TEXT.MESSAGE_REQUIRED)
    await expect.poll(errors).toEqual([TEXT.MESSAGE_REQUIRED, TEXT.EMAIL, TEXT.MOBILE_REQUIRED, TEXT.ADDRESS, TEXT.TO_SELL, TEXT.TO_LET])
  })

  it('shows the warning of a Send pressed as the last warning is closing, in a toast of its own', async () => {
    const { url } = await openProperty()
    const page = await browser.page({ width: PHONE_WIDTH })
    // The page's clock, which the test moves on by hand from the first warning.
    await page.clock.install()
    await page.goto(url)
    await waitForForm(page)
    await form(page).getByLabel('Name', { exact: true }).fill('Jo')
    await send(page).click()
    const first = toasts(page).filter({ hasText: TEXT.NAME })
    await first.waitFor()
    await page.clock.pauseAt(Date.now() + 1000)
    // The page has done all it had to do: the next tasks it posted have run (React renders in them).
    const settle = () =>
      page.evaluate(() => new Promise((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve(null)
        channel.port2.postMessage(null)
      }))
    // Its six seconds run out: it starts to close (it is taken off the page 200 ms later).
    for (let step = 0; step < 400 && (await first.getAttribute('data-removed')) !== 'true'; step++) {
      await page.clock.runFor(25)
      await settle()
      await settle()
    }
    expect(await first.getAttribute('data-removed')).toBe('true')
    // Send again, with the name now right: the next warning shows, and stays once the first has gone.
    await form(page).getByLabel('Name', { exact: true }).fill('Joanna')
    await send(page).click()
    await page.clock.runFor(1000)
    const next = toasts(page).filter({ hasText: TEXT.SURNAME_REQUIRED })
    await next.waitFor()
    expect(await next.getAttribute('data-removed')).toBe('false')
    expect(await toasts(page).count()).toBe(1)
  })

  it("prefills a logged-in contact's known fields and hides their inputs", async () => {
    const page = await browser.page()
    const seen = await seenMails()
    await page.goto(`${BASE_URL}/login`)
    await page.locator('form.login-form[data-enhanced]').waitFor()
    await page.getByLabel('Email address').fill('buyer@example.com')
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    await page.goto(toLoginLink(await waitForMail('buyer@example.com', seen)))
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((u) => u.pathname !== '/login/verify')

    const { url } = await openProperty()
    // SPEC §7: an applicant's visit is recorded as a potential viewing, once the page runs.
    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/potential_viewings') && r.request().method() === 'POST')
    await page.goto(url)
    expect((await recorded).status()).toBe(200)
    await waitForForm(page)
    const f = form(page)
    // The demo buyer, Mr James Whitaker: his name, e-mail, mobile and address are known, and not asked for.
    expect(await f.innerText()).toContain('James Whitaker')
    expect(await f.innerText()).toContain('buyer@example.com')
    expect(await addressField(page).count()).toBe(0)
    for (const label of ['Title', 'Surname', 'Email', 'Mobile phone']) expect(await f.getByLabel(label, { exact: true }).count(), label).toBe(0)
    expect(await f.getByLabel('Name', { exact: true }).count()).toBe(0)
    // His active alert travels with the enquiry (SPEC §3 contact_applicant_id).
    expect(await f.locator('input[type="hidden"][name="contact_applicant_id"]').inputValue()).toMatch(/^\d+$/)
    await expectNoAxeViolations(page)
    await f.getByLabel('Your message').fill('I saw this on my alert.')
    await f.getByLabel('I have a property to sell').selectOption({ label: 'No' })
    await f.getByLabel('I have a property to let').selectOption({ label: 'No' })
    const mailSeen = await seenMails()
    await sendAndExpectSuccess(page)
    await waitForMail('buyer@example.com', mailSeen, /I saw this on my alert\./)
  })

  it('works without JavaScript: the same messages on the re-rendered page, suggestions to choose an address from, a question instead of the captcha', async () => {
    const { url, branchEmail } = await openProperty()
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(url)
    const f = form(page)
    await f.getByLabel('Viewing date').waitFor()
    // Told before sending that a question replaces the check that needs JavaScript.
    expect(await page.locator('.lead-form').innerText()).toContain('Without JavaScript we ask you a short question before your enquiry is sent')
    await f.getByLabel('Name', { exact: true }).fill('Jo')
    await send(page).click()
    const warning = page.locator('.lead-form').getByRole('alert')
    await warning.filter({ hasText: TEXT.NAME }).waitFor()
    expect(await form(page).getByLabel('Name', { exact: true }).inputValue()).toBe('Jo')

    const email = uniqueEmail('nojs')
    const surname = uniqueSurname()
    await form(page).getByLabel('Name', { exact: true }).fill('Joanna')
    await form(page).getByLabel('Surname').fill(surname)
    await form(page).getByLabel('Your message').fill('Is the loft converted?')
    await form(page).getByLabel('Email').fill(email)
    await form(page).getByLabel('Mobile phone').fill(MOBILE)
    await addressField(page).fill(ADDRESS_KEYWORD)
    await form(page).getByLabel('I have a property to sell').selectOption({ label: 'No' })
    await form(page).getByLabel('I have a property to let').selectOption({ label: 'No' })
    await send(page).click()
    await warning.filter({ hasText: TEXT.ADDRESS }).waitFor()
    // The suggestions for what was typed, to choose from; everything else is still filled in.
    const choices = page.getByRole('group', { name: 'Choose your address' }).getByRole('radio')
    expect(await choices.count()).toBeGreaterThan(0)
    expect(await form(page).getByLabel('Your message').inputValue()).toBe('Is the loft converted?')
    await choices.first().check()
    const question = () => page.getByRole('group', { name: 'Check that you are not a robot' }).getByRole('textbox')
    const robot = 'Please confirm you are not a robot and try again.'

    // A wrong answer is refused, and a new question asked.
    const first = await questionOf(page)
    await question().fill(`${first.answer}x`)
    await send(page).click()
    await warning.filter({ hasText: robot }).waitFor()
    // The new question says how to go on if answers keep being refused.
    const group = page.getByRole('group', { name: 'Check that you are not a robot' })
    expect(await group.innerText()).toContain('If your answers keep being refused, please try again in an hour, or call us:')
    expect(await group.getByRole('link', { name: "our branches' phone numbers" }).getAttribute('href')).toBe('/branches')
    const second = await questionOf(page)
    expect(second.token).not.toBe(first.token)

    // The right answer sends the enquiry: the lead is stored with its two e-mails.
    const seen = await seenMails()
    await question().fill(second.answer)
    await send(page).click()
    const done = page.locator('.lead-form--done')
    await done.getByRole('heading', { name: 'Thank you' }).waitFor()
    expect(await done.innerText()).toContain(TEXT.SUCCESS)
    const acknowledgement = await waitForMail(email, seen)
    // The acknowledgement is the copy the page promised: greeted by name, the message quoted.
    expect(acknowledgement.source).toContain('Hello Joanna,')
    expect(acknowledgement.source).toContain('Is the loft converted?')
    const notification = await waitForMail(branchEmail, seen, new RegExp(surname))
    expect(notification.source).toContain('Is the loft converted?')
  })
})

/** The question a page without JavaScript asks, its answer (as a person reads it) and its token. */
async function questionOf(page: Page): Promise<{ answer: string; token: string }> {
  const group = page.getByRole('group', { name: 'Check that you are not a robot' })
  await group.waitFor()
  const text = (await group.locator('label').innerText()).trim()
  const answer = solveCaptchaQuestion(text)
  if (answer === null) throw new Error(`unexpected question: ${text}`)
  const token = await group.locator('input[type="hidden"][name="captcha_question"]').inputValue()
  return { answer, token }
}

describe('the lead forms without JavaScript', () => {
  it('post to their own anchor, so the answering page opens at the form with its message in view', async () => {
    const { url } = await openProperty()
    for (const [address, button] of [[url, 'Send enquiry'], [`${BASE_URL}/valuation?branch=1`, 'Book valuation']] as const) {
      const page = await browser.page({ javaScriptEnabled: false })
      await page.goto(address)
      expect(await page.locator('section#enquiry').locator('form.lead-form__form').count(), address).toBe(1)
      const action = new URL((await form(page).getAttribute('action')) ?? '', address)
      expect(action.hash).toBe('#enquiry')
      expect(action.pathname + action.search).toBe(new URL(address).pathname + new URL(address).search)
      await form(page).getByLabel('Name', { exact: true }).fill('Jo')
      await form(page).getByRole('button', { name: button }).click()
      const warning = page.locator('.lead-form').getByRole('alert')
      await warning.first().waitFor()
      expect(new URL(page.url()).hash).toBe('#enquiry')
      // The form's top is at the window's top (or as near as the page's end lets it), its message in view.
      const seen = await warning.first().evaluate((el) => {
        const box = el.getBoundingClientRect()
        const section = document.getElementById('enquiry')!.getBoundingClientRect()
        const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2
        // Its margin above it (scroll-margin) apart.
        return { inView: box.top >= 0 && box.bottom <= window.innerHeight, atForm: (section.top >= 0 && section.top < 80) || (atEnd && section.top > 0) }
      })
      expect(seen, address).toEqual({ inView: true, atForm: true })
      await page.close()
    }
  })
})

describe('the valuation page', () => {
  it('is linked from the header and the footer, and books a valuation at phone width', async () => {
    const page = await browser.page({ width: PHONE_WIDTH })
    await page.goto(BASE_URL)
    expect(await page.locator('footer').getByRole('link', { name: 'Book a valuation' }).getAttribute('href')).toBe('/valuation')
    // At phone width the header's links are in its Menu.
    await page.getByRole('banner').getByText('Menu').click()
    expect(await page.locator('header').getByRole('link', { name: 'Book a valuation' }).getAttribute('href')).toBe('/valuation')
    await page.goto(`${BASE_URL}/valuation`)
    await page.getByRole('heading', { level: 1, name: 'Book a property valuation' }).waitFor()
    await waitForForm(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
    await expectNoAxeViolations(page)
    const f = form(page)
    // One purpose answers what the enquiry form asks of a property page: no 'I would like', no
    // position questions, no viewing; it asks the type, the bedrooms and a preferred time instead.
    expect(await f.getByRole('radio', { name: 'Sales' }).isChecked()).toBe(true)
    for (const gone of ['I would like my property valued', 'To sell my property', 'To view a property']) expect(await f.getByRole('checkbox', { name: gone }).count(), gone).toBe(0)
    expect(await f.getByLabel('I have a property to sell').count()).toBe(0)
    expect(await f.getByLabel('Viewing date').count()).toBe(0)
    expect(await f.locator('input[name="property_profile_id"]').count()).toBe(0)
    await f.getByRole('group', { name: 'Preferred time for the valuation (optional)' }).waitFor()

    await f.getByRole('radio', { name: 'Lettings' }).check()
    const email = uniqueEmail('valuation')
    const surname = uniqueSurname()
    await f.getByLabel('Name', { exact: true }).fill('Priya')
    await f.getByLabel('Surname').fill(surname)
    await f.getByLabel('Anything the valuer should know? (optional)').fill('Empty from June.')
    await f.getByLabel('Email').fill(email)
    await f.getByLabel('Mobile phone').fill(MOBILE)
    await chooseAddress(page)
    // A wrong entry: the type left unchosen is said at its field and in the toast, and takes the focus.
    await f.getByRole('button', { name: 'Book valuation' }).click()
    await page.getByText('Please select the type of property').first().waitFor()
    expect(await f.getByLabel('Type of property').getAttribute('aria-invalid')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('valuation_property_type')
    await f.getByLabel('Type of property').selectOption('Flat or apartment')
    await f.getByLabel('Bedrooms').selectOption({ label: '2' })
    await f.getByLabel('Date', { exact: true }).fill('2030-06-04')
    await f.getByLabel('Time (24-hour)', { exact: true }).selectOption('11:00')
    const seen = await seenMails()
    await sendAndExpectSuccess(page, 'Book valuation')
    await waitForMail(email, seen)
    // The branch (the main office: a valuation names no property) reads the purpose, the property and
    // the time in the enquiry's message.
    const office = ((await (await fetch(`${BASE_URL}/api/branches`)).json()) as { data: { email: string }[] }).data[0]!.email
    const notification = await waitForMail(office, seen, new RegExp(surname))
    const text = notification.source.replace(/\s+/g, ' ')
    expect(text).toContain('Lettings valuation. Property: Flat or apartment, 2 bedrooms.')
    expect(text).toContain('Tuesday 4 June 2030, 11:00')
    // A valuation request, with no position answers the page gave on the visitor's behalf.
    expect(text).toContain('would like: A lettings valuation.')
    expect(text).not.toContain('Property to let')
    expect(text).not.toContain('Property to sell')
  })
})
