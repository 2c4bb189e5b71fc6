import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { BOOT_SCRIPT, BOOT_SCRIPT_PATH, DATA_APART_ATTRIBUTE, HYDRATION_SCRIPT_ID } from './boot-script.ts'
import { HYDRATING_FLAG, HYDRATION_DATA_HEADER, HYDRATION_DATA_TYPE } from './hydration-flag.ts'
import { paintBeforeHydration } from './paint-first.server.ts'

const MODULE_TEXT = ';\nimport * as route0 from "/assets/root-D.js";\n  window.__reactRouterManifest = {"url":"/assets/manifest-1.js"};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");'

const page =
  '<!DOCTYPE html><html><head><link rel="preload" as="image" href="/api/m/a/640a"/><link rel="stylesheet" href="/assets/site-C.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-D.js"/></head>' +
  '<body><main>Homes</main><script nonce="n0nce+/=">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce+/=" type="module" async="">${MODULE_TEXT}</script><script nonce="n0nce+/=">window.__reactRouterContext.streamController.close();</script></body></html>`

const PAGE_URL = 'https://www.example.co.uk/sales/property-for-sale?min_bedroom=2'
/** A page's hydration data as the server answers them (React Router's turbo-stream text). */
const DATA = '[{"_1":2},"loaderData",{}]\n'

/** Lets the boot script's fetch and its answer run their course. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

interface FakeButton {
  isConnected: boolean
  clicks: number
  click: () => void
}

/** A document and a window, as much of them as the boot script touches. */
function fakeBrowser(
  visibilityState: 'visible' | 'hidden',
  preloads: string,
  apart = false,
  { dataAnswer = { type: `${HYDRATION_DATA_TYPE}; charset=utf-8`, text: DATA } }: { dataAnswer?: { type: string; text: string } | 'offline' } = {},
) {
  const appended: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = []
  const frames: (() => void)[] = []
  const timers: (() => void)[] = []
  const listeners = new Map<string, (() => void)[]>()
  const clickListeners: ((event: { target: unknown }) => void)[] = []
  const attributes = new Map<string, string>()
  let observed: (() => void) | null = null
  const element = (tag: string) => ({ tag }) as (typeof appended)[number]
  const document = {
    visibilityState,
    currentScript: {
      nonce: 'n0nce+/=',
      getAttribute: (name: string) => (name === 'data-preloads' ? preloads : null),
      hasAttribute: (name: string) => name === DATA_APART_ATTRIBUTE && apart,
    },
    documentElement: { getAttribute: (name: string) => attributes.get(name) ?? null },
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) => type === 'click' && clickListeners.push(listener),
    createElement: element,
    getElementById: (id: string) => (id === HYDRATION_SCRIPT_ID ? { textContent: MODULE_TEXT } : null),
    head: { appendChild: (e: (typeof appended)[number]) => appended.push(e) },
    body: { appendChild: (e: (typeof appended)[number]) => appended.push(e) },
  }
  class MutationObserver {
    constructor(private readonly callback: (records: unknown[], observer: MutationObserver) => void) {}
    observe() {
      observed = () => this.callback([], this)
    }
    disconnect() {
      observed = null
    }
  }
  // What the page asked the server for, and what it handed React Router's stream of hydration data.
  const fetched: { url: string; init: unknown }[] = []
  const stream: string[] = []
  const context: Record<string, unknown> = {
    document,
    location: { href: PAGE_URL },
    fetch: (url: string, init: unknown) => {
      fetched.push({ url, init })
      if (dataAnswer === 'offline') return Promise.reject(new TypeError('Failed to fetch'))
      return Promise.resolve({ headers: { get: (name: string) => (name === 'content-type' ? dataAnswer.type : null) }, text: () => Promise.resolve(dataAnswer.text) })
    },
    __reactRouterContext: { streamController: { enqueue: (text: string) => stream.push(text), close: () => stream.push('(closed)') } },
    MutationObserver,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => timers.push(f),
    addEventListener: (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    removeEventListener: (type: string, listener: () => void) => listeners.set(type, (listeners.get(type) ?? []).filter((l) => l !== listener)),
  }
  // The script's `window` is the global object, as in a browser.
  context.window = context
  return {
    context,
    appended,
    fetched,
    stream,
    frames,
    timers,
    /** The events the window listens for. */
    listening: () => [...listeners].filter(([, list]) => list.length > 0).map(([type]) => type),
    fire: (type: string) => (listeners.get(type) ?? []).forEach((listener) => listener()),
    /** A click on an element inside `button` (a button of type "button"), or on one outside any. */
    click: (button: FakeButton | null) => clickListeners.forEach((listener) => listener({ target: { closest: () => button } })),
    /** What entry.client.tsx does before React hydrates, then root.tsx once it has. */
    startReact: () => {
      context[HYDRATING_FLAG] = true
    },
    hydrated: () => {
      attributes.set('data-hydrated', 'true')
      observed?.()
    },
  }
}

