import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIST_VIEWS_KEY, parseListViews, useMapShownPerEntry, writeListView } from '#app/components/property-list/list-view-history.ts'

/** The tab's history entry the page is on, as toEntry names the first page of a tab. */
const ENTRY = 'page-abc-123'

/** What a hostile script, another site's code on the origin or a corrupted profile could leave under the key. */
const HOSTILE: Record<string, string> = {
  'not JSON': '{"page-abc-123": "map"',
  'JSON null': 'null',
  'a string': '"map"',
  'a number': '42',
  'an array': '["map", "map"]',
  'an entry of another shape': JSON.stringify({ [ENTRY]: { view: 'map' } }),
  'a view of another name': JSON.stringify({ [ENTRY]: 'MAP' }),
  'a prototype key': `{"__proto__": {"${ENTRY}": "map"}}`,
  'a constructor key': JSON.stringify({ constructor: { prototype: { [ENTRY]: 'map' } } }),
  'a huge value': JSON.stringify({ [ENTRY]: 'map', padding: 'x'.repeat(4_000_000) }),
  'a huge number of entries': JSON.stringify({ [ENTRY]: 'map', ...Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 'list'])) }),
}

let stored: Map<string, string>

beforeEach(() => {
  stored = new Map()
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  })
  // A page React Router renders in the browser, on a tab's first entry.
  vi.stubGlobal('document', { documentElement: { dataset: { hydrated: 'true' } } })
  vi.stubGlobal('window', { history: { state: { listViewEntry: ENTRY }, replaceState: () => {} } })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Whether the list page shows its map, as its first render in the browser decides. */
function rendersMap(): boolean {
  function Probe() {
    const [shown] = useMapShownPerEntry(false)
    return createElement('p', null, shown ? 'map' : 'list')
  }
  const html = renderToString(createElement(MemoryRouter, null, createElement(Probe)))
  return html.includes('map')
}

describe('the list or map view kept for each history entry', () => {
  it('shows the map for an entry left on the map, and the list for one left on the list', () => {
    stored.set(LIST_VIEWS_KEY, JSON.stringify({ [ENTRY]: 'map' }))
    expect(rendersMap()).toBe(true)
    stored.set(LIST_VIEWS_KEY, JSON.stringify({ [ENTRY]: 'list' }))
    expect(rendersMap()).toBe(false)
  })

  it.each(Object.entries(HOSTILE))('ignores %s stored under its key, and shows the list', (_, value) => {
    stored.set(LIST_VIEWS_KEY, value)
    expect(rendersMap()).toBe(false)
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
    expect(({} as Record<string, unknown>)[ENTRY]).toBeUndefined()
  })

  it.each(Object.entries(HOSTILE))('writes over %s only what it keeps itself', (_, value) => {
    stored.set(LIST_VIEWS_KEY, value)
    writeListView('later', 'map')
    expect(JSON.parse(stored.get(LIST_VIEWS_KEY) ?? '')).toEqual({ later: 'map' })
    expect(({} as Record<string, unknown>).later).toBeUndefined()
  })

  it('keeps the well-formed entries beside the ones it drops, the latest 100', () => {
    const many = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`key${i}`, i % 2 ? 'map' : 'list']))
    stored.set(LIST_VIEWS_KEY, JSON.stringify({ ...many, odd: 7, 'a name with spaces': 'map' }))
    writeListView(ENTRY, 'map')
    const kept = Object.entries(JSON.parse(stored.get(LIST_VIEWS_KEY) ?? '') as Record<string, string>)
    expect(kept).toHaveLength(100)
    expect(kept.at(-1)).toEqual([ENTRY, 'map'])
    expect(kept[0]).toEqual(['key21', 'map'])
  })

  it('remembers nothing when the storage itself refuses to be read', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('SecurityError')
      },
    })
    expect(rendersMap()).toBe(false)
    expect(() => writeListView(ENTRY, 'map')).not.toThrow()
    expect(parseListViews(null).size).toBe(0)
  })
})
