import { describe, expect, it } from 'vitest'
import { compactDocument } from './compact-document.server.ts'

const MANIFEST = { entry: { module: '/assets/entry.client-A.js', imports: ['/assets/react-B.js'], css: [] }, routes: { root: { id: 'root', path: '' } }, url: '/assets/manifest-1.js', version: '1' }

const page = (manifest: string) =>
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce+/="/>' +
  '<link rel="stylesheet" href="/assets/site-C.css"/></head><body><script nonce="n0nce+/=">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce+/=" type="module" async="">;\nimport * as route0 from "/assets/root-D.js";\n  window.__reactRouterManifest = ${manifest};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script></body></html>`

describe('compactDocument', () => {
  it('writes the route manifest as compact JSON and drops the nonce of modulepreload links only', () => {
    const out = compactDocument(page(JSON.stringify(MANIFEST, null, 2)))
    expect(out).toBe(page(JSON.stringify(MANIFEST)).replace('<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce+/="/>', '<link rel="modulepreload" href="/assets/entry.client-A.js"/>'))
    // The inline scripts keep theirs.
    expect(out.match(/<script nonce="n0nce\+\/="/g)).toHaveLength(2)
  })

  it('leaves a page without a manifest, or with one it cannot read, as it was but for the preloads', () => {
    expect(compactDocument('<p>window.__reactRouterManifest</p>')).toBe('<p>window.__reactRouterManifest</p>')
    const broken = page('{ "entry": ')
    expect(compactDocument(broken)).toBe(broken.replace(' nonce="n0nce+/="/>', '/>'))
    // A preload written in the body (none is) keeps its nonce.
    const inBody = '<html><head></head><body><link rel="modulepreload" href="/assets/a.js" nonce="x"/></body></html>'
    expect(compactDocument(inBody)).toBe(inBody)
  })
})
