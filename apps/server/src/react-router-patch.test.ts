import { createRequestHandler, type EntryContext, type ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'

// patches/react-router+7.18.4.patch (applied by `npm install`'s postinstall, and in the Dockerfile):
// React Router encodes a page's hydration data (its loaders' answers, for the browser) into a stream
// it hands the entry; unpatched, it encodes all of it at once, before the entry runs. A page that
// keeps its data apart (a visitor's home, list or property page) cancels that stream (apps/web entry.server.tsx),
// so the work was thrown away: some 5% of a rendered list or property page. Patched, the data are
// encoded when the stream is first read.
describe('React Router, as patched', () => {
  /** A site of one route whose loader's answer counts its reads, and an entry that keeps the data's stream. */
  function siteOf(read: { count: number }) {
    let stream: ReadableStream<Uint8Array> | undefined
    const answer = {
      get heading() {
        read.count++
        return 'Three bedroom house'
      },
    }
    const entry = (_request: Request, status: number, headers: Headers, context: EntryContext) => {
      stream = context.serverHandoffStream
      return new Response('<html>the page</html>', { status, headers })
    }
    const build = {
      entry: { module: { default: entry } },
      routes: { root: { id: 'root', path: '', module: { loader: () => answer, default: () => null } } },
      assets: {
        entry: { module: '/entry.js', imports: [] },
        routes: { root: { id: 'root', path: '', module: '/root.js', hasLoader: true, hasAction: false, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false, imports: [] } },
        url: '/manifest.js',
        version: '1',
      },
      publicPath: '/',
      assetsBuildDirectory: 'build/client',
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    } as unknown as ServerBuild
    return { handle: createRequestHandler(build, 'production'), stream: () => stream }
  }

  it("encodes a page's hydration data only once its stream is read, the same data", async () => {
    const read = { count: 0 }
    const site = siteOf(read)
    const page = await site.handle(new Request('http://localhost/'))
    expect(await page.text()).toBe('<html>the page</html>')
    expect(read.count).toBe(0)

    const data = await new Response(site.stream()).text()
    expect(read.count).toBe(1)
    expect(data).toContain('"Three bedroom house"')
  })

  it('encodes nothing of the data of a page that cancels their stream', async () => {
    const read = { count: 0 }
    const site = siteOf(read)
    await site.handle(new Request('http://localhost/'))
    await site.stream()?.cancel()
    expect(read.count).toBe(0)
  })
})
