import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { BOOT_SCRIPT, BOOT_SCRIPT_PATH, SCROLL_POSITIONS_KEY, type PageScriptsData } from './boot-script.ts'
import { HYDRATING_FLAG, HYDRATION_DATA_HEADER, HYDRATION_DATA_TYPE } from './hydration-flag.ts'

const PAGE_URL = 'https://www.example.co.uk/sales/property-for-sale?min_bedroom=2'
/** A page's hydration data as the server answers them (React Router's turbo-stream text). */
const DATA = '[{"_1":2},"loaderData",{}]\n'

/** What a page's PageScripts hands its boot script; `data` null for a page whose data come apart. */
function pageData(data: string | null): PageScriptsData {
  return {
    context: { basename: '/', ssr: true },
    manifest: { url: '/assets/manifest-1.js', routes: { root: { module: '/assets/root-D.js' } } },
    first: [],
    routes: [
      ['root', ['/assets/root-D.js']],
      ['routes/sales', ['/assets/sales-client-loader-E.js', '/assets/sales-F.js']],
    ],
    entry: '/assets/entry.client-A.js',
    preloads: ['/assets/entry.client-A.js', '/assets/root-D.js'],
    data,
  }
}

/** The modules the fake browser's import() answers: each one's exports. */
const MODULES: Record<string, Record<string, unknown>> = {
  '/assets/root-D.js': { default: 'Root' },
  '/assets/sales-client-loader-E.js': { clientLoader: 'load', default: 'not the page' },
  '/assets/sales-F.js': { default: 'Sales' },
  '/assets/entry.client-A.js': {},
}