function fakeButton(): FakeButton {
  const button = { isConnected: true, clicks: 0, click: () => void button.clicks++ }
  return button
}

/** The boot script a document names (the file's code: BOOT_SCRIPT) and the scripts it preloads. */
function bootOf(html: string): { code: string; preloads: string } {
  const found = /<script nonce="n0nce\+\/=" src="([^"]+)" data-preloads="([^"]*)"(?: data-apart)? defer><\/script>/.exec(html)
  return { preloads: found?.[2] ?? '', code: found?.[1] === BOOT_SCRIPT_PATH ? BOOT_SCRIPT : '' }
}

describe('paintBeforeHydration', () => {
  it('takes the script preloads out of the head and keeps React Router\'s module script unrun beside a boot script', () => {
    const out = paintBeforeHydration(page)
    const head = out.split('</head>')[0] ?? ''
    expect(head).not.toContain('modulepreload')
    // The picture and the stylesheet stay: they are what the first paint needs.
    expect(head).toContain('<link rel="preload" as="image" href="/api/m/a/640a"/><link rel="stylesheet" href="/assets/site-C.css" data-precedence="default"/>')
    expect(out).not.toContain('type="module"')
    expect(out).toContain(`<script nonce="n0nce+/=" type="text/x-deferred-module" id="${HYDRATION_SCRIPT_ID}">${MODULE_TEXT}</script>`)
    expect(bootOf(out).preloads).toBe('/assets/entry.client-A.js /assets/root-D.js')
    // The boot script is a file, named by its content, that the browser keeps for the next page.
    expect(BOOT_SCRIPT_PATH).toMatch(/^\/assets\/boot-[0-9a-f]{8}\.js$/)
    expect(out).not.toContain(BOOT_SCRIPT.slice(0, 40))
    // Every script keeps the nonce; the rest of the page is as it was.
    expect(out.match(/<script nonce="n0nce\+\/="/g)).toHaveLength(4)
    expect(out).toContain('<body><main>Homes</main>')
    expect(out.endsWith('<script nonce="n0nce+/=">window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true)
  })

  it('starts the scripts after the next frame has painted: the preloads, then the module script with the nonce', () => {
    const boot = bootOf(paintBeforeHydration(page))
    const browser = fakeBrowser('visible', boot.preloads)
    runInNewContext(boot.code, browser.context)
    expect(browser.appended).toEqual([])
    browser.frames.forEach((f) => f())
    expect(browser.appended).toEqual([])
    browser.timers.forEach((f) => f())
    expect(browser.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-A.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-D.js' },
      { tag: 'script', type: 'module', nonce: 'n0nce+/=', textContent: MODULE_TEXT },
    ])
  })

  it('starts at once in a hidden tab, which runs no animation frame', () => {
    const boot = bootOf(paintBeforeHydration(page))
    const browser = fakeBrowser('hidden', boot.preloads)
    runInNewContext(boot.code, browser.context)
    expect(browser.appended.map((e) => e.tag)).toEqual(['link', 'link', 'script'])
    expect(browser.frames).toHaveLength(0)
  })

  it('leaves a document without React Router\'s module script as it was', () => {
    const noScripts = page.replace(/<script nonce="n0nce\+\/=" type="module"[\s\S]*?<\/script>/, '')
    expect(paintBeforeHydration(noScripts)).toBe(noScripts)
    expect(paintBeforeHydration('<p>no head</p>')).toBe('<p>no head</p>')
  })

  it('with its data apart, asks for them once the page has painted, without waiting for anything a visitor does, and runs the scripts once they have come', async () => {
    const out = paintBeforeHydration(page, 'data-apart')
    expect(out).toContain(` ${DATA_APART_ATTRIBUTE} defer>`)
    const boot = bootOf(out)
    const browser = fakeBrowser('visible', boot.preloads, true)
    runInNewContext(boot.code, browser.context)
    // Nothing before the frame has painted, and no listener waits for intent.
    expect(browser.appended).toEqual([])
    expect(browser.fetched).toEqual([])
    expect(browser.listening()).toEqual([])
    browser.frames.forEach((f) => f())
    browser.timers.forEach((f) => f())
    // The scripts are asked for at once, beside the page's hydration data; they run once the data have come.
    expect(browser.appended.map((e) => e.tag)).toEqual(['link', 'link'])
    expect(browser.fetched).toEqual([{ url: PAGE_URL, init: { headers: { [HYDRATION_DATA_HEADER]: '1' }, credentials: 'same-origin' } }])
    await settle()
    expect(browser.stream).toEqual([DATA, '(closed)'])
    expect(browser.appended.map((e) => e.tag)).toEqual(['link', 'link', 'script'])
    expect(browser.appended[2]).toEqual({ tag: 'script', type: 'module', nonce: 'n0nce+/=', textContent: MODULE_TEXT })
  })

  it('with its data apart, runs no script when the data do not come: offline, or an answer that is not the data', async () => {
    const boot = bootOf(paintBeforeHydration(page, 'data-apart'))
    const offline = fakeBrowser('hidden', boot.preloads, true, { dataAnswer: 'offline' })
    runInNewContext(boot.code, offline.context)
    await settle()
    expect(offline.fetched).toHaveLength(1)
    expect(offline.stream).toEqual([])
    expect(offline.appended.map((e) => e.tag)).toEqual(['link', 'link'])
    // A proxy's or a server's error page: HTML, not the data.
    const errorPage = fakeBrowser('hidden', boot.preloads, true, { dataAnswer: { type: 'text/html; charset=utf-8', text: '<h1>Something went wrong</h1>' } })
    runInNewContext(boot.code, errorPage.context)
    await settle()
    expect(errorPage.stream).toEqual([])
    expect(errorPage.appended.map((e) => e.tag)).toEqual(['link', 'link'])
  })

  it('after painting, runs the scripts with the data the page holds and asks for none', () => {
    const boot = bootOf(paintBeforeHydration(page))
    const browser = fakeBrowser('hidden', boot.preloads)
    runInNewContext(boot.code, browser.context)
    expect(browser.appended.map((e) => e.tag)).toEqual(['link', 'link', 'script'])
    expect(browser.fetched).toEqual([])
    expect(browser.stream).toEqual([])
  })

  it('presses again, once React has the page, a button of type "button" pressed before React started, and no other', () => {
    const boot = bootOf(paintBeforeHydration(page, 'data-apart'))
    const browser = fakeBrowser('visible', boot.preloads, true)
    runInNewContext(boot.code, browser.context)
    const early = fakeButton()
    const gone = fakeButton()
    const late = fakeButton()
    browser.click(early)
    browser.click(early)
    browser.click(gone)
    browser.click(null)
    gone.isConnected = false
    browser.frames.forEach((f) => f())
    browser.timers.forEach((f) => f())
    // From here React hears the clicks and replays those it meets while hydrating.
    browser.startReact()
    browser.click(late)
    expect(early.clicks).toBe(0)
    browser.hydrated()
    expect(early.clicks).toBe(1)
    expect(gone.clicks).toBe(0)
    expect(late.clicks).toBe(0)
    browser.hydrated()
    expect(early.clicks).toBe(1)
  })
})
