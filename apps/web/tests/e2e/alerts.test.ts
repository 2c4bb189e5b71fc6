import { solveCaptchaQuestion } from '@agency/domain'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seenMails, toTokenLink, waitForMail } from './outbox.ts'
import { BASE_URL, BASE_URL_VARIANTS, expectNoAxeViolations, setupBrowser } from './support.ts'

const browser = setupBrowser()

/** SPEC's texts for alerts, copied by hand from docs/rules.md (§2, §4, §5, §8). */
const TEXT = {
  ALERTS: 'Heads Up Property Alerts',
  LOOKING_TO_BUY: 'looking to buy',
  LOOKING_TO_RENT: 'looking to rent',
  SUCCESS: 'Your request has been sent successfully',
  APPLICANT_NOT_FOUND: 'Applicant not found',
  SELECT_ALERT: 'Please select the alert you want to update',
  CREATE_NEW_ALERT: 'Create new alert',
  ALERT_UPDATED: 'Alert has been updated',
  NEXT_STEP: 'Next step',
  NAME_REQUIRED: 'Name is required',
  SURNAME_REQUIRED: 'Surname is required',
  EMAIL_OR_PHONE_REQUIRED: 'Email or phone number is required',
  EMAIL_INVALID: 'Please enter a valid email address.',
  PHONE_INVALID: 'Please enter a valid mobile phone number.',
  ADDRESS_REQUIRED: 'Please enter an address.',
  SUBSCRIPTION: 'Please confirm subscription.',
  CONTACT_REQUIRED: 'You must add a contact at least.',
  LOCATION_REQUIRED: 'The location field is required.',
  MIN_PRICE_REQUIRED: 'The min price field is required.',
  MAX_PRICE_REQUIRED: 'The max price field is required.',
  QUESTION_REQUIRED: /^".+" question is required\.$/,
  LOCATION_HELP: 'At least one location must be selected',
  /** Not SPEC's words: @agency/domain's LINK_MESSAGES, as after a login link. */
  LOGGED_IN: "You're logged in.",
} as const

const PHONE_WIDTH = 390
const RESULTS_TIMEOUT = 10_000

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')

/** Waits for a warning toast with this text. */
async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = toasts(page).filter({ hasText: text }).first()
  await toast.waitFor()
  // Checked once it has finished sliding in: mid-fade its text is faint on purpose.
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished))).catch(() => undefined)
}

/** The texts a field's aria-describedby names: its message at the field, then any hint. */
async function describedBy(field: Locator): Promise<string[]> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ').filter(Boolean) ?? []
  return Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).innerText()))
}

/** Whether a field shows this message: visible on the page, named by the field, which is marked invalid. */
async function expectFieldMessage(field: Locator, message: string | RegExp): Promise<void> {
  const texts = await describedBy(field)
  const text = texts.find((t) => (typeof message === 'string' ? t === message : message.test(t)))
  expect(text, `${String(message)} in ${JSON.stringify(texts)}`).toBeDefined()
  expect(await field.getAttribute('aria-invalid')).toBe('true')
  expect(await field.page().getByText(text!, { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0)
}

/** Whether a field shows no message. */
async function expectNoFieldMessage(field: Locator, message: string): Promise<void> {
  expect(await describedBy(field)).not.toContain(message)
  expect(await field.getAttribute('aria-invalid')).toBeNull()
}

/** The required questions' fields. */
const requiredQuestions = (page: Page) => page.locator('.alert-questions').locator('select[aria-required="true"], input[aria-required="true"]')

/** Waits until React runs the register screen. */
async function waitForScreen(page: Page): Promise<void> {
  await page.locator('.alert-register[data-enhanced]').waitFor()
}

/** A unique e-mail address for one test, so alerts of different tests never meet. */
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`

interface ContactInput {
  name: string
  surname: string
  email?: string
  phone?: string
  address?: string
  consent?: boolean
}

/** Fills the contact form (the address typed and, when a suggestion comes, chosen). */
async function fillContact(page: Page, contact: ContactInput): Promise<void> {
  await page.getByLabel('First name').fill(contact.name)
  await page.getByLabel('Surname').fill(contact.surname)
  await page.getByLabel('Email address').fill(contact.email ?? '')
  await page.getByLabel('Mobile phone').fill(contact.phone ?? '')
  if (contact.address !== undefined) {
    const address = page.getByRole('combobox', { name: 'Your address' })
    await address.fill(contact.address)
  }
  if (contact.consent) await page.getByRole('checkbox', { name: /let us contact you/ }).check()
}

async function saveContact(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click()
}

/** Chooses a place through the live location search. */
async function chooseLocation(page: Page, keyword: string, name: RegExp): Promise<void> {
  const input = page.getByRole('combobox', { name: 'Location' })
  await input.click()
  await input.pressSequentially(keyword)
  const option = page.getByRole('listbox').getByRole('option', { name })
  await option.first().waitFor({ timeout: RESULTS_TIMEOUT })
  await option.first().click()
  await page.getByRole('button', { name: /^Remove / }).first().waitFor()
}

/** Answers every required question with its first option (or a few words). */
async function answerRequiredQuestions(page: Page): Promise<void> {
  const selects = page.locator('.alert-questions select[aria-required="true"]')
  for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 })
  const inputs = page.locator('.alert-questions input[aria-required="true"]')
  for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill('Soon')
}

async function submit(page: Page, name: 'Register' | 'Update' = 'Register'): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click()
}

const PRICES = { buy: ['£200,000', '£400,000'], rent: ['£1,000 PCM', '£1,500 PCM'] } as const

/**
 * Registers a complete alert through the screen, up to the success popup. The contact typed in is
 * saved by its own Save, by Next step, or only by Register, as people do all three.
 */
async function registerAlert(page: Page, email: string, kind: 'buy' | 'rent' = 'buy', savedBy: 'Save' | 'Next step' | 'Register' = 'Save'): Promise<void> {
  await waitForScreen(page)
  await fillContact(page, { name: 'Harriet', surname: 'Lowther', email, phone: '07400 123456', address: '12 Park Row, Leeds LS1 5HD', consent: true })
  if (savedBy === 'Save') await saveContact(page)
  if (savedBy === 'Save') await page.getByRole('list', { name: 'Contacts of this alert' }).getByText('Harriet Lowther').waitFor()
  if (savedBy === 'Next step') {
    // On to the next tab, the contact saved on the one it leaves.
    await page.getByRole('button', { name: 'Next step' }).click()
    await page.getByRole('tab', { name: 'Property Type', selected: true }).waitFor()
    await page.locator('.alert-contacts__list').getByText('Harriet Lowther').waitFor({ state: 'attached' })
  }
  await chooseLocation(page, 'manc', /^Manchester/)
  // The radius chosen after the place is the place's radius, as on the list page.
  await page.getByLabel('Radius', { exact: true }).selectOption('3')
  await expect.poll(() => page.getByLabel('Radius around Manchester').inputValue()).toBe('3')
  await page.getByLabel('Minimum price').selectOption({ label: PRICES[kind][0] })
  await page.getByLabel('Maximum price').selectOption({ label: PRICES[kind][1] })
  // On a phone the tabs are steps: the questions are on the last.
  if (await page.getByRole('button', { name: TEXT.NEXT_STEP }).isVisible()) await page.getByRole('tab', { name: 'Circumstances' }).click()
  await answerRequiredQuestions(page)
  await submit(page)
  await page.getByRole('dialog', { name: TEXT.SUCCESS }).waitFor()
}

/** Logs in through the alert's confirmation e-mail: its page shows a button, the post confirms. The link. */
async function confirmFromEmail(page: Page, email: string, seen: ReadonlySet<string>): Promise<string> {
  const mail = await waitForMail(email, seen, /heads-up-alerts\/confirm/)
  const link = toTokenLink(mail, '/heads-up-alerts/confirm', BASE_URL)
  await page.goto(link)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Confirm my alert' }).click()
  // It lands on the alert's own matches, told that the alert is on.
  await page.waitForURL((url) => /^\/(sales|lettings)\//.test(url.pathname) && url.searchParams.has('locations'))
  await page.getByRole('status').filter({ hasText: 'Your alert is on.' }).waitFor()
  await page.getByRole('group', { name: 'Your account' }).waitFor()
  return link
}

describe('Heads Up Property Alerts: register entry', () => {
  it('is reached from the header link and offers buying and renting in a popup', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/`)
    await page.getByRole('link', { name: TEXT.ALERTS }).click()
    await page.waitForURL(`${BASE_URL}/heads-up-alerts/register`)
    const popup = page.getByRole('dialog')
    await popup.waitFor()
    expect(await popup.getByRole('link', { name: TEXT.LOOKING_TO_BUY }).getAttribute('href')).toBe('/heads-up-alerts/register/buy')
    expect(await popup.getByRole('link', { name: TEXT.LOOKING_TO_RENT }).getAttribute('href')).toBe('/heads-up-alerts/register/rent')
    await expectNoAxeViolations(page)
    await popup.getByRole('link', { name: TEXT.LOOKING_TO_RENT }).click()
    await page.waitForURL(`${BASE_URL}/heads-up-alerts/register/rent`)
    await page.getByRole('heading', { name: /renting/ }).waitFor()
  })

  it('offers two plain links without JavaScript, under the intro of company setting 51', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    const response = await page.goto(`${BASE_URL}/heads-up-alerts/register`)
    expect(response?.status()).toBe(200)
    expect(await page.getByRole('link', { name: TEXT.LOOKING_TO_BUY }).getAttribute('href')).toBe('/heads-up-alerts/register/buy')
    expect(await page.getByRole('link', { name: TEXT.LOOKING_TO_RENT }).getAttribute('href')).toBe('/heads-up-alerts/register/rent')
    expect((await page.locator('.alert-register__intro').innerText()).length).toBeGreaterThan(20)
  })
})

