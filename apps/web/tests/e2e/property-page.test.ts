import { MESSAGES, SHORT_MEDIA_PATH, toShortMediaKey } from '@agency/domain'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BASE_URL, BASE_URL_VARIANTS, expectNoAxeViolations, setupBrowser } from './support.ts'

const browser = setupBrowser()

describe('the shared dialogs', () => {
  it('opens the generic modal at 750px with a title and a named close button, locks the scroll and gives focus back', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/test/dialogs`)
    const opener = page.getByRole('button', { name: 'Open the modal' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'A generic modal' })
    await dialog.waitFor()
    expect((await dialog.boundingBox())?.width).toBe(750)
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
    await expectNoAxeViolations(page)
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // the dialog hands focus back in a timer after it unmounts
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true)
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  })

  it('shows the success popup with the SPEC text and closes it with OK', async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL}/test/dialogs`)
    await page.getByRole('button', { name: 'Show the success popup' }).click()
    const dialog = page.getByRole('dialog', { name: MESSAGES.SUCCESS_POPUP_DEFAULT })
    await dialog.waitFor()
    expect(await dialog.getByRole('button', { name: 'Close' }).isVisible()).toBe(true)
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'OK' }).click()
    await dialog.waitFor({ state: 'detached' })
  })
})

interface CardMedia {
  isDownloadable: boolean
  isIframePlayable: boolean
  isVirtualTour: boolean
  mediaLink: string
}
interface Card {
  property_profile_id: number
  is_locked: boolean
  detail_page_url: string
  medias: CardMedia[]
}

/** The cards of the seeded catalogue a visitor sees (both sales and lettings, several pages). */
async function visitorCards(): Promise<Card[]> {
  const cards: Card[] = []
  for (const type of [1, 2]) {
    for (const pageNumber of [1, 2, 3]) {
      const response = await fetch(`${BASE_URL}/api/properties?transaction_type_id=${type}&page_size=100&page=${pageNumber}`)
      expect(response.status).toBe(200)
      cards.push(...((await response.json()) as { data: Card[] }).data)
    }
  }
  return cards
}

/** The first visible property whose medias pass `test`, and the index of the first such media. */
async function findProperty(test: (media: CardMedia) => boolean): Promise<{ card: Card; index: number }> {
  for (const card of await visitorCards()) {
    if (card.is_locked || card.medias.length < 3) continue
    const index = card.medias.findIndex(test)
    if (index >= 0) return { card, index }
  }
  throw new Error('no such property in the demo data')
}

/** The gallery's photo counter, as the visitor sees it. */
const counter = (page: Page) => page.getByRole('dialog').getByText(/^\d+\/\d+$/)

