import { describe, expect, it } from 'vitest'
import { compactDocument } from './compact-document.server.ts'
import { finishDocument } from './finish-document.server.ts'
import { paintBeforeHydration } from './paint-first.server.ts'

const MANIFEST = { entry: { module: '/assets/entry.client-A.js', imports: ['/assets/react-B.js'], css: [] }, routes: { root: { id: 'root', path: '' } } }

/** A document as React Router renders one: preloads with nonces in the head, a body with pounds and curly quotes, the module script with its indented manifest, the loader data. */
const page =
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce+/="/>' +
  '<link rel="modulepreload" href="/assets/root-D.js" nonce="n0nce+/="/><link rel="stylesheet" href="/assets/site-C.css"/><title>Property for sale | Hartwell &amp; Co</title></head>' +
  '<body><main><h1>Property for sale</h1>' +
  '<p class="card__price">£1,250,000</p><p>A “well-kept” cottage — 3 bedrooms, ½ acre</p>'.repeat(40) +
  '</main><script nonce="n0nce+/=">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce+/=" type="module" async="">;\nimport * as route0 from "/assets/root-D.js";\n  window.__reactRouterManifest = ${JSON.stringify(MANIFEST, null, 2)};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script>` +
  '<script nonce="n0nce+/=">window.__reactRouterContext.streamController.enqueue("[{\\"price\\":\\"£1,250,000\\"}]");</script></body></html>'

/** The document in chunks of `size` bytes, cut wherever they fall (inside a pound sign too). */
const chunked = (html: string, size: number) => {
  const bytes = Buffer.from(html)
  const chunks: Uint8Array[] = []
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
  return chunks
}

const finishedWhole = (html: string, start: 'after-paint' | 'data-apart') => Buffer.from(paintBeforeHydration(compactDocument(html), start))

describe('finishDocument', () => {
  it('gives the bytes that finishing the whole text gives, whatever the chunks, for both starts', () => {
    for (const start of ['after-paint', 'data-apart'] as const) {
      const expected = finishedWhole(page, start)
      expect(expected.toString()).toContain('data-preloads="/assets/entry.client-A.js /assets/root-D.js"')
      expect(expected.toString()).toContain('window.__reactRouterManifest = {"entry":')
      for (const size of [1, 7, 1000, 1 << 20]) expect(finishDocument(chunked(page, size), start).equals(expected)).toBe(true)
    }
  })

  it('finishes a document without a head or without the module script as the whole text', () => {
    for (const html of ['<p>£5</p>', page.replace(' type="module" async=""', ''), page.replace('</head>', ''), '<html><head></head><body><script type="module" async="">x']) {
      expect(finishDocument(chunked(html, 5), 'after-paint').equals(finishedWhole(html, 'after-paint'))).toBe(true)
    }
  })
})