describe('Heads Up Property Alerts: the register screen', () => {
  it('shows the three tabs as columns on desktop, with every field labelled and the location help', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    for (const name of ['Contact', 'Property Type', 'Circumstances']) await page.getByRole('heading', { name, level: 2 }).waitFor()
    expect(await page.getByRole('tablist').isVisible()).toBe(false)
    expect(await page.getByRole('tabpanel', { includeHidden: false }).count()).toBe(3)
    expect(await page.getByText(TEXT.LOCATION_HELP).isVisible()).toBe(true)
    // SPEC §3: salutation defaults to 2 (Miss).
    expect(await page.getByLabel('Title').inputValue()).toBe('2')
    expect(await page.locator('.alert-field__required').count()).toBeGreaterThan(0)
    await expectNoAxeViolations(page)
  })

  it('checks the contact form with every SPEC §5 message, in order', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    const steps: Array<[Partial<ContactInput>, string]> = [
      [{}, TEXT.NAME_REQUIRED],
      [{ name: 'Ann' }, TEXT.SURNAME_REQUIRED],
      [{ name: 'Ann', surname: 'Lee' }, TEXT.EMAIL_OR_PHONE_REQUIRED],
      [{ name: 'Ann', surname: 'Lee', email: 'ann@example' }, TEXT.EMAIL_INVALID],
      [{ name: 'Ann', surname: 'Lee', email: 'ann@example.org', phone: '12' }, TEXT.PHONE_INVALID],
      [{ name: 'Ann', surname: 'Lee', email: 'ann@example.org', phone: '07400 654321' }, TEXT.ADDRESS_REQUIRED],
      [{ name: 'Ann', surname: 'Lee', email: 'ann@example.org', phone: '07400 654321', address: '3 Mill Lane, Otley' }, TEXT.SUBSCRIPTION],
    ]
    for (const [input, message] of steps) {
      await fillContact(page, { name: '', surname: '', address: '', ...input })
      await saveContact(page)
      await expectToast(page, message)
      expect(await page.locator('.alert-field__error').first().innerText()).toBe(message)
    }
    await expectNoAxeViolations(page)
  })

  it('takes a message from a field as it is put right, the others waiting for the next save', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    await saveContact(page)
    await expectToast(page, TEXT.NAME_REQUIRED)
    const errors = () => page.locator('.alert-field__error').allInnerTexts()
    await expect.poll(errors).toContain(TEXT.SURNAME_REQUIRED)
    expect(await errors()).toContain(TEXT.NAME_REQUIRED)
    expect(await errors()).toContain(TEXT.EMAIL_OR_PHONE_REQUIRED)
    await page.getByLabel('First name').fill('Ann')
    await expect.poll(errors).not.toContain(TEXT.NAME_REQUIRED)
    expect(await errors()).toContain(TEXT.SURNAME_REQUIRED)
    // Either way of contact answers 'Email or phone number is required'.
    await page.getByLabel('Mobile phone').fill('07400 654321')
    await expect.poll(errors).not.toContain(TEXT.EMAIL_OR_PHONE_REQUIRED)
    expect(await errors()).toContain(TEXT.SURNAME_REQUIRED)
  })

  it('suggests addresses from the shared address search and takes the one chosen', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    const address = page.getByRole('combobox', { name: 'Your address' })
    await address.click()
    // A pause while typing may show a shorter word's suggestions first: the whole word's are the ones to choose from.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/addresses' && new URL(r.url()).searchParams.get('keyword') === '12 high street ls1 5hd')
    await address.pressSequentially('12 high street ls1 5hd')
    await answered
    const option = page.getByRole('listbox').getByRole('option').first()
    await option.waitFor({ timeout: RESULTS_TIMEOUT })
    const chosen = await option.innerText()
    // Built from what was typed, tidied, with the postcode: never a stranger's address from the agency's stock.
    expect(chosen).toMatch(/^12 High Street, (\w[\w ]* )?LS1 5HD$/)
    await expectNoAxeViolations(page)
    await option.click()
    // The form's state takes the line a moment after the click.
    await expect.poll(() => address.inputValue()).toBe(chosen)
    expect(await address.getAttribute('aria-expanded')).toBe('false')
  })

  it('warns on submit in SPEC §5 order, each time on its tab (phone width)', async () => {
    const page = await browser.page({ width: PHONE_WIDTH })
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    const selected = () => page.getByRole('tab', { selected: true }).innerText()

    await page.getByRole('tab', { name: 'Circumstances' }).click()
    await submit(page)
    await expectToast(page, TEXT.CONTACT_REQUIRED)
    expect(await selected()).toContain('Contact')

    // A contact filled in part: Register stops at its own message, shown at its field, which takes the focus.
    await page.getByLabel('First name').fill('Ann')
    await page.getByRole('tab', { name: 'Circumstances' }).click()
    await submit(page)
    await expectToast(page, TEXT.SURNAME_REQUIRED)
    expect(await selected()).toContain('Contact')
    const surname = page.getByLabel('Surname')
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'surname')
    expect(await surname.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`#${await surname.getAttribute('aria-describedby')}`).innerText()).toBe(TEXT.SURNAME_REQUIRED)

    // Filled in full, it is saved by Register without its Save, and the next check speaks.
    await fillContact(page, { name: 'Ann', surname: 'Lee', email: uniqueEmail('order'), address: '3 Mill Lane, Otley', consent: true })
    await submit(page)
    await expectToast(page, TEXT.LOCATION_REQUIRED)
    expect(await selected()).toContain('Property Type')

    await chooseLocation(page, 'manc', /^Manchester/)
    await submit(page)
    await expectToast(page, TEXT.MIN_PRICE_REQUIRED)
    await page.getByLabel('Minimum price').selectOption({ label: '£200,000' })
    await submit(page)
    await expectToast(page, TEXT.MAX_PRICE_REQUIRED)
    await page.getByLabel('Maximum price').selectOption({ label: '£400,000' })

    await page.getByRole('tab', { name: 'Contact' }).click()
    await submit(page)
    await expectToast(page, TEXT.QUESTION_REQUIRED)
    expect(await selected()).toContain('Circumstances')
    await expectNoAxeViolations(page)
  })

  it('keeps one warning toast however often Register is pressed, with the field it names in view below it (phone)', async () => {
    const page = await browser.page({ width: PHONE_WIDTH, height: 844, mobile: true })
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    await fillContact(page, { name: 'Ann', surname: 'Lee', email: uniqueEmail('toast'), address: '3 Mill Lane, Otley', consent: true })
    for (let i = 0; i < 3; i++) await submit(page)
    await expectToast(page, TEXT.LOCATION_REQUIRED)
    expect(await toasts(page).count()).toBe(1)
    // The Location field has the focus, wholly on screen and under the toast, not behind it.
    const location = page.getByRole('combobox', { name: 'Location' })
    await expect.poll(() => location.evaluate((el) => el === document.activeElement)).toBe(true)
    const toastBox = await toasts(page).first().boundingBox()
    const fieldBox = await location.boundingBox()
    expect(toastBox && fieldBox && fieldBox.y >= toastBox.y + toastBox.height && fieldBox.y + fieldBox.height <= 844).toBe(true)

    // The next check's message takes the same toast's place.
    await chooseLocation(page, 'manc', /^Manchester/)
    await submit(page)
    await expectToast(page, TEXT.MIN_PRICE_REQUIRED)
    expect(await toasts(page).allInnerTexts()).toEqual([TEXT.MIN_PRICE_REQUIRED])
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('min_price')
  })

  it("shows the screen's Next step and Cancel as buttons, not as words on white (phone and desktop)", async () => {
    for (const options of [{ width: PHONE_WIDTH, height: 844, mobile: true }, { width: 1366, height: 900 }]) {
      const page = await browser.page(options)
      await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
      await waitForScreen(page)
      const controls = [page.getByRole('link', { name: 'Cancel', exact: true })]
      if (options.mobile) controls.push(page.getByRole('button', { name: 'Next step' }))
      for (const control of controls) await expectStandsOut(control)
    }
  })

  it("shows a saved contact's Edit and Remove and 'Add another contact' as outlined buttons a finger can press, with a focus ring (phone)", async () => {
    const page = await browser.page({ width: PHONE_WIDTH, height: 844, mobile: true })
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    await fillContact(page, { name: 'Ann', surname: 'Lee', email: uniqueEmail('controls'), address: '3 Mill Lane, Otley', consent: true })
    await saveContact(page)
    await page.getByRole('list', { name: 'Contacts of this alert' }).getByText('Ann Lee').waitFor()
    const controls = [
      page.getByRole('button', { name: 'Edit Ann Lee' }),
      page.getByRole('button', { name: 'Remove Ann Lee' }),
      page.getByRole('button', { name: 'Add another contact' }),
    ]
    for (const control of controls) {
      const box = await control.boundingBox()
      expect(box?.height).toBeGreaterThanOrEqual(44)
      expect(box?.width).toBeGreaterThanOrEqual(44)
      await expectStandsOut(control)
    }
    // Reached by the keyboard, each shows the focus ring.
    await controls[0]!.focus()
    for (const control of [controls[1]!, controls[2]!]) {
      await page.keyboard.press('Tab')
      await expect.poll(() => control.evaluate((el) => el === document.activeElement)).toBe(true)
      const ring = await control.evaluate((el) => ({ visible: el.matches(':focus-visible'), style: getComputedStyle(el).outlineStyle, width: parseFloat(getComputedStyle(el).outlineWidth) }))
      expect(ring).toEqual({ visible: true, style: 'solid', width: 3 })
    }
    await expectNoAxeViolations(page)
  })

  it('takes the earlier warning away when a contact is saved, and brings the saved card into view with the focus on it (phone)', async () => {
    const page = await browser.page({ width: PHONE_WIDTH, height: 844, mobile: true })
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    await fillContact(page, { name: 'Ann', surname: '', email: uniqueEmail('saved'), address: '3 Mill Lane, Otley', consent: true })
    await saveContact(page)
    await expectToast(page, TEXT.SURNAME_REQUIRED)
    await page.getByLabel('Surname').fill('Lee')
    await saveContact(page)
    await expect.poll(() => toasts(page).count()).toBe(0)
    const card = page.getByRole('list', { name: 'Contacts of this alert' }).getByRole('listitem').filter({ hasText: 'Ann Lee' })
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true)
    const inView = await card.evaluate((el) => {
      const box = el.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= window.innerHeight
    })
    expect(inView).toBe(true)
    // From the card, the keyboard goes on to its own buttons.
    await page.keyboard.press('Tab')
    expect(await page.getByRole('button', { name: 'Edit Ann Lee' }).evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('offers a maximum only from the minimum up and a minimum only up to the maximum, for the price and the rooms', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    const minPrice = page.getByLabel('Minimum price')
    const maxPrice = page.getByLabel('Maximum price')
    const pounds = (label: string) => Number(label.replace(/[^0-9]/g, ''))
    const offered = async (select: Locator) => (await select.locator('option').allInnerTexts()).map((t) => t.trim())
    await minPrice.selectOption({ label: '£300,000' })
    const maxOptions = await offered(maxPrice)
    expect(maxOptions[0]).toBe('No max')
    expect(maxOptions.slice(1).every((label) => pounds(label) >= 300_000)).toBe(true)
    expect(maxOptions).toContain('£300,000')
    // The minimum chosen stays as it was, whichever maximum is chosen.
    await maxPrice.selectOption({ label: '£400,000' })
    expect(await minPrice.inputValue()).toBe('300000')
    const minOptions = await offered(minPrice)
    expect(minOptions[0]).toBe('No min')
    expect(minOptions.slice(1).every((label) => pounds(label) <= 400_000)).toBe(true)
    // The same for the rooms, the open end always offered.
    await page.getByLabel('Maximum bedrooms').selectOption({ label: '2' })
    expect(await offered(page.getByLabel('Minimum bedrooms'))).toEqual(['No Min', 'Studio', '1', '2'])
    await page.getByLabel('Minimum bathrooms').selectOption({ label: '2' })
    expect((await offered(page.getByLabel('Maximum bathrooms'))).slice(0, 2)).toEqual(['No Max', '2'])
  })

  it('shows every warning at its field as well as in the toast, each going as its field is put right', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    await fillContact(page, { name: 'Ann', surname: 'Lee', email: uniqueEmail('atfield'), address: '3 Mill Lane, Otley', consent: true })
    await saveContact(page)
    await submit(page)
    // The toast says the first, as SPEC has it; each field says its own.
    await expectToast(page, TEXT.LOCATION_REQUIRED)
    expect(await toasts(page).allInnerTexts()).toEqual([TEXT.LOCATION_REQUIRED])
    const location = page.getByRole('combobox', { name: 'Location' })
    const minPrice = page.getByLabel('Minimum price')
    const maxPrice = page.getByLabel('Maximum price')
    await expectFieldMessage(location, TEXT.LOCATION_REQUIRED)
    await expectFieldMessage(minPrice, TEXT.MIN_PRICE_REQUIRED)
    await expectFieldMessage(maxPrice, TEXT.MAX_PRICE_REQUIRED)
    const questions = requiredQuestions(page)
    expect(await questions.count()).toBeGreaterThan(0)
    for (let i = 0; i < (await questions.count()); i++) await expectFieldMessage(questions.nth(i), TEXT.QUESTION_REQUIRED)
    await expectNoAxeViolations(page)

    // Put right one by one, each field loses its own message and keeps the others'.
    await chooseLocation(page, 'manc', /^Manchester/)
    await page.getByLabel('Radius around Manchester').waitFor()
    await expectNoFieldMessage(location, TEXT.LOCATION_REQUIRED)
    expect(await page.locator('.alert-register__form').getByText(TEXT.LOCATION_REQUIRED, { exact: true }).count()).toBe(0)
    await minPrice.selectOption({ label: '£200,000' })
    await expectNoFieldMessage(minPrice, TEXT.MIN_PRICE_REQUIRED)
    await expectFieldMessage(maxPrice, TEXT.MAX_PRICE_REQUIRED)
    await maxPrice.selectOption({ label: '£400,000' })
    await expectNoFieldMessage(maxPrice, TEXT.MAX_PRICE_REQUIRED)
    await answerRequiredQuestions(page)
    for (let i = 0; i < (await questions.count()); i++) expect(await questions.nth(i).getAttribute('aria-invalid')).toBeNull()
    expect(await page.locator('.alert-questions').getByText(TEXT.QUESTION_REQUIRED).count()).toBe(0)
  })

  it('says at the first contact field that a contact is needed, as the toast does, until one is typed in', async () => {
    const page = await browser.page({ width: PHONE_WIDTH, height: 844, mobile: true })
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    for (let i = 0; i < 2; i++) await submit(page)
    await expectToast(page, TEXT.CONTACT_REQUIRED)
    expect(await toasts(page).allInnerTexts()).toEqual([TEXT.CONTACT_REQUIRED])
    const name = page.getByLabel('First name')
    await expectFieldMessage(name, TEXT.CONTACT_REQUIRED)
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true)
    await expectNoAxeViolations(page)
    // A contact being typed in: the message goes (the next Register saves it, or says what it lacks).
    await name.fill('Ann')
    await expectNoFieldMessage(name, TEXT.CONTACT_REQUIRED)
  })

  it('shows the messages of a refused answer at their fields too, the toast’s field taking the focus', async () => {
    const page = await browser.page()
    // The post reaches the server without its min price, as from a page out of date: the API refuses it.
    await page.route(
      (url) => url.pathname.startsWith('/heads-up-alerts/register/buy'),
      async (route) => {
        const request = route.request()
        const form = new URLSearchParams(request.method() === 'POST' ? (request.postData() ?? '') : '')
        const json = form.get('alert_json')
        if (!json) return route.continue()
        const body = JSON.parse(json) as { payload: { property_criteria: { min_price: number } } }
        body.payload.property_criteria.min_price = 0
        form.set('alert_json', JSON.stringify(body))
        return route.continue({ postData: form.toString() })
      },
    )
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    await fillContact(page, { name: 'Ann', surname: 'Lee', email: uniqueEmail('refused'), address: '3 Mill Lane, Otley', consent: true })
    await saveContact(page)
    await chooseLocation(page, 'manc', /^Manchester/)
    const minPrice = page.getByLabel('Minimum price')
    await minPrice.selectOption({ label: '£200,000' })
    await page.getByLabel('Maximum price').selectOption({ label: '£400,000' })
    await answerRequiredQuestions(page)
    await submit(page)
    await expectToast(page, TEXT.MIN_PRICE_REQUIRED)
    await expectFieldMessage(minPrice, TEXT.MIN_PRICE_REQUIRED)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('min_price')
    expect(await page.getByRole('dialog', { name: TEXT.SUCCESS }).count()).toBe(0)
  })

  it('marks the other columns’ mistakes at once when the contact form is not finished', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    await page.getByLabel('First name').fill('Ann')
    await submit(page)
    await expectToast(page, TEXT.SURNAME_REQUIRED)
    await expectFieldMessage(page.getByRole('combobox', { name: 'Location' }), TEXT.LOCATION_REQUIRED)
    await expectFieldMessage(page.getByLabel('Maximum price'), TEXT.MAX_PRICE_REQUIRED)
    await expectNoAxeViolations(page)
  })

  it('keeps a second person on the alert, shows both on its update page, and drops one on update', async () => {
    const page = await browser.page()
    const email = uniqueEmail('couple')
    const seen = await seenMails()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    const people = page.getByRole('list', { name: 'Contacts of this alert' })
    await fillContact(page, { name: 'Harriet', surname: 'Lowther', email, address: '12 Park Row, Leeds LS1 5HD', consent: true })
    await saveContact(page)
    await people.getByText('Harriet Lowther').waitFor()
    await page.getByRole('button', { name: 'Add another contact' }).click()
    await fillContact(page, { name: 'Joe', surname: 'Lowther', phone: '07700 900321', address: '12 Park Row, Leeds LS1 5HD', consent: true })
    await saveContact(page)
    await people.getByText('Joe Lowther').waitFor()
    await chooseLocation(page, 'manc', /^Manchester/)
    await page.getByLabel('Minimum price').selectOption({ label: '£200,000' })
    await page.getByLabel('Maximum price').selectOption({ label: '£400,000' })
    await answerRequiredQuestions(page)
    await submit(page)
    await page.getByRole('dialog', { name: TEXT.SUCCESS }).waitFor()
    await page.getByRole('button', { name: 'OK' }).click()
    await page.waitForURL((url) => url.pathname === '/sales/property-for-sale')
    await confirmFromEmail(page, email, seen)

    await page.getByRole('link', { name: 'Update alert' }).click()
    await page.waitForURL(/\/heads-up-alerts\/profiles\//)
    const updateUrl = page.url()
    await expect.poll(() => people.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Harriet Lowther'), expect.stringContaining('Joe Lowther')])
    await waitForScreen(page)
    await page.getByRole('button', { name: 'Remove Joe Lowther' }).click()
    await submit(page, 'Update')
    await page.getByRole('dialog', { name: TEXT.SUCCESS }).waitFor()
    await page.goto(updateUrl)
    await people.getByText('Harriet Lowther').waitFor()
    expect(await people.getByRole('listitem').count()).toBe(1)
  })

  // A whole journey over many pages, with accessibility checks on the way: 27 s alone, past a minute with
  // both end-to-end workers and their servers sharing two cores.
  it('registers a buyer, shows the success popup, goes to the properties, and confirms by e-mail with a login', async () => {
    const page = await browser.page()
    const email = uniqueEmail('buyer')
    const seen = await seenMails()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    // The contact form filled in but its Save never pressed: Register saves the contact with the alert.
    await registerAlert(page, email, 'buy', 'Register')
    // Under SPEC's message, what happens next: nothing until the e-mail's link is pressed.
    expect(await page.getByRole('dialog', { name: TEXT.SUCCESS }).innerText()).toContain('press the link in it to switch your alert on')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'OK' }).click()
    await page.waitForURL((url) => url.pathname === '/sales/property-for-sale')
    // The e-mail greets the person by name and says which alert it confirms, as the alert's card words it.
    const confirmation = await waitForMail(email, seen, /heads-up-alerts\/confirm/)
    expect(confirmation.source).toContain('Hello Harriet,')
    expect(confirmation.source).toMatch(/Your alert\nBuying: Manchester[^\n]*\nManchester[^\n]* \(3 miles\)\n£200,000 - £400,000\nNo Min - No Max Beds\n/)
    const link = await confirmFromEmail(page, email, seen)
    // Confirming logged the visitor in: the page says so, as a login link's does.
    expect(await page.getByRole('status').filter({ hasText: TEXT.LOGGED_IN }).innerText()).toBe(TEXT.LOGGED_IN)

    // The link opened again, by its holder or anyone with the e-mail, logged in or not, with or without
    // JavaScript: the alert is confirmed already, and no button; no 'expired'.
    for (const again of [page, await browser.page({ javaScriptEnabled: false })]) {
      await again.goto(link)
      expect(await again.locator('main').getByRole('status').innerText()).toBe('This alert has already been confirmed.')
      expect(await again.locator('main').innerText()).not.toContain('expired')
      expect(await again.getByRole('button', { name: 'Confirm my alert' }).count()).toBe(0)
      expect(await again.locator('main').getByRole('link', { name: 'My alerts' }).getAttribute('href')).toBe('/heads-up-alerts/my-alerts')
    }
    await expectNoAxeViolations(page)
    // A token the site never sent: not valid, before anything is pressed.
    await page.goto(`${BASE_URL}/heads-up-alerts/confirm?token=${'A'.repeat(43)}`)
    expect(await page.getByRole('alert').innerText()).toBe('This confirmation link is invalid or has expired.')
    expect(await page.getByRole('button', { name: 'Confirm my alert' }).count()).toBe(0)
    await page.goto(`${BASE_URL}/sales/property-for-sale`)

    // One alert: the update entry goes straight to its update page, rendered on the server.
    await page.getByRole('link', { name: 'Update alert' }).click()
    await page.waitForURL(/\/heads-up-alerts\/profiles\//)
    await page.getByRole('heading', { name: 'Update your property alert' }).waitFor()
    await page.getByText('Harriet Lowther').waitFor()
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('200000')
    await expect.poll(() => page.getByLabel('Radius around Manchester').inputValue()).toBe('3')
    await expectNoAxeViolations(page)

    // SPEC §4 update: the price changes and the success popup follows.
    await waitForScreen(page)
    await page.getByLabel('Maximum price').selectOption({ label: '£450,000' })
    await submit(page, 'Update')
    await page.getByRole('dialog', { name: TEXT.SUCCESS }).waitFor()
    const updateUrl = page.url()
    await page.getByRole('button', { name: 'OK' }).click()
    await page.waitForURL((url) => url.pathname === '/sales/property-for-sale')

    // The holder of the alert's key (its e-mail link) may update it without logging in: its criteria
    // and questions, never the people's details, which need logging in.
    const holder = await browser.page()
    await holder.goto(updateUrl)
    await waitForScreen(holder)
    await holder.getByText('Your name, e-mail, phone and address can be seen and changed only when you are logged in.').waitFor()
    expect(await holder.getByRole('link', { name: 'Log in to change your details' }).getAttribute('href')).toBe('/login?redirect=%2Fheads-up-alerts%2Fupdate')
    expect(await holder.getByText('Harriet Lowther').count()).toBe(0)
    expect(await holder.getByLabel('Maximum price').inputValue()).toBe('450000')
    await holder.getByLabel('Maximum price').selectOption({ label: '£450,000' })
    await holder.getByLabel('Minimum price').selectOption({ label: '£250,000' })
    await submit(holder, 'Update')
    await holder.getByRole('dialog', { name: TEXT.SUCCESS }).waitFor()
    await page.goto(updateUrl)
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('250000')

    // A second alert (logged in: confirmed at once), then the entry popup lists both.
    await page.goto(`${BASE_URL}/heads-up-alerts/register/rent`)
    await waitForScreen(page)
    // The logged-in contact starts the contact list.
    await page.getByRole('list', { name: 'Contacts of this alert' }).getByText('Harriet Lowther').waitFor()
    await chooseLocation(page, 'manc', /^Manchester/)
    await page.getByLabel('Minimum price').selectOption({ label: '£1,000 PCM' })
    await page.getByLabel('Maximum price').selectOption({ label: '£1,500 PCM' })
    await answerRequiredQuestions(page)
    await submit(page)
    await page.getByRole('dialog', { name: TEXT.SUCCESS }).waitFor()
    await page.getByRole('button', { name: 'OK' }).click()
    await page.waitForURL((url) => url.pathname === '/properties' || url.pathname.startsWith('/lettings') || url.pathname.startsWith('/sales'))

    await page.goto(`${BASE_URL}/heads-up-alerts/update`)
    const popup = page.getByRole('dialog', { name: TEXT.SELECT_ALERT })
    await popup.waitFor()
    expect(await popup.getByRole('article').count()).toBe(2)
    expect(await popup.getByRole('switch').count()).toBe(2)
    await popup.getByRole('link', { name: TEXT.CREATE_NEW_ALERT }).waitFor()
    await expectNoAxeViolations(page)
    // Closing the popup goes to register.
    await popup.getByRole('button', { name: 'Close' }).click()
    await page.waitForURL(`${BASE_URL}/heads-up-alerts/register`)

    // My alerts: cards with price ranges and room ranges, and the on/off switch.
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    const list = page.getByRole('list', { name: 'Your alerts' })
    await list.waitFor()
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('600px')
    expect(await list.innerText()).toContain('£250,000 - £450,000')
    expect(await list.innerText()).toContain('£1,000 - £1,500 PCM')
    expect(await list.innerText()).toContain('No Min - No Max Beds')
    const switches = page.getByRole('switch')
    expect(await switches.count()).toBe(2)
    const first = switches.first()
    expect(await first.getAttribute('aria-checked')).toBe('true')
    await first.click()
    await expectToast(page, TEXT.ALERT_UPDATED)
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false')
    await expectNoAxeViolations(page)
    // Choosing the disabled alert re-enables it and runs its search.
    await page.getByRole('button', { name: /^See matching properties/ }).first().click()
    await page.waitForURL((url) => /\/(sales|lettings)\//.test(url.pathname) && url.searchParams.has('locations'))
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    expect(await page.getByRole('switch').first().getAttribute('aria-checked')).toBe('true')
  }, 120_000)

  it('remembers a visitor’s unconfirmed rent alert: the properties route goes to lettings', async () => {
    // On a phone, where the tabs are steps: Next step saves the contact typed in.
    const page = await browser.page({ width: PHONE_WIDTH })
    await page.goto(`${BASE_URL}/heads-up-alerts/register/rent`)
    await registerAlert(page, uniqueEmail('tenant'), 'rent', 'Next step')
    await page.getByRole('button', { name: 'OK' }).click()
    await page.waitForURL((url) => url.pathname === '/lettings/property-to-rent')
    // Still a visitor: nothing about any contact was handed over (the Login link is in the phone's Menu).
    await page.locator('header .account-login').waitFor({ state: 'attached' })
    expect(await page.getByRole('group', { name: 'Your account' }).count()).toBe(0)
  })

  it("opens the registration holding a list's search from 'Save this search', on a phone", async () => {
    const page = await browser.page({ width: PHONE_WIDTH })
    // A keyword sent as a form without JavaScript would send it: the list finds the place and keeps it in its address.
    await page.goto(`${BASE_URL}/sales/property-for-sale?keyword=manchester&radius=3&min_price=200000&min_bedroom=2`)
    await page.waitForURL((url) => url.searchParams.has('locations'))
    await page.getByRole('link', { name: 'Save this search' }).first().click()
    await page.waitForURL((url) => url.pathname === '/heads-up-alerts/register/buy')
    await waitForScreen(page)
    expect(await page.getByText('Saving your search:').locator('..').innerText()).toContain('Manchester, 3 miles · £200,000+ · 2+ beds')
    await page.getByRole('tab', { name: 'Property Type' }).click()
    const chips = page.getByRole('list', { name: 'Chosen locations' }).getByRole('listitem')
    expect(await chips.allInnerTexts()).toEqual([expect.stringContaining('Manchester')])
    expect(await page.getByLabel(/^Radius around Manchester/).inputValue()).toBe('3')
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('200000')
    expect(await page.getByLabel('Minimum bedrooms').inputValue()).toBe('2')
    await expectNoAxeViolations(page)
  })

  it("says 'Applicant not found' for an unknown key", async () => {
    const page = await browser.page()
    const response = await page.goto(`${BASE_URL}/heads-up-alerts/profiles/this-key-does-not-exist-0000000000`)
    expect(response?.status()).toBe(404)
    expect(await page.getByRole('alert').innerText()).toBe(TEXT.APPLICANT_NOT_FOUND)
    await expectNoAxeViolations(page)
  })

  it('sends a visitor of the update entry to register', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/heads-up-alerts/update`)
    await page.waitForURL(`${BASE_URL}/heads-up-alerts/register`)
  })
})

/** Logs a demo contact in through the login page and the link it e-mails (packages/db seed-contacts). */
async function logIn(page: Page, email: string): Promise<void> {
  const seen = await seenMails()
  await page.goto(`${BASE_URL}/login`)
  await page.locator('form.login-form[data-enhanced]').waitFor()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send login link' }).click()
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
  const mail = await waitForMail(email, seen, /login\/verify/)
  await page.goto(toTokenLink(mail, '/login/verify', BASE_URL))
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('group', { name: 'Your account' }).waitFor()
}

describe('Heads Up Property Alerts: how often they are e-mailed', () => {
  it('registers with Daily, shows it on the update page and on My alerts, and changes it to Weekly', async () => {
    const page = await browser.page()
    const email = uniqueEmail('daily')
    const seen = await seenMails()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    const choice = page.getByRole('group', { name: 'E-mail me' })
    expect(await choice.getByRole('radio', { name: 'Instantly' }).isChecked()).toBe(true)
    await choice.getByRole('radio', { name: 'Daily' }).check()
    await registerAlert(page, email)
    await page.getByRole('button', { name: 'OK' }).click()
    await page.waitForURL((url) => url.pathname === '/sales/property-for-sale')
    await confirmFromEmail(page, email, seen)

    await page.getByRole('link', { name: 'Update alert' }).click()
    await page.waitForURL(/\/heads-up-alerts\/profiles\//)
    const updateUrl = page.url()
    await waitForScreen(page)
    expect(await choice.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true)
    expect(await choice.getByRole('radio', { name: 'Instantly' }).isChecked()).toBe(false)
    await expectNoAxeViolations(page)
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    await page.getByRole('article', { name: /^Buying: Manchester/ }).getByText('E-mail me: Daily').waitFor()

    await page.goto(updateUrl)
    await waitForScreen(page)
    await choice.getByRole('radio', { name: 'Weekly' }).check()
    await submit(page, 'Update')
    await page.getByRole('dialog', { name: TEXT.SUCCESS }).waitFor()
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    await page.getByRole('article', { name: /^Buying: Manchester/ }).getByText('E-mail me: Weekly').waitFor()
  })
})

describe('Heads Up Property Alerts: the update-alert entry and the active alert', () => {
  it('goes to register with no alert, to the update page with one, and offers a choice with two', async () => {
    const vendor = await browser.page()
    await logIn(vendor, 'vendor@example.com')
    await vendor.getByRole('link', { name: 'Update alert' }).click()
    await vendor.waitForURL(`${BASE_URL}/heads-up-alerts/register`)

    const buyer = await browser.page()
    await logIn(buyer, 'buyer@example.com')
    await buyer.getByRole('link', { name: 'Update alert' }).click()
    await buyer.waitForURL(/\/heads-up-alerts\/profiles\/[^/]+$/)
    await buyer.getByRole('heading', { name: 'Update your property alert' }).waitFor()

    const two = await browser.page()
    await logIn(two, 'two.alerts@example.com')
    await two.getByRole('link', { name: 'Update alert' }).click()
    const popup = two.getByRole('dialog', { name: TEXT.SELECT_ALERT })
    await popup.waitFor()
    expect(await popup.getByRole('article').count()).toBe(2)
    await popup.getByRole('link', { name: /^Edit alert: Renting/ }).click()
    await two.waitForURL(/\/heads-up-alerts\/profiles\//)
    await two.getByRole('heading', { name: 'Update your property alert' }).waitFor()
  })

  it('makes a chosen disabled alert active again and runs its search', async () => {
    const page = await browser.page()
    await logIn(page, 'two.alerts@example.com')
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    const renting = page.getByRole('article', { name: /^Renting/ })
    const buying = page.getByRole('article', { name: /^Buying/ })
    expect(await renting.getByRole('switch').getAttribute('aria-checked')).toBe('false')
    expect(await buying.getByText('Active alert').count()).toBe(1)

    await renting.getByRole('button', { name: /^See matching properties/ }).click()
    await page.waitForURL((url) => url.pathname === '/lettings/property-to-rent' && url.searchParams.has('locations'))
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    expect(await renting.getByRole('switch').getAttribute('aria-checked')).toBe('true')
    expect(await renting.getByText('Active alert').count()).toBe(1)

    // SPEC §4: the active alert switched off hands over to the first ON alert of its profile; there is
    // no other tenant alert, so none is active.
    await renting.getByRole('switch').click()
    await expectToast(page, TEXT.ALERT_UPDATED)
    await page.waitForFunction(() => !document.body.innerText.includes('Active alert'))
    expect(await renting.getByRole('switch').getAttribute('aria-checked')).toBe('false')
  })
  it('hands the active alert over to the first ON alert of the same profile when it is switched off', async () => {
    const page = await browser.page()
    const email = uniqueEmail('two.buyers')
    const seen = await seenMails()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await registerAlert(page, email)
    await page.getByRole('button', { name: 'OK' }).click()
    await confirmFromEmail(page, email, seen)

    // A second buyer alert, registered logged in: confirmed at once and made the active one.
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await waitForScreen(page)
    await page.getByRole('list', { name: 'Contacts of this alert' }).getByText('Harriet Lowther').waitFor()
    await chooseLocation(page, 'leeds', /^Leeds/)
    await page.getByLabel('Minimum price').selectOption({ label: '£300,000' })
    await page.getByLabel('Maximum price').selectOption({ label: '£500,000' })
    await answerRequiredQuestions(page)
    await submit(page)
    await page.getByRole('dialog', { name: TEXT.SUCCESS }).waitFor()

    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    const leeds = page.getByRole('article', { name: /^Buying: Leeds/ })
    const manchester = page.getByRole('article', { name: /^Buying: Manchester/ })
    expect(await leeds.getByText('Active alert').count()).toBe(1)
    await leeds.getByRole('switch').click()
    await expectToast(page, TEXT.ALERT_UPDATED)
    await manchester.getByText('Active alert').waitFor()
    expect(await leeds.getByText('Active alert').count()).toBe(0)
    expect(await leeds.getByRole('switch').getAttribute('aria-checked')).toBe('false')

    // Switched on and off again at once: the answers share the one toast instead of piling up.
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/heads-up-alerts/my-alerts'))
      await leeds.getByRole('switch').click()
      await answered
    }
    await page.waitForLoadState('networkidle')
    await expect.poll(() => leeds.getByRole('switch').getAttribute('aria-checked')).toBe('false')
    await expectToast(page, TEXT.ALERT_UPDATED)
    await page.waitForTimeout(500)
    expect(await toasts(page).allInnerTexts()).toEqual([TEXT.ALERT_UPDATED])
  })
})

describe("Heads Up Property Alerts: 'Save this search' signed in", () => {
  it('saves a list’s search in one press for a buyer, lands on its matches with the alert on, never twice; asks a contact with no tenant alert', async () => {
    const page = await browser.page()
    const email = uniqueEmail('saver')
    const seen = await seenMails()
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await registerAlert(page, email)
    await page.getByRole('button', { name: 'OK' }).click()
    await confirmFromEmail(page, email, seen)

    const search = `${BASE_URL}/sales/property-for-sale?keyword=leeds&radius=1&min_bedroom=2`
    await page.goto(search)
    await page.waitForURL((url) => url.searchParams.has('locations'))
    await page.getByRole('button', { name: 'Save this search' }).first().click()
    await page.waitForURL((url) => url.pathname === '/sales/property-for-sale' && url.searchParams.get('alert') === 'on')
    await page.getByRole('status').filter({ hasText: 'Your alert is on.' }).waitFor()
    // The list is the alert's own search: the place and the bedrooms chosen, the prices open as they were.
    expect(page.url()).toContain('min_bedroom=2')
    expect(new URL(page.url()).searchParams.has('min_price')).toBe(false)
    expect(new URL(page.url()).searchParams.has('max_price')).toBe(false)
    // Saved: nothing offers to save it again.
    expect(await page.getByRole('button', { name: 'Save this search' }).count()).toBe(0)
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    const leeds = page.getByRole('article', { name: /^Buying: Leeds/ })
    await leeds.first().waitFor()
    expect(await leeds.count()).toBe(1)
    // Open at both price ends, as the search was.
    await leeds.getByText('Any price', { exact: true }).waitFor()
    expect(await page.getByRole('article', { name: /^Buying: Manchester/ }).count()).toBe(1)

    // Pressed again, on the same search: the alert exists, nothing new is made.
    await page.goto(search)
    await page.waitForURL((url) => url.searchParams.has('locations'))
    await page.getByRole('button', { name: 'Save this search' }).first().click()
    await page.waitForURL((url) => url.searchParams.get('alert') === 'on')
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    await leeds.first().waitFor()
    expect(await leeds.count()).toBe(1)

    // No tenant alert to take the answers from: the registration, filled in with the search and the contact.
    await page.goto(`${BASE_URL}/lettings/property-to-rent?keyword=leeds&radius=1`)
    await page.waitForURL((url) => url.searchParams.has('locations'))
    await page.getByRole('button', { name: 'Save this search' }).first().click()
    await page.waitForURL((url) => url.pathname === '/heads-up-alerts/register/rent')
    await waitForScreen(page)
    expect(await page.getByText('Saving your search:').locator('..').innerText()).toContain('Leeds, 1 mile')
    await page.getByRole('list', { name: 'Contacts of this alert' }).getByText('Harriet Lowther').waitFor()
    await expectNoAxeViolations(page)
  })
})

describe('Heads Up Property Alerts without JavaScript', () => {
  it('shows the server’s messages and registers through a plain form post', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await submit(page)
    expect(await page.getByRole('alert').first().innerText()).toBe(TEXT.NAME_REQUIRED)
    // The contact's first message leads, and the other panels' mistakes are marked in the same answer.
    await expectFieldMessage(page.getByRole('textbox', { name: 'Location' }), TEXT.LOCATION_REQUIRED)
    await expectFieldMessage(page.getByLabel('Minimum price'), TEXT.MIN_PRICE_REQUIRED)

    await page.getByLabel('First name').fill('Tom')
    await page.getByLabel('Surname').fill('Rudd')
    await page.getByLabel('Email address').fill(uniqueEmail('nojs'))
    await page.getByRole('textbox', { name: 'Your address' }).fill('4 Church Street, Ilkley')
    await page.getByRole('checkbox', { name: /let us contact you/ }).check()
    await page.getByRole('radio', { name: 'Weekly' }).check()
    await submit(page)
    expect(await page.getByRole('alert').first().innerText()).toBe(TEXT.LOCATION_REQUIRED)
    // Every panel shows without JavaScript: each field says its own message.
    await expectFieldMessage(page.getByRole('textbox', { name: 'Location' }), TEXT.LOCATION_REQUIRED)
    await expectFieldMessage(page.getByLabel('Minimum price'), TEXT.MIN_PRICE_REQUIRED)
    await expectFieldMessage(page.getByLabel('Maximum price'), TEXT.MAX_PRICE_REQUIRED)
    const questions = requiredQuestions(page)
    expect(await questions.count()).toBeGreaterThan(0)
    for (let i = 0; i < (await questions.count()); i++) await expectFieldMessage(questions.nth(i), TEXT.QUESTION_REQUIRED)
    // The 'E-mail me' choice comes back as it was sent.
    expect(await page.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true)

    // The contact comes back saved in the list; the keyword is looked up by the server.
    await page.getByRole('list', { name: 'Contacts of this alert' }).getByText('Tom Rudd').waitFor()
    await page.getByRole('textbox', { name: 'Location' }).fill('Manchester')
    await page.getByLabel('Minimum price').selectOption({ label: '£200,000' })
    await page.getByLabel('Maximum price').selectOption({ label: '£400,000' })
    await answerRequiredQuestions(page)
    await submit(page)
    // Without JavaScript the captcha is a question: nothing is registered until it is answered.
    expect(await page.getByRole('alert').first().innerText()).toBe('Please answer the question below so that we know you are not a robot.')
    const group = page.getByRole('group', { name: 'Check that you are not a robot' })
    const answerOf = async () => {
      const answer = solveCaptchaQuestion((await group.locator('label').innerText()).trim())
      if (answer === null) throw new Error('an unexpected question')
      return answer
    }
    // A wrong answer is refused at the question, which is asked anew and says how to go on.
    await group.getByRole('textbox').fill(`${await answerOf()}x`)
    await submit(page)
    expect(await page.getByRole('alert').first().innerText()).toBe('Please confirm you are not a robot and try again.')
    expect(await group.getByRole('textbox').getAttribute('aria-invalid')).toBe('true')
    expect(await group.innerText()).toContain('If your answers keep being refused, please try again in an hour, or call us:')
    await group.getByRole('textbox').fill(await answerOf())
    await submit(page)
    await page.getByRole('status').filter({ hasText: /confirm your alert/ }).waitFor()
  })
})

describe('Heads Up Property Alerts without JavaScript: ranges', () => {
  it('refuses a maximum below its minimum with a message at the maximum, keeping both as chosen, and both can be put right in one go', async () => {
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}/heads-up-alerts/register/buy`)
    await page.getByLabel('Minimum price').selectOption({ label: '£400,000' })
    await page.getByLabel('Maximum price').selectOption({ label: '£200,000' })
    await page.getByLabel('Minimum bedrooms').selectOption({ label: '4' })
    await page.getByLabel('Maximum bedrooms').selectOption({ label: '2' })
    await submit(page)
    await expectFieldMessage(page.getByLabel('Maximum price'), 'The max price cannot be less than the min price.')
    await expectFieldMessage(page.getByLabel('Maximum bedrooms'), 'The max bedrooms cannot be less than the min bedrooms.')
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('400000')
    expect(await page.getByLabel('Maximum price').inputValue()).toBe('200000')
    // Both ends can be put right in the one form sent: every value is offered at each end, not only
    // those agreeing with the other end as it stands.
    await page.getByLabel('Minimum price').selectOption({ label: '£150,000' })
    await page.getByLabel('Maximum price').selectOption({ label: '£300,000' })
    await page.getByLabel('Minimum bedrooms').selectOption({ label: '1' })
    await page.getByLabel('Maximum bedrooms').selectOption({ label: '3' })
    await submit(page)
    expect(await page.getByText('The max price cannot be less than the min price.').count()).toBe(0)
    expect(await page.getByText('The max bedrooms cannot be less than the min bedrooms.').count()).toBe(0)
  })
})

