import type { Page } from 'playwright-core'
import { seenMails, toLoginLink, waitForMail } from './outbox.ts'
import { BASE_URL } from './support.ts'

/** Logs a demo contact in through the login page and the link it e-mails, as a person would. */
export async function logIn(page: Page, email: string): Promise<void> {
  const seen = await seenMails()
  await page.goto(`${BASE_URL}/login`)
  await page.locator('form.login-form[data-enhanced]').waitFor()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send login link' }).click()
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
  await page.goto(toLoginLink(await waitForMail(email, seen)))
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => url.pathname !== '/login/verify')
}