/** Lets the boot script's fetch, its imports and their answers run their course. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}

interface FakeButton {
  isConnected: boolean
  clicks: number
  click: () => void
}

/** A document and a window, as much of them as the boot script touches, the page's data block before it. */
function fakeBrowser(
  visibilityState: 'visible' | 'hidden',
  data: PageScriptsData,
  {
    dataAnswer = { type: `${HYDRATION_DATA_TYPE}; charset=utf-8`, text: DATA },
    historyState = null,
    scrollPositions = null,
  }: { dataAnswer?: { type: string; text: string } | 'offline'; historyState?: { key: string } | null; scrollPositions?: string | null } = {},
) {
  const appended: { tag: string; rel?: string; href?: string }[] = []
  const imported: string[] = []
  const frames: (() => void)[] = []
  const timers: (() => void)[] = []
  const clickListeners: ((event: { target: unknown }) => void)[] = []
  const attributes = new Map<string, string>()
  const scrolled: number[] = []
  let observed: (() => void) | null = null
  const history = {
    state: historyState as { key: string } | null,
    replaceState: (state: { key: string }) => void (history.state = state),
  }
  const document = {
    visibilityState,
    currentScript: { src: BOOT_SCRIPT_PATH, previousElementSibling: { textContent: JSON.stringify(data) } },
    documentElement: { getAttribute: (name: string) => attributes.get(name) ?? null },
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) => type === 'click' && clickListeners.push(listener),
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (e: (typeof appended)[number]) => appended.push(e) },
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
  class ReadableStream {
    constructor({ start }: { start: (controller: unknown) => void }) {
      start({ enqueue: (text: string) => stream.push(text), close: () => stream.push('(closed)') })
    }
    pipeThrough() {
      return 'the stream React Router decodes'
    }
  }
  const context: Record<string, unknown> = {
    document,
    history,
    location: { href: PAGE_URL },
    sessionStorage: { getItem: (key: string) => (key === SCROLL_POSITIONS_KEY ? scrollPositions : null) },
    scrollTo: (_x: number, y: number) => scrolled.push(y),
    fetch: (url: string, init: unknown) => {
      fetched.push({ url, init })
      if (dataAnswer === 'offline') return Promise.reject(new TypeError('Failed to fetch'))
      return Promise.resolve({ headers: { get: (name: string) => (name === 'content-type' ? dataAnswer.type : null) }, text: () => Promise.resolve(dataAnswer.text) })
    },
    __import: (url: string) => {
      imported.push(url)
      return Promise.resolve(MODULES[url])
    },
    ReadableStream,
    TextEncoderStream: class {},
    MutationObserver,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => timers.push(f),
  }
  // The script's `window` is the global object, as in a browser.
  context.window = context
  return {
    context,
    appended,
    imported,
    fetched,
    stream,
    frames,
    timers,
    scrolled,
    history,
    /** React Router's globals as the boot script has set them. */
    globals: () => ({
      context: context.__reactRouterContext as Record<string, unknown>,
      manifest: context.__reactRouterManifest,
      routeModules: context.__reactRouterRouteModules as Record<string, Record<string, unknown>> | undefined,
    }),
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

/** The boot script as run in the fake browser: the same code, its dynamic import() the fake browser's. */
function run(browser: ReturnType<typeof fakeBrowser>) {
  expect(BOOT_SCRIPT).toContain('import(u)')
  runInNewContext(BOOT_SCRIPT.replaceAll('import(', '__import('), browser.context)
}

function fakeButton(): FakeButton {
  const button = { isConnected: true, clicks: 0, click: () => void button.clicks++ }
  return button
}

describe('the boot script', () => {
  it('is a file named by its content, with nothing of a page in it', () => {
    expect(BOOT_SCRIPT_PATH).toMatch(/^\/assets\/boot-[0-9a-f]{8}\.js$/)
    // It reads the page's data as data, and runs no text of the page as code.
    expect(BOOT_SCRIPT).not.toMatch(/textContent=|eval\(|new Function|innerHTML/)
  })

  it('sets React Router up at once, then after the next frame has painted asks for the scripts and starts React Router with the data the page holds', async () => {
    const browser = fakeBrowser('visible', pageData(DATA))
    run(browser)
    expect(browser.globals().context).toEqual({ basename: '/', ssr: true, stream: 'the stream React Router decodes', streamController: expect.anything() })
    expect(browser.appended).toEqual([])
    browser.frames.forEach((f) => f())
    expect(browser.appended).toEqual([])
    browser.timers.forEach((f) => f())
    expect(browser.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-A.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-D.js' },
    ])
    expect(browser.stream).toEqual([DATA, '(closed)'])
    expect(browser.fetched).toEqual([])
    await settle()
    // The routes' modules in order, root first, each route's chunks merged under its main module; the entry last.
    expect(browser.imported).toEqual(['/assets/root-D.js', '/assets/sales-client-loader-E.js', '/assets/sales-F.js', '/assets/entry.client-A.js'])
    const { manifest, routeModules } = browser.globals()
    expect(manifest).toEqual(pageData(null).manifest)
    expect(routeModules?.root).toBe(MODULES['/assets/root-D.js'])
    expect(routeModules?.['routes/sales']).toEqual({ clientLoader: 'load', default: 'Sales' })
  })

  it('starts at once in a hidden tab, which runs no animation frame', async () => {
    const browser = fakeBrowser('hidden', pageData(DATA))
    run(browser)
    expect(browser.appended.map((e) => e.tag)).toEqual(['link', 'link'])
    expect(browser.frames).toHaveLength(0)
    await settle()
    expect(browser.imported.at(-1)).toBe('/assets/entry.client-A.js')
  })

  it('imports the modules the page names first before the routes (the manifest as a file, the HMR runtime)', async () => {
    const browser = fakeBrowser('hidden', { ...pageData(DATA), manifest: null, first: ['/assets/manifest-1.js'] })
    MODULES['/assets/manifest-1.js'] = {}
    run(browser)
    await settle()
    expect(browser.imported[0]).toBe('/assets/manifest-1.js')
    expect(browser.globals().manifest).toBeUndefined()
  })

  it('restores the scroll position React Router kept for this entry of the history, and gives a new entry its key', () => {
    const kept = fakeBrowser('visible', pageData(DATA), { historyState: { key: 'k1' }, scrollPositions: '{"k1":840}' })
    run(kept)
    expect(kept.scrolled).toEqual([840])
    const fresh = fakeBrowser('visible', pageData(DATA))
    run(fresh)
    expect(fresh.history.state?.key).toMatch(/^[0-9a-v]+$/)
    expect(fresh.scrolled).toEqual([])
  })

  it('with its data apart, asks for them once the page has painted, without waiting for anything a visitor does, and starts React Router once they have come', async () => {
    const browser = fakeBrowser('visible', pageData(null))
    run(browser)
    // Nothing before the frame has painted.
    expect(browser.appended).toEqual([])
    expect(browser.fetched).toEqual([])
    browser.frames.forEach((f) => f())
    browser.timers.forEach((f) => f())
    // The scripts are asked for at once, beside the page's hydration data; they run once the data have come.
    expect(browser.appended.map((e) => e.tag)).toEqual(['link', 'link'])
    expect(browser.fetched).toEqual([{ url: PAGE_URL, init: { headers: { [HYDRATION_DATA_HEADER]: '1' }, credentials: 'same-origin' } }])
    await settle()
    expect(browser.stream).toEqual([DATA, '(closed)'])
    expect(browser.imported.at(-1)).toBe('/assets/entry.client-A.js')
  })

  it('with its data apart, starts nothing when the data do not come: offline, or an answer that is not the data', async () => {
    const offline = fakeBrowser('hidden', pageData(null), { dataAnswer: 'offline' })
    run(offline)
    await settle()
    expect(offline.fetched).toHaveLength(1)
    expect(offline.stream).toEqual([])
    expect(offline.imported).toEqual([])
    // A proxy's or a server's error page: HTML, not the data.
    const errorPage = fakeBrowser('hidden', pageData(null), { dataAnswer: { type: 'text/html; charset=utf-8', text: '<h1>Something went wrong</h1>' } })
    run(errorPage)
    await settle()
    expect(errorPage.stream).toEqual([])
    expect(errorPage.imported).toEqual([])
  })

  it('presses again, once React has the page, a button of type "button" pressed before React started, and no other', () => {
    const browser = fakeBrowser('visible', pageData(null))
    run(browser)
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