describe('My alerts without JavaScript', () => {
  it('switches the active alert off and on with a plain form post, and the page it answers shows the alert as it now is', async () => {
    const withScript = await browser.page()
    await logIn(withScript, 'two.alerts@example.com')
    const page = await browser.page({ javaScriptEnabled: false })
    await page.context().addCookies((await withScript.context().storageState()).cookies)
    await page.goto(`${BASE_URL}/heads-up-alerts/my-alerts`)
    const buying = page.getByRole('article', { name: /^Buying/ })
    expect(await buying.getByRole('switch').getAttribute('aria-checked')).toBe('true')
    expect(await buying.getByText('Active alert').count()).toBe(1)

    // Switched off, it is no longer the active alert (no other buyer alert is on to take over), on the
    // page the post answers as after a reload.
    await buying.getByRole('switch').click()
    await page.getByRole('status').filter({ hasText: TEXT.ALERT_UPDATED }).waitFor()
    expect(await buying.getByRole('switch').getAttribute('aria-checked')).toBe('false')
    expect(await page.getByText('Active alert').count()).toBe(0)

    // Switched on again, it is the active alert once more.
    await buying.getByRole('switch').click()
    await page.getByRole('status').filter({ hasText: TEXT.ALERT_UPDATED }).waitFor()
    expect(await buying.getByRole('switch').getAttribute('aria-checked')).toBe('true')
    expect(await buying.getByText('Active alert').count()).toBe(1)
  })
})