describe('the full-screen gallery', () => {
  it('serves the main picture and thumbnails as links to the gallery page, which shows index/total, wraps both ways, reaches the floor plans and EPC and leads back, without JavaScript', async () => {
    const { card, index } = await findProperty((m) => !m.isIframePlayable && !m.isVirtualTour)
    const total = card.medias.length
    const page = await browser.page({ javaScriptEnabled: false })
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    const gallery = page.getByRole('region', { name: 'Photos' })
    const links = gallery.getByRole('list').first().getByRole('link')
    expect(await links.count()).toBe(total - 1)
    const main = gallery.getByRole('link', { name: /full screen/ })
    expect(await main.getAttribute('href')).toBe(`${card.detail_page_url}/gallery?photo=${index + 1}`)
    expect(await links.first().getAttribute('href')).toMatch(new RegExp(`^${card.detail_page_url}/gallery\\?photo=\\d+$`))
    const answer = page.waitForResponse((r) => r.url().includes('/gallery?'))
    await main.click()
    expect((await answer).headers()['content-type']).toContain('text/html')
    const pageCounter = page.locator('.gallery-page__counter')
    expect(await pageCounter.innerText()).toContain(`${index + 1}/${total}`)
    // Previous from the first wraps to the last, next from there to the first.
    await page.goto(`${BASE_URL}${card.detail_page_url}/gallery?photo=1`)
    await page.getByRole('link', { name: /^Previous: / }).click()
    expect(await pageCounter.innerText()).toContain(`${total}/${total}`)
    await page.getByRole('link', { name: /^Next: / }).click()
    expect(await pageCounter.innerText()).toContain(`1/${total}`)
    // The floor plans and the EPCs are tabs of the same page.
    const tabs = page.getByRole('navigation', { name: 'What to show' })
    expect(await tabs.getByRole('link', { name: /^Photos \(\d+\)$/ }).getAttribute('aria-current')).toBe('page')
    await page.getByRole('link', { name: 'Back to the property' }).click()
    expect(new URL(page.url()).pathname).toBe(card.detail_page_url)
    // The same page with its script (axe needs one to run).
    const withScript = await browser.page()
    await withScript.goto(`${BASE_URL}${card.detail_page_url}/gallery?photo=2`)
    expect(await withScript.locator('.gallery-page__counter').innerText()).toContain(`2/${total}`)
    await expectNoAxeViolations(withScript)
  })

  it('opens from the main picture, counts index/total, wraps both ways, turns with the keys, closes on Escape and gives focus back', async () => {
    const { card } = await findProperty(() => true)
    const total = card.medias.length
    const page = await browser.page()
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    const main = page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ })
    await main.click()
    const dialog = page.getByRole('dialog', { name: /^Gallery: / })
    await dialog.waitFor()
    expect(await counter(page).innerText()).toBe(`1/${total}`)
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Previous photo' }).click()
    expect(await counter(page).innerText()).toBe(`${total}/${total}`)
    await dialog.getByRole('button', { name: 'Next photo' }).click()
    expect(await counter(page).innerText()).toBe(`1/${total}`)
    await page.keyboard.press('ArrowRight')
    expect(await counter(page).innerText()).toBe(`2/${total}`)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    expect(await counter(page).innerText()).toBe(`${total}/${total}`)
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => main.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('opens at the thumbnail chosen and turns on a swipe', async () => {
    const { card } = await findProperty(() => true)
    const total = card.medias.length
    const page = await browser.page()
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    await page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: new RegExp(`^\\w[\\w ]* 3 of ${total}:`) }).click()
    await page.getByRole('dialog').waitFor()
    expect(await counter(page).innerText()).toBe(`3/${total}`)
    const stage = page.locator('.gallery-lb__stage')
    await stage.dispatchEvent('pointerdown', { pointerId: 7, pointerType: 'touch', clientX: 600, clientY: 400, isPrimary: true })
    await stage.dispatchEvent('pointerup', { pointerId: 7, pointerType: 'touch', clientX: 450, clientY: 410, isPrimary: true })
    expect(await counter(page).innerText()).toBe(`4/${total}`)
    await stage.dispatchEvent('pointerdown', { pointerId: 8, pointerType: 'touch', clientX: 300, clientY: 400, isPrimary: true })
    await stage.dispatchEvent('pointerup', { pointerId: 8, pointerType: 'touch', clientX: 500, clientY: 380, isPrimary: true })
    expect(await counter(page).innerText()).toBe(`3/${total}`)
  })

  it('shows a strip of thumbnails that turns to the one chosen, and tabs that lead to the floor plans and EPC full screen', async () => {
    const detail = await findDetail((d) => d.floor_plans.length > 0 && d.epcs.length > 0 && d.medias.length >= 3)
    const total = detail.medias.length
    const page = await browser.page()
    await page.goto(`${BASE_URL}${detail.detail_page_url}`)
    await page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ }).click()
    const dialog = page.getByRole('dialog', { name: /^Gallery: / })
    await dialog.waitFor()
    const thumbs = dialog.getByRole('list', { name: 'All of them' }).getByRole('button')
    expect(await thumbs.count()).toBe(total)
    await thumbs.nth(2).click()
    expect(await counter(page).innerText()).toBe(`3/${total}`)
    expect(await thumbs.nth(2).getAttribute('aria-current')).toBe('true')
    expect(await thumbs.nth(0).getAttribute('aria-current')).toBeNull()
    const tabs = dialog.getByRole('navigation', { name: 'What to show' })
    expect(await tabs.getByText(`Photos (${total})`).getAttribute('aria-current')).toBe('page')
    await expectNoAxeViolations(page)
    await tabs.getByRole('link', { name: `Floor plans (${detail.floor_plans.length})` }).click()
    await page.waitForURL((url) => url.pathname === `${detail.detail_page_url}/gallery` && url.search === '?plan=1')
    expect(await page.getByRole('navigation', { name: 'What to show' }).getByRole('link', { name: /^Floor plans/ }).getAttribute('aria-current')).toBe('page')
    // Back from them is the gallery again, at the photo it showed.
    await page.goBack()
    await page.getByRole('dialog', { name: /^Gallery: / }).waitFor()
    expect(await counter(page).innerText()).toBe(`3/${total}`)
    await page
      .getByRole('dialog', { name: /^Gallery: / })
      .getByRole('link', { name: `EPC (${detail.epcs.length})` })
      .click()
    await page.waitForURL((url) => url.pathname === `${detail.detail_page_url}/gallery` && url.search === '?epc=1')
  })

  it('marks the current thumbnail and keeps it in view as a person turns through the photos on a phone, in the lightbox and on the gallery page', async () => {
    const card = (await visitorCards()).find((c) => !c.is_locked && c.medias.length >= 8)
    if (!card) throw new Error('no such property in the demo data')
    const total = card.medias.length
    const page = await browser.page({ width: 390, height: 844, mobile: true })
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    await page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ }).click()
    const dialog = page.getByRole('dialog', { name: /^Gallery: / })
    await dialog.waitFor()
    const strip = dialog.getByRole('list', { name: 'All of them' })
    const thumbs = strip.getByRole('button')
    // Wholly within the strip's visible width (smooth scrolling may still be under way).
    const inView = async (thumb: ReturnType<typeof thumbs.nth>) => {
      const [box, area] = await Promise.all([thumb.boundingBox(), strip.boundingBox()])
      return box !== null && area !== null && box.x >= area.x - 1 && box.x + box.width <= area.x + area.width + 1
    }
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    for (let position = 1; position <= total; position++) {
      expect(await counter(page).innerText()).toBe(`${position}/${total}`)
      const current = thumbs.nth(position - 1)
      expect(await current.getAttribute('aria-current')).toBe('true')
      expect(await strip.locator('[aria-current]').count()).toBe(1)
      await expect.poll(() => inView(current)).toBe(true)
      // Marked so that it can be seen, not only heard: its frame differs from the others'.
      const other = thumbs.nth(position % total)
      expect(await current.evaluate((el) => getComputedStyle(el).borderColor)).not.toBe(await other.evaluate((el) => getComputedStyle(el).borderColor))
      await dialog.getByRole('button', { name: 'Next photo' }).click()
    }
    // Past the last it wraps to the first, and the strip comes back with it.
    await expect.poll(() => inView(thumbs.first())).toBe(true)

    // The gallery page opened at its last photo shows that photo's thumbnail, marked.
    await page.goto(`${BASE_URL}${card.detail_page_url}/gallery?photo=${total}`)
    const pageStrip = page.getByRole('list', { name: 'All of them' })
    const last = pageStrip.getByRole('link').nth(total - 1)
    expect(await last.getAttribute('aria-current')).toBe('true')
    await expect
      .poll(async () => {
        const [box, area] = await Promise.all([last.boundingBox(), pageStrip.boundingBox()])
        return box !== null && area !== null && box.x >= area.x - 1 && box.x + box.width <= area.x + area.width + 1
      })
      .toBe(true)
  })

  it('has an entry in the history: Back closes it at any photo and gives focus back, Forward and a reload open it again, closing it goes back over it', async () => {
    const { card } = await findProperty(() => true)
    const total = card.medias.length
    const page = await browser.page()
    await page.goto(`${BASE_URL}/`)
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    const main = page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ })
    await main.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /^Gallery: / })
    await dialog.waitFor()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    expect(await counter(page).innerText()).toBe(`3/${total}`)
    await page.goBack()
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(card.detail_page_url)
    await expect.poll(() => main.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.goForward()
    await dialog.waitFor()
    expect(await counter(page).innerText()).toBe(`3/${total}`)
    await page.reload()
    await dialog.waitFor()
    expect(await counter(page).innerText()).toBe(`3/${total}`)
    await page.goBack()
    expect(new URL(page.url()).pathname).toBe(card.detail_page_url)
    expect(await dialog.count()).toBe(0)
    // Closed with Escape, it leaves no entry behind: the next Back is the page before.
    await main.click()
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(card.detail_page_url)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('offers a download link for a downloadable photo', async () => {
    const { card, index } = await findProperty((m) => m.isDownloadable)
    const page = await browser.page()
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    await page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowRight')
    const download = dialog.getByRole('link', { name: /^Download/ })
    expect(await download.getAttribute('href')).toBe(card.medias[index]?.mediaLink)
    expect(await download.getAttribute('download')).toMatch(/\.jpg$/)
    const response = await page.request.get(card.medias[index]?.mediaLink ?? '')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('image/jpeg')
  })

  it('plays a video in a frame made only when it is shown', async () => {
    const { card, index } = await findProperty((m) => m.isIframePlayable)
    const page = await browser.page()
    // The video host lies outside the test: it answers with a page of its own.
    await page.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Video</title><p>Video</p>' }))
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    expect(await page.locator('iframe').count()).toBe(0)
    await page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    if (index !== 0) expect(await dialog.locator('iframe').count()).toBe(0)
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowRight')
    const frame = dialog.locator('iframe')
    expect(await frame.getAttribute('src')).toBe(card.medias[index]?.mediaLink)
    expect(await frame.getAttribute('title')).toMatch(/^Video tour: /)
    await expectNoAxeViolations(page)
  })

  it('links to the virtual tour in a new tab', async () => {
    const { card, index } = await findProperty((m) => m.isVirtualTour)
    const page = await browser.page()
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    await page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowRight')
    const tour = dialog.getByRole('link', { name: /^Virtual Tour/ }).first()
    expect(await tour.getAttribute('href')).toBe(card.medias[index]?.mediaLink)
    expect(await tour.getAttribute('target')).toBe('_blank')
    expect(await tour.getAttribute('rel')).toContain('noopener')
    await expectNoAxeViolations(page)
  })

  it('cannot be opened on a locked property by a visitor', async () => {
    const card = (await visitorCards()).find((c) => c.is_locked)
    if (!card) throw new Error('no locked property in the demo data')
    const page = await browser.page()
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    const gallery = page.getByRole('region', { name: 'Photos' })
    expect(await gallery.getByRole('link').count()).toBe(0)
    await gallery.getByRole('img').first().click()
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Register' }).count()).toBeGreaterThan(0)
    // No empty section stands for what is held back: no energy heading without its chart or EPCs.
    expect(await page.getByRole('heading', { name: 'Energy performance' }).count()).toBe(0)
    await expectNoAxeViolations(page)
  })
})

