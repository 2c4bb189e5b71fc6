import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { HYDRATION_SCRIPT_ID, paintBeforeHydration } from './paint-first.server.ts'

const MODULE_TEXT = ';\nimport * as route0 from "/assets/root-D.js";\n  window.__reactRouterManifest = {"url":"/assets/manifest-1.js"};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");'

const page =
  '<!DOCTYPE html><html><head><link rel="preload" as="image" href="/api/m/a/640a"/><link rel="stylesheet" href="/assets/site-C.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-D.js"/></head>' +
  '<body><main>Homes</main><script nonce="n0nce+/=">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce+/=" type="module" async="">${MODULE_TEXT}</script><script nonce="n0nce+/=">window.__reactRouterContext.streamController.close();</script></body></html>`

/** A document and a window, as much of them as the boot script touches. */
function fakeBrowser(visibilityState: 'visible' | 'hidden', preloads: string) {
  const appended: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = []
  const frames: (() => void)[] = []
  const timers: (() => void)[] = []
  const element = (tag: string) => ({ tag }) as (typeof appended)[number]
  const document = {
    visibilityState,
    currentScript: { nonce: 'n0nce+/=', getAttribute: (name: string) => (name === 'data-preloads' ? preloads : '') },
    createElement: element,
    getElementById: (id: string) => (id === HYDRATION_SCRIPT_ID ? { textContent: MODULE_TEXT } : null),
    head: { appendChild: (e: (typeof appended)[number]) => appended.push(e) },
    body: { appendChild: (e: (typeof appended)[number]) => appended.push(e) },
  }
  const context = { document, requestAnimationFrame: (f: () => void) => frames.push(f), setTimeout: (f: () => void) => timers.push(f) }
  return { context, appended, frames, timers }
}

/** The boot script of a document and the scripts it preloads. */
function bootOf(html: string): { code: string; preloads: string } {
  const found = /<script nonce="n0nce\+\/=" data-preloads="([^"]*)">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)
  return { preloads: found?.[1] ?? '', code: found?.[2] ?? '' }
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
})
