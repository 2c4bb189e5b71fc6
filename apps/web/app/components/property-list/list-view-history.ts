import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * Where a tab remembers, for each entry of its history that showed a list page, whether that page showed
 * the map or the list (sessionStorage; the Cookies page names it), so that Back to it shows it the way it
 * was left: a person who opened a property from the map comes back to the map.
 */
export const LIST_VIEWS_KEY = 'list-views'

/** How many entries are remembered, the latest kept. */
const KEPT_ENTRIES = 100

/** The field of `history.state` naming the first page of a tab, whose React Router key is 'default'. */
const ENTRY_FIELD = 'listViewEntry'

type ListView = 'map' | 'list'

/**
 * The longest stored value read: KEPT_ENTRIES entries of a history entry's name and its view take
 * about 6,000 characters. Anything longer is not ours (another script's, or corrupt), and is not parsed.
 */
const MAX_STORED_LENGTH = 16_384

/** A history entry's name as this file writes it: React Router's location key, or toEntry's own. */
const ENTRY_NAME = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The views a stored value remembers, the latest last, keeping only entries as this file writes them
 * (a name and 'map' or 'list'): a value that is not JSON, not an object, too long or of the wrong
 * shape remembers nothing, so the page shows what it would show without it (the list). A Map, so no
 * name, not even '__proto__', can reach an object's prototype.
 */
export function parseListViews(stored: string | null): Map<string, ListView> {
  const views = new Map<string, ListView>()
  if (stored === null || stored.length > MAX_STORED_LENGTH) return views
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return views
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return views
  for (const [entry, view] of Object.entries(parsed)) {
    if (ENTRY_NAME.test(entry) && (view === 'map' || view === 'list')) views.set(entry, view)
  }
  // The latest entries, as writeListView keeps them.
  return new Map([...views].slice(-KEPT_ENTRIES))
}

function readViews(): Map<string, ListView> {
  try {
    return parseListViews(sessionStorage.getItem(LIST_VIEWS_KEY))
  } catch {
    // Storage refused (a browser's privacy setting): nothing is remembered.
    return new Map()
  }
}

/** Remembers an entry's view, the latest KEPT_ENTRIES kept; what was stored and is not ours is dropped. */
export function writeListView(entry: string, view: ListView): void {
  const views = readViews()
  if (views.get(entry) === view) return
  views.delete(entry)
  views.set(entry, view)
  try {
    sessionStorage.setItem(LIST_VIEWS_KEY, JSON.stringify(Object.fromEntries([...views].slice(-KEPT_ENTRIES))))
  } catch {
    // Storage full or refused: Back shows the list, as it did before.
  }
}

/**
 * The history entry's own name: React Router's location key, except for the page a tab was opened at
 * (or reached by a full page load), whose key is 'default' like every other such page; that entry is
 * given a name of its own in `history.state` when `stamp` allows it (never while rendering).
 */
function toEntry(locationKey: string, stamp: boolean): string | null {
  if (locationKey !== 'default') return locationKey
  const state: unknown = window.history.state
  const named = typeof state === 'object' && state !== null && ENTRY_FIELD in state ? (state as Record<string, unknown>)[ENTRY_FIELD] : undefined
  if (typeof named === 'string') return named
  if (!stamp) return null
  const entry = `page-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  window.history.replaceState({ ...(typeof state === 'object' ? state : {}), [ENTRY_FIELD]: entry }, '')
  return entry
}

/**
 * Whether a list page shows its map, kept with each history entry: the person's choice lasts while they
 * search (the new entries take it), and Back or Forward to an entry shows it as it was left there, a
 * reload too. The server renders `initial` (the map for a map area's link), and so does hydration; a
 * page React Router renders in the browser reads its entry's choice at once, so the list never flashes.
 */
export function useMapShownPerEntry(initial: boolean): [boolean, (update: (shown: boolean) => boolean) => void] {
  const { key } = useLocation()
  const [shown, setShown] = useState(() => {
    if (typeof document === 'undefined' || document.documentElement.dataset.hydrated !== 'true') return initial
    const entry = toEntry(key, false)
    const stored = entry === null ? undefined : readViews().get(entry)
    return stored === undefined ? initial : stored === 'map'
  })
  const seen = useRef<string | null>(null)
  useEffect(() => {
    const entry = toEntry(key, true)
    if (entry === null) return
    if (seen.current !== entry) {
      seen.current = entry
      // An entry shown before (Back, Forward, a reload) is shown as it was left; a new one takes the view as it is.
      const stored = readViews().get(entry)
      if (stored !== undefined && (stored === 'map') !== shown) {
        setShown(stored === 'map')
        return
      }
    }
    writeListView(entry, shown ? 'map' : 'list')
  }, [key, shown])
  return [shown, setShown]
}