describe('the pictures', () => {
  it('serves every picture at the sizes shown, in AVIF to Chromium, sized, the first high priority and the rest lazy', async () => {
    const { card } = await findProperty(() => true)
    const page = await browser.page()
    const types = new Map<string, string | undefined>()
    page.on('response', (response) => types.set(response.url(), response.headers()['content-type']))
    await page.goto(`${BASE_URL}${card.detail_page_url}`)
    const images = page.getByRole('region', { name: 'Photos' }).getByRole('img')
    const count = await images.count()
    expect(count).toBe(card.medias.length)
    for (let i = 0; i < count; i++) {
      const image = images.nth(i)
      const found = await image.evaluate((img: HTMLImageElement) => ({
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        fetchPriority: img.getAttribute('fetchpriority'),
        srcset: img.getAttribute('srcset'),
        sizes: img.getAttribute('sizes'),
      }))
      expect(Number(found.width)).toBeGreaterThan(0)
      expect(Number(found.height)).toBeGreaterThan(0)
      // One srcset whose URLs leave the format to the browser's Accept (no <picture> of three).
      expect(found.srcset).toMatch(/^\/api\/m\/[\w-]{22}\/320 320w,.*\/640 640w/)
      expect(found.sizes).toBeTruthy()
      if (i === 0) {
        expect(found.fetchPriority).toBe('high')
        expect(found.loading).toBe('eager')
      } else {
        expect(found.loading).toBe('lazy')
        expect(found.fetchPriority).toBeNull()
      }
    }
    // Chromium names AVIF in its Accept, so it is given AVIF, at a width the layout needs.
    const main = images.first()
    await main.evaluate((img: HTMLImageElement) => img.decode())
    const current = await main.evaluate((img: HTMLImageElement) => img.currentSrc)
    expect(current).toMatch(/\/api\/m\/[\w-]{22}\/(480|640|960|1280|1600)$/)
    expect(types.get(current)).toBe('image/avif')
  })
})

