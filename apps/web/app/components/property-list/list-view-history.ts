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

function readViews(): Record<string, ListView> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(LIST_VIEWS_KEY) ?? '{}')
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, ListView>) : {}
  } catch {
    return {}
  }
}

function writeView(entry: string, view: ListView): void {
  const views = readViews()
  if (views[entry] === view) return
  delete views[entry]
  views[entry] = view
  const entries = Object.entries(views)
  try {
    sessionStorage.setItem(LIST_VIEWS_KEY, JSON.stringify(Object.fromEntries(entries.slice(-KEPT_ENTRIES))))
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
    const stored = entry === null ? undefined : readViews()[entry]
    return stored === undefined ? initial : stored === 'map'
  })
  const seen = useRef<string | null>(null)
  useEffect(() => {
    const entry = toEntry(key, true)
    if (entry === null) return
    if (seen.current !== entry) {
      seen.current = entry
      // An entry shown before (Back, Forward, a reload) is shown as it was left; a new one takes the view as it is.
      const stored = readViews()[entry]
      if (stored !== undefined && (stored === 'map') !== shown) {
        setShown(stored === 'map')
        return
      }
    }
    writeView(entry, shown ? 'map' : 'list')
  }, [key, shown])
  return [shown, setShown]
}
