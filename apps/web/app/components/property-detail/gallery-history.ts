import { useEffect, useRef } from 'react'

/**
 * The full-screen gallery's entry in the browser's history. A phone's Back button is how people close
 * a photo viewer, so opening the lightbox adds one entry, at the page's own address (the page without
 * JavaScript, whose photos are links to the gallery page, is not concerned), marked in
 * `history.state` beside React Router's own fields with the photo shown. Back closes the lightbox and
 * leaves the visitor on the property page where they were; Forward, a reload or a return from
 * another page to that entry opens it again at that photo. Turning the photos replaces the mark, so
 * one Back closes it whatever photo it shows; closing it any other way (the close button, Escape, a
 * tap outside) goes back over its entry, so no dead entry is left behind it.
 */
const MARK = 'galleryPhoto'

/** The photo the current history entry opens the gallery at, or null when the entry is not the gallery's. */
function readMark(): number | null {
  const state: unknown = window.history.state
  if (typeof state !== 'object' || state === null) return null
  const index = (state as Record<string, unknown>)[MARK]
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : null
}

/** Marks the gallery's entry at `index`: a new entry (`push`) or the current one. */
function writeMark(index: number, push: boolean): void {
  const state: unknown = window.history.state
  const next = { ...(typeof state === 'object' && state !== null ? state : {}), [MARK]: index }
  try {
    if (push) window.history.pushState(next, '')
    else window.history.replaceState(next, '')
  } catch {
    // Safari refuses more than 100 changes of the history in 10 seconds (an arrow key held down):
    // the entry then keeps the photo it had, which is all that is lost.
  }
}

/** The gallery has opened at `index`: its history entry, added unless the current entry is already its own. */
export function enterGalleryHistory(index: number): void {
  writeMark(index, readMark() === null)
}

/** The gallery has closed by its own means: back over its entry, if the current one is. */
export function leaveGalleryHistory(): void {
  if (readMark() !== null) window.history.back()
}

/**
 * Keeps the gallery and its history entry together: `shown` is the photo the lightbox shows (null
 * when closed), `onEntry` is told the photo of the entry the browser has moved to (Back, Forward),
 * or the page has loaded at (a reload), null for an entry that is not the gallery's.
 */
export function useGalleryHistory(shown: number | null, onEntry: (index: number | null) => void): void {
  const onEntryRef = useRef(onEntry)
  useEffect(() => {
    onEntryRef.current = onEntry
  })
  useEffect(() => {
    const sync = () => onEntryRef.current(readMark())
    if (readMark() !== null) sync()
    window.addEventListener('popstate', sync)
    return () => window.removeEventListener('popstate', sync)
  }, [])
  useEffect(() => {
    const mark = readMark()
    if (shown !== null && mark !== null && mark !== shown) writeMark(shown, false)
  }, [shown])
}
