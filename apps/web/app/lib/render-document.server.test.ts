import { Suspense, createElement as h, lazy, useId, type ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderDocument, streamDocument, type RenderDocumentOptions } from './render-document.server.tsx'

const options = (): RenderDocumentOptions => ({ status: 200, headers: new Headers(), timeoutMs: 1_000 })

/** Written as a string (renderDocument, falling back to the stream), or as a stream (streamDocument). */
const render = (asString: boolean) => (asString ? renderDocument : streamDocument)

async function rendered(element: ReactElement, asString: boolean) {
  const response = await render(asString)(element, options())
  return { status: response.status, length: response.headers.get('Content-Length'), text: await response.text() }
}

function Card({ price }: { price: string }) {
  const id = useId()
  return h('article', { 'aria-labelledby': id }, h('h2', { id }, 'A “well-kept” cottage'), h('p', null, price))
}

const documentOf = (...body: ReactElement[]) =>
  h('html', { lang: 'en-GB' }, h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Property for sale | Hartwell & Co')), h('body', null, h('main', null, ...body)))

describe('renderDocument', () => {
  it('writes a page without data to stream as a string, the same bytes a stream gives, with its doctype and length', async () => {
    const page = documentOf(...['£1,250,000', '£1,200 PCM', '£450,000'].map((price) => h(Card, { key: price, price })), h(Suspense, { fallback: h('p', null, 'Loading') }, h('p', null, 'Ready')))
    const asString = await rendered(page, true)
    expect(asString).toEqual(await rendered(page, false))
    expect(asString.text.startsWith('<!DOCTYPE html><html lang="en-GB">')).toBe(true)
    expect(asString.text).toContain('£1,200 PCM')
    expect(asString.text).toContain('Ready')
    expect(asString.length).toBe(String(Buffer.byteLength(asString.text)))
  })

  it('renders again as a stream a page a part of which suspends, and waits for that part', async () => {
    const Later = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => setTimeout(() => resolve({ default: () => h('p', null, 'Viewing booked') }), 20)))
    const page = documentOf(h(Suspense, { fallback: h('p', null, 'Loading') }, h(Later)))
    const { text, status } = await rendered(page, true)
    expect(status).toBe(200)
    expect(text).toContain('Viewing booked')
    expect(text).not.toContain('Loading')
  })

  it('answers a part that fails as a streamed page does: logged, rendered by the browser, the status kept', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): ReactElement {
      throw new Error('no price')
    }
    const page = documentOf(h('h1', null, 'Property for sale'), h(Suspense, { fallback: h('p', null, 'Loading') }, h(Broken)))
    try {
      const asString = await rendered(page, true)
      expect(asString).toEqual(await rendered(page, false))
      expect(asString.text).toContain('Property for sale')
    } finally {
      error.mockRestore()
    }
  })

  it('rejects a page whose shell fails, for React Router to render its error boundary', async () => {
    function Broken(): ReactElement {
      throw new Error('no settings')
    }
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(Promise.resolve().then(() => render(true)(documentOf(h(Broken)), options()))).rejects.toThrow('no settings')
      await expect(Promise.resolve().then(() => render(false)(documentOf(h(Broken)), options()))).rejects.toThrow('no settings')
    } finally {
      error.mockRestore()
    }
  })
})