describe('Heads Up Property Alerts: the five layouts', () => {
  for (const variant of ['v1', 'v2', 'v3', 'v4', 'v5'] as const) {
    it(`shows phone layout ${variant} as real tabs with 'Next step'`, async () => {
      const page = await browser.page({ width: PHONE_WIDTH })
      await page.goto(`${BASE_URL}/test/register-variants?desktop=${variant}&mobile=${variant}`)
      await waitForScreen(page)
      expect(await page.locator('.alert-register').getAttribute('data-mobile')).toBe(variant)
      const tabs = page.getByRole('tab')
      expect(await tabs.count()).toBe(3)
      expect(await page.getByRole('tab', { selected: true }).innerText()).toContain('Contact')
      expect(await page.getByRole('tabpanel').count()).toBe(1)
      await page.getByRole('button', { name: TEXT.NEXT_STEP }).click()
      expect(await page.getByRole('tab', { selected: true }).innerText()).toContain('Property Type')
      await page.getByRole('button', { name: TEXT.NEXT_STEP }).click()
      expect(await page.getByRole('tab', { selected: true }).innerText()).toContain('Circumstances')
      // The last tab has no next step.
      expect(await page.getByRole('button', { name: TEXT.NEXT_STEP }).count()).toBe(0)
      await expectNoAxeViolations(page)
    })

    it(`shows desktop layout ${variant} as columns`, async () => {
      const page = await browser.page()
      await page.goto(`${BASE_URL}/test/register-variants?desktop=${variant}&mobile=v1`)
      await waitForScreen(page)
      expect(await page.locator('.alert-register').getAttribute('data-desktop')).toBe(variant)
      const boxes = await Promise.all(
        ['contact', 'property-type', 'circumstances'].map((tab) => page.locator(`[data-tab="${tab}"]`).boundingBox()),
      )
      const [contact, property, circumstances] = boxes.map((box) => {
        if (!box) throw new Error('a panel is not shown')
        return box
      }) as [NonNullable<(typeof boxes)[0]>, NonNullable<(typeof boxes)[0]>, NonNullable<(typeof boxes)[0]>]
      const sameRow = (a: typeof contact, b: typeof contact) => Math.abs(a.y - b.y) < 2
      const layout = {
        v1: sameRow(contact, property) && sameRow(property, circumstances),
        v2: sameRow(contact, property) && contact.x < property.x && circumstances.x === contact.x,
        v3: sameRow(contact, property) && property.x < contact.x && circumstances.x === contact.x,
        v4: contact.width > property.width && sameRow(property, circumstances) && property.y > contact.y,
        v5: contact.x === property.x && property.x === circumstances.x && property.y > contact.y && circumstances.y > property.y,
      }
      expect(layout[variant]).toBe(true)
      expect(await page.getByRole('button', { name: TEXT.NEXT_STEP }).isVisible()).toBe(false)
      await expectNoAxeViolations(page)
    })
  }

  it('takes the desktop and phone layouts from company settings 106 and 108', async () => {
    const page = await browser.page({ width: PHONE_WIDTH })
    await page.goto(`${BASE_URL_VARIANTS}/heads-up-alerts/register/rent`)
    await waitForScreen(page)
    expect(await page.locator('.alert-register').getAttribute('data-desktop')).toBe('v3')
    expect(await page.locator('.alert-register').getAttribute('data-mobile')).toBe('v4')
    await page.getByText('Step 1 of 3').waitFor()
    await expectNoAxeViolations(page)
  })
})

/**
 * A control with an edge of its own: a border unlike both its own fill and what is behind it (a white
 * button on the page's near-white grey reads as words, not as something to press).
 */
async function expectStandsOut(control: Locator): Promise<void> {
  const look = await control.evaluate((el) => {
    const style = getComputedStyle(el)
    let behind = el.parentElement
    while (behind && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement
    return { border: parseFloat(style.borderTopWidth), borderColor: style.borderTopColor, background: style.backgroundColor, behind: behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)' }
  })
  expect(look.border > 0 && look.borderColor !== look.behind && look.borderColor !== look.background, JSON.stringify(look)).toBe(true)
}
