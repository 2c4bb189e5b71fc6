import { useEffect, useRef } from 'react'
import type { GalleryView } from '#app/components/property-detail/gallery-paths.ts'

/**
 * The full-screen lightboxes' entry in the browser's history: the gallery's photos, and the floor
 * plans and EPCs of their grids (the other views of the gallery, gallery-paths.ts). A phone's Back
 * button is how people close a picture viewer, so opening a lightbox adds one entry, at the page's own
 * address (the page without JavaScript, whose pictures are links, is not concerned), marked in
 * `history.state` beside React Router's own fields with the view and the item shown: each lightbox
 * answers only to its own view's entries, so a photo's entry never opens a floor plan. Back closes
 * the lightbox and leaves the visitor on the property page where they were; Forward, a reload or a
 * return from another page to that entry opens it again at that item. Moving to another item
 * replaces the mark, so one Back closes it whatever it shows; closing it any other way (the close
 * button, Escape, a tap outside) goes back over its entry, so no dead entry is left behind it.
 */
const MARK = 'lightbox'

/** What an entry of the history marks: a lightbox of `view` open at its `index`th item (from 0). */
interface Mark {
  view: GalleryView
  index: number
}

/** The item the current history entry opens the `view` lightbox at, or null when the entry is not that lightbox's. */
function readMark(view: GalleryView): number | null {
  const state: unknown = window.history.state
  if (typeof state !== 'object' || state === null) return null
  const mark = (state as Record<string, unknown>)[MARK]
  if (typeof mark !== 'object' || mark === null) return null
  const { view: marked, index } = mark as Partial<Record<keyof Mark, unknown>>
  return marked === view && typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : null
}

/** Marks the `view` lightbox's entry at `index`: a new entry (`push`) or the current one. */
function writeMark(view: GalleryView, index: number, push: boolean): void {
  const state: unknown = window.history.state
  const mark: Mark = { view, index }
  const next = { ...(typeof state === 'object' && state !== null ? state : {}), [MARK]: mark }
  try {
    if (push) window.history.pushState(next, '')
    else window.history.replaceState(next, '')
  } catch {
    // Safari refuses more than 100 changes of the history in 10 seconds (an arrow key held down):
    // the entry then keeps the item it had, which is all that is lost.
  }
}

/** The `view` lightbox has opened at `index`: its history entry, added unless the current entry is already its own. */
export function enterLightboxHistory(view: GalleryView, index: number): void {
  writeMark(view, index, readMark(view) === null)
}

/** The `view` lightbox has closed by its own means: back over its entry, if the current one is. */
export function leaveLightboxHistory(view: GalleryView): void {
  if (readMark(view) !== null) window.history.back()
}

/**
 * Keeps the `view` lightbox and its history entry together: `shown` is the item the lightbox shows
 * (null when closed), `onEntry` is told the item of the entry the browser has moved to (Back,
 * Forward), or the page has loaded at (a reload), null for an entry that is not this lightbox's.
 */
export function useLightboxHistory(view: GalleryView, shown: number | null, onEntry: (index: number | null) => void): void {
  const onEntryRef = useRef(onEntry)
  useEffect(() => {
    onEntryRef.current = onEntry
  })
  useEffect(() => {
    const sync = () => onEntryRef.current(readMark(view))
    if (readMark(view) !== null) sync()
    window.addEventListener('popstate', sync)
    return () => window.removeEventListener('popstate', sync)
  }, [view])
  useEffect(() => {
    const mark = readMark(view)
    if (shown !== null && mark !== null && mark !== shown) writeMark(view, shown, false)
  }, [view, shown])
}
