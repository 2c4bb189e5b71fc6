import { PREVIEW_BRANCH, renderMailPreviews, toPreviewBrand } from '@agency/api/mail-previews'
import { beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, axeViolations, setupBrowser } from './support.ts'

/**
 * Every e-mail's HTML part as a mail client shows it: opened in Chromium at a desktop client's 600 px
 * and a phone's 375 px, with the logo and the property pictures from the server under test. axe finds
 * nothing (no serious issue, and none of the lesser ones either); nothing is wider than the screen;
 * every picture loads.
 */
describe('e-mails in a browser', () => {
  const browser = setupBrowser()
  let previews: Awaited<ReturnType<typeof renderMailPreviews>>

  beforeAll(async () => {
    const cards = ((await (await fetch(`${BASE_URL}/api/properties?page_size=3`)).json()) as { data: { image: string | null }[] }).data
    const pictures = cards.flatMap((c) => (c.image ? [new URL(c.image, BASE_URL).toString()] : []))
    expect(pictures.length).toBeGreaterThan(0)
    previews = await renderMailPreviews({ brand: toPreviewBrand(BASE_URL), branch: PREVIEW_BRANCH, pictures })
    expect(previews.map((p) => p.name)).toEqual([
      'login-link',
      'alert-confirmation',
      'heads-up',
      'alert-switched-off',
      'enquiry-acknowledgement',
      'branch-enquiry',
      'branch-registration',
      'branch-digest',
      'feed-refusals',
    ])
  })

  for (const width of [600, 375]) {
    it(`shows each e-mail at ${width} px with no accessibility issue`, async () => {
      const page = await browser.page({ width, height: 800, waitForHydration: false })
      for (const { name, mail } of previews) {
        await page.route(`${BASE_URL}/__mail`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: mail.html }))
        await page.goto(`${BASE_URL}/__mail`, { waitUntil: 'load' })
        expect(await axeViolations(page), `${name} at ${width} px`).toEqual([])
        const layout = await page.evaluate(() => ({
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          broken: [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
          logo: document.images[0]?.alt,
        }))
        expect(layout, `${name} at ${width} px`).toEqual({ overflow: 0, broken: [], logo: 'Hartwell & Co' })
        await page.unroute(`${BASE_URL}/__mail`)
      }
    })
  }
})
