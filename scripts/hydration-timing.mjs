// How soon a page is React's after the browser first paints it, and how quickly it answers a first
// tap: Chromium with a phone's screen and touch, its CPU slowed 4× (as Lighthouse's mobile runs),
// median of `runs` loads per page. Used by scripts/bench.mjs; on its own:
// `node scripts/hydration-timing.mjs http://127.0.0.1:3000 /sales/property-for-sale …`.
import { chromium } from 'playwright-core'

const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * One load of `url`: milliseconds from first paint to `data-hydrated` (root.tsx), and the
 * interaction-to-next-paint of a tap on `tapSelector` as the first event after load (the Event Timing
 * API's duration of the tap's pointer and click events; null when the page has no such element).
 */
async function measureOnce(browser, url, tapSelector) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.addInitScript(() => {
    const marks = { hydrated: null, events: [] }
    Object.assign(window, { __timing: marks })
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated !== 'true') return
      marks.hydrated = performance.now()
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (['pointerdown', 'pointerup', 'click', 'touchstart', 'touchend'].includes(entry.name)) marks.events.push(entry.duration)
    }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  })
  await page.goto(url)
  await page.waitForFunction(() => window.__timing.hydrated !== null, undefined, { timeout: 60_000 })
  const hydration = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0] ?? performance.getEntriesByName('first-contentful-paint')[0]
    return window.__timing.hydrated - (paint?.startTime ?? 0)
  })
  let inp = null
  if (tapSelector && (await page.locator(tapSelector).count()) > 0) {
    await page.locator(tapSelector).first().tap({ noWaitAfter: true })
    await page.waitForTimeout(500)
    const durations = await page.evaluate(() => window.__timing.events)
    inp = durations.length ? Math.max(...durations) : 16
  }
  await context.close()
  return { hydration, inp }
}

/** Median first-paint-to-hydrated and first-tap INP of each page, `runs` loads each. */
export async function measureHydration(base, pages, runs = 3) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS })
  const results = []
  try {
    for (const { name, path, tap } of pages) {
      const samples = []
      for (let i = 0; i < runs; i++) samples.push(await measureOnce(browser, base + path, tap))
      const inps = samples.map((s) => s.inp).filter((v) => v !== null)
      results.push({ name, hydration: median(samples.map((s) => s.hydration)), hydrationRuns: samples.map((s) => Math.round(s.hydration)), inp: inps.length ? median(inps) : null })
    }
  } finally {
    await browser.close()
  }
  return results
}

/** Prints the lines bench.mjs shows. */
export function printHydration(results) {
  for (const r of results) {
    console.log(
      `  Phone, CPU 4× slower ${r.name.padEnd(16)} first paint → hydrated ${Math.round(r.hydration)} ms (runs ${r.hydrationRuns.join('/')})` +
        (r.inp === null ? '' : `  first tap INP ${Math.round(r.inp)} ms`),
    )
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2)
  const pages = (paths.length ? paths : ['/', '/sales/property-for-sale']).map((p) => ({ name: p, path: p, tap: '.gallery__main-link, .search-form__summary, .location-search__input' }))
  printHydration(await measureHydration(base, pages))
}