describe('the slider arrows', () => {
  it('shows all 12 variants as labelled buttons, each drawn differently, and marks the one company setting 105 chooses', async () => {
    const page = await browser.page()
    const response = await page.goto(`${BASE_URL}/test/slider-arrows`)
    expect(response?.status()).toBe(200)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    const demos = page.getByRole('main').getByRole('listitem')
    expect(await demos.count()).toBe(12)
    const looks = new Set<string>()
    for (let variant = 1; variant <= 12; variant++) {
      const demo = page.getByRole('main').getByRole('listitem', { name: `Variant ${variant}`, exact: true })
      const next = demo.getByRole('button', { name: `Next (Variant ${variant})` })
      const previous = demo.getByRole('button', { name: `Previous (Variant ${variant})` })
      expect(await next.isVisible()).toBe(true)
      looks.add(
        await next.evaluate((button) => {
          const style = getComputedStyle(button)
          const icon = button.querySelector('path')?.getAttribute('d') ?? ''
          const box = button.getBoundingClientRect()
          return [style.borderRadius, style.backgroundColor, style.borderTopWidth, style.transform, Math.round(box.width), Math.round(box.height), icon, (button as HTMLElement).innerText].join('|')
        }),
      )
      // The arrows turn their slide, wrapping round.
      await previous.click()
      expect(await demo.getByText(/^\d+\/5$/).innerText()).toBe('5/5')
      await next.click()
      expect(await demo.getByText(/^\d+\/5$/).innerText()).toBe('1/5')
    }
    expect(looks.size).toBe(12)
    expect(await page.getByRole('main').getByRole('listitem', { name: 'Variant 1', exact: true }).getByText('In use').count()).toBe(1)
    await expectNoAxeViolations(page)
  })

  it("uses the company's variant in the gallery", async () => {
    const page = await browser.page()
    await page.goto(`${BASE_URL_VARIANTS}/test/slider-arrows`)
    expect(await page.getByRole('main').getByRole('listitem', { name: 'Variant 7', exact: true }).getByText('In use').count()).toBe(1)
    const { card } = await findProperty(() => true)
    await page.goto(`${BASE_URL_VARIANTS}${card.detail_page_url}`)
    await page.getByRole('region', { name: 'Photos' }).getByRole('link', { name: /full screen/ }).click()
    const next = page.getByRole('dialog').getByRole('button', { name: 'Next photo' })
    expect(await next.getAttribute('data-variant')).toBe('7')
  })
})

