import { describe, expect, it } from 'vitest'
import { BASE_URL, setupBrowser } from './support.ts'

const browser = setupBrowser()

/** The test server's PUBLIC_URL names 127.0.0.1; here a visitor reaches it as localhost instead. */
const OTHER_ADDRESS = BASE_URL.replace('//127.0.0.1:', '//localhost:')

describe('the site reached at another address than PUBLIC_URL', () => {
  it('still takes the login form, whose Origin is the address the browser asked for', async () => {
    expect(OTHER_ADDRESS).not.toBe(BASE_URL)
    const page = await browser.page()
    await page.goto(`${OTHER_ADDRESS}/login`)
    await page.locator('form.login-form[data-enhanced]').waitFor()
    await page.getByLabel('Email address').fill('buyer@example.com')
    await page.getByRole('button', { name: 'Send login link' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    expect(await page.getByText('Cross-site request refused.').count()).toBe(0)
  })

  it('still refuses a mutating API call from another site', async () => {
    const response = await fetch(`${OTHER_ADDRESS}/api/contacts/oauth/sessions/current`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ message: 'Cross-site request refused.' })
  })
})
