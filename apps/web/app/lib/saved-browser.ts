import { SAVED_PROPERTIES_MAX, isBrowserSave, mergeSaves, type BrowserSave } from '@agency/domain'
import { BROWSER_SAVES_KEY } from './hydration-flag.ts'
import { VISITOR_SAVES_COOKIE, parseVisitorSaves, toVisitorSavesCookie } from './saved-cookie.ts'

/**
 * A visitor's saved properties, kept in this browser (localStorage) until they log in, when the site
 * moves them to their contact. Every heart on the page reads the same list and hears its changes,
 * those of other tabs too.
 */
const NONE: readonly BrowserSave[] = []

let cached: readonly BrowserSave[] | null = null
const listeners = new Set<() => void>()

function read(): readonly BrowserSave[] {
  if (cached) return cached
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(BROWSER_SAVES_KEY) ?? '[]')
    cached = Array.isArray(parsed) ? parsed.filter(isBrowserSave).slice(0, SAVED_PROPERTIES_MAX) : NONE
  } catch {
    // Storage turned off, or a value that is not JSON: nothing saved.
    cached = NONE
  }
  cached = takeCookieSaves(cached)
  return cached
}

/**
 * The hearts pressed before the page's script ran (or without it) are in a cookie (saved-cookie.ts):
 * they join this browser's list, which then keeps them, and the cookie is cleared. The price seen is
 * not known for them.
 */
function takeCookieSaves(saves: readonly BrowserSave[]): readonly BrowserSave[] {
  const ids = parseVisitorSaves(document.cookie)
  if (!document.cookie.includes(`${VISITOR_SAVES_COOKIE}=`)) return saves
  const now = new Date().toISOString()
  const merged = mergeSaves(saves, ids.map((id) => ({ id, saved_price: null, saved_at: now })))
  try {
    window.localStorage.setItem(BROWSER_SAVES_KEY, JSON.stringify(merged))
    document.cookie = toVisitorSavesCookie([], window.location.protocol === 'https:')
  } catch {
    // Storage turned off: the cookie keeps them.
  }
  return merged
}

function write(saves: readonly BrowserSave[]): void {
  cached = saves
  try {
    if (saves.length) window.localStorage.setItem(BROWSER_SAVES_KEY, JSON.stringify(saves))
    else window.localStorage.removeItem(BROWSER_SAVES_KEY)
  } catch {
    // Storage full or turned off: the saves last as long as the page.
  }
  for (const listener of listeners) listener()
}

/** The saves kept in this browser, the latest first (none on the server). */
export function getBrowserSaves(): readonly BrowserSave[] {
  return typeof window === 'undefined' ? NONE : read()
}

/** The server's answer: nothing is saved until the browser says so. */
export function getServerSaves(): readonly BrowserSave[] {
  return NONE
}

/** Hears every change of the saves, in this tab and in others. */
export function subscribeToBrowserSaves(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key !== BROWSER_SAVES_KEY && event.key !== null) return
    cached = null
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/**
 * Saves a property in this browser, or removes it when it is saved already. False when the list is
 * full and nothing changed.
 */
export function toggleBrowserSave(save: BrowserSave): boolean {
  const saves = read()
  if (saves.some((s) => s.id === save.id)) {
    write(saves.filter((s) => s.id !== save.id))
    return true
  }
  if (saves.length >= SAVED_PROPERTIES_MAX) return false
  write(mergeSaves([save], saves))
  return true
}

/** Removes a property from this browser's saves. */
export function removeBrowserSave(id: number): void {
  write(read().filter((s) => s.id !== id))
}

/** Forgets this browser's saves (once they have moved to the contact). */
export function clearBrowserSaves(): void {
  write(NONE)
}