interface Detail {
  detail_page_url: string
  medias: unknown[]
  floor_plans: { image: string }[]
  epcs: { image: string; isPDF: boolean; fileURL: string }[]
}

/** The detail of the first visible property that passes `test`. */
async function findDetail(test: (detail: Detail) => boolean): Promise<Detail> {
  for (const card of await visitorCards()) {
    if (card.is_locked) continue
    const { data: detail } = (await (await fetch(`${BASE_URL}/api/properties/${card.property_profile_id}`)).json()) as { data: Detail }
    if (test(detail)) return detail
  }
  throw new Error('no such property in the demo data')
}

/** The short path of the largest JPEG copy of a picture of the media route (@agency/domain media-url.ts). */
function toLargestJpeg(url: string | undefined): string {
  const mediaKey = new URL(url ?? '', BASE_URL).pathname.split('/')[3] ?? ''
  return `${SHORT_MEDIA_PATH}/${toShortMediaKey(mediaKey) ?? 'not-a-media-key'}/1600j`
}

describe('the floor plan and EPC grids', () => {
  it('labels floor plans Floor Plan 1..n and opens one in the lightbox, giving focus back on close', async () => {
    const detail = await findDetail((d) => d.floor_plans.length >= 2)
    const page = await browser.page()
    await page.goto(`${BASE_URL}${detail.detail_page_url}`)
    const section = page.getByRole('region', { name: 'Floor plans' })
    const links = section.getByRole('link')
    expect(await links.allInnerTexts()).toEqual(detail.floor_plans.map((_, i) => `Floor Plan ${i + 1}`))
    const second = section.getByRole('link', { name: 'Floor Plan 2' })
    expect(await second.getAttribute('href')).toBe(detail.floor_plans[1]?.image)
    await second.click()
    const dialog = page.getByRole('dialog', { name: 'Floor Plan 2' })
    await dialog.waitFor()
    // The same picture, its largest JPEG under the short path (srcset offers the rest).
    expect(await dialog.getByRole('img', { name: 'Floor Plan 2' }).getAttribute('src')).toBe(toLargestJpeg(detail.floor_plans[1]?.image))
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => second.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('has an entry in the history, as the gallery has: Back closes a floor plan and gives focus back, Forward and a reload open it again, closing one goes back over it', async () => {
    const detail = await findDetail((d) => d.floor_plans.length >= 2 && d.epcs.some((e) => !e.isPDF))
    const page = await browser.page()
    await page.goto(`${BASE_URL}/`)
    await page.goto(`${BASE_URL}${detail.detail_page_url}`)
    const plans = page.getByRole('region', { name: 'Floor plans' })
    const second = plans.getByRole('link', { name: 'Floor Plan 2' })
    await second.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Floor Plan 2' })
    await dialog.waitFor()
    await page.goBack()
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(detail.detail_page_url)
    await expect.poll(() => second.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.goForward()
    await dialog.waitFor()
    await page.reload()
    await dialog.waitFor()
    // The entry is the floor plan's own: neither the gallery nor an EPC opens with it.
    expect(await page.getByRole('dialog').count()).toBe(1)
    await page.goBack()
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(detail.detail_page_url)
    expect(await page.getByRole('dialog').count()).toBe(0)
    // An EPC closed with its button and a floor plan closed with Escape leave no entry behind: the next Back is the page before.
    await page.getByRole('region', { name: 'Energy performance' }).getByRole('link', { name: 'EPC 1' }).click()
    const epc = page.getByRole('dialog', { name: 'EPC 1' })
    await epc.waitFor()
    await epc.getByRole('button', { name: 'Close' }).click()
    await epc.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(detail.detail_page_url)
    await plans.getByRole('link', { name: 'Floor Plan 1' }).click()
    const first = page.getByRole('dialog', { name: 'Floor Plan 1' })
    await first.waitFor()
    await page.keyboard.press('Escape')
    await first.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(detail.detail_page_url)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('turns from floor plan to floor plan with labelled buttons, the arrow keys and a swipe, wrapping round and adding no history', async () => {
    const detail = await findDetail((d) => d.floor_plans.length >= 2)
    const last = detail.floor_plans.length
    const page = await browser.page({ width: 390, height: 844, mobile: true })
    await page.goto(`${BASE_URL}${detail.detail_page_url}`)
    await page.getByRole('region', { name: 'Floor plans' }).getByRole('link', { name: 'Floor Plan 1' }).click()
    const shown = (n: number) => page.getByRole('dialog', { name: `Floor Plan ${n}` })
    await shown(1).waitFor()
    const entries = await page.evaluate(() => history.length)

    await shown(1).getByRole('button', { name: 'Next: Floor Plan 2' }).click()
    await shown(2).waitFor()
    expect(await shown(2).getByRole('img', { name: 'Floor Plan 2' }).getAttribute('src')).toBe(toLargestJpeg(detail.floor_plans[1]?.image))
    await expectNoAxeViolations(page)
    await page.keyboard.press('ArrowLeft')
    await shown(1).waitFor()
    // Before the first comes the last.
    await shown(1).getByRole('button', { name: `Previous: Floor Plan ${last}` }).click()
    await shown(last).waitFor()
    // A swipe to the left shows the next: after the last, the first.
    const stage = shown(last).locator('.gallery-lb__stage')
    await stage.dispatchEvent('pointerdown', { pointerId: 3, pointerType: 'touch', clientX: 300, clientY: 400, isPrimary: true })
    await stage.dispatchEvent('pointerup', { pointerId: 3, pointerType: 'touch', clientX: 120, clientY: 410, isPrimary: true })
    await shown(1).waitFor()
    await page.keyboard.press('ArrowRight')
    await shown(2).waitFor()

    // Turning added no entry: one Back closes the lightbox on the property page.
    expect(await page.evaluate(() => history.length)).toBe(entries)
    await page.goBack()
    await shown(2).waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(detail.detail_page_url)
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('opens a picture EPC in the lightbox', async () => {
    const detail = await findDetail((d) => d.epcs.some((e) => !e.isPDF))
    const page = await browser.page()
    await page.goto(`${BASE_URL}${detail.detail_page_url}`)
    const link = page.getByRole('region', { name: 'Energy performance' }).getByRole('link', { name: 'EPC 1' })
    expect(await link.getAttribute('target')).toBeNull()
    await link.click()
    const dialog = page.getByRole('dialog', { name: 'EPC 1' })
    await dialog.waitFor()
    expect(await dialog.getByRole('img').getAttribute('src')).toBe(toLargestJpeg(detail.epcs[0]?.fileURL))
  })

  it('opens a PDF EPC in a new tab', async () => {
    const detail = await findDetail((d) => d.epcs.some((e) => e.isPDF))
    const page = await browser.page()
    await page.goto(`${BASE_URL}${detail.detail_page_url}`)
    const link = page.getByRole('region', { name: 'Energy performance' }).getByRole('link', { name: /^EPC 1 \(PDF, opens in a new tab\)$/ })
    expect(await link.getAttribute('href')).toBe(detail.epcs[0]?.fileURL)
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toContain('noopener')
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()])
    await popup.waitForURL(detail.epcs[0]?.fileURL ?? '', { waitUntil: 'commit' })
    expect(popup.url()).toBe(detail.epcs[0]?.fileURL)
    expect(await page.getByRole('dialog').count()).toBe(0)
    await expectNoAxeViolations(page)
  })
})

describe('the redirect screen', () => {
  it('sends /go/:slug to the URL configured in company setting 107, and nowhere else', async () => {
    const configured = await fetch(`${BASE_URL}/go/stamp-duty`, { redirect: 'manual' })
    expect(configured.status).toBe(302)
    expect(configured.headers.get('location')).toBe('https://www.gov.uk/stamp-duty-land-tax')
    for (const path of ['/go/unknown', '/go/https%3A%2F%2Fevil.example', '/go/%2F%2Fevil.example', '/go/Stamp-Duty']) {
      const response = await fetch(`${BASE_URL}${path}`, { redirect: 'manual' })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('location'), path).toBeNull()
    }
  })

  it('takes a visitor there in the browser, and shows the 404 page for an unknown slug', async () => {
    const page = await browser.page()
    // GOV.UK lies outside the test (and may not be reachable from it): the browser asking for it is enough.
    const [request] = await Promise.all([page.waitForRequest('https://www.gov.uk/stamp-duty-land-tax'), page.goto(`${BASE_URL}/go/stamp-duty`).catch(() => null)])
    expect(request.redirectedFrom()?.url()).toBe(`${BASE_URL}/go/stamp-duty`)
    const unknown = await browser.page()
    const response = await unknown.goto(`${BASE_URL}/go/no-such-link`)
    expect(response?.status()).toBe(404)
    expect(await unknown.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found')
    await expectNoAxeViolations(unknown)
  })
})
