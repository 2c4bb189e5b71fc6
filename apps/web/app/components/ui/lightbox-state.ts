/**
 * Which lightboxes are open on the page, kept outside React so that any part of the page can ask
 * before opening one (SPEC §4: a gallery or lightbox opens only when no other lightbox is open)
 * without loading the lightbox code itself.
 */

/** A set of open lightboxes with subscribers, as `useSyncExternalStore` wants it. */
export interface LightboxRegistry {
  /** Marks one lightbox open; the returned function marks it closed again (idempotent). */
  opened(): () => void
  /** Whether any lightbox is open. */
  isAnyOpen(): boolean
  /** Calls `listener` whenever the answer of `isAnyOpen` may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

/** A fresh registry; the page uses the one `lightboxes` below. */
export function createLightboxRegistry(): LightboxRegistry {
  const open = new Set<symbol>()
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  return {
    opened() {
      const token = Symbol('lightbox')
      open.add(token)
      notify()
      return () => {
        if (open.delete(token)) notify()
      }
    },
    isAnyOpen: () => open.size > 0,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** The page's lightboxes: every `Lightbox` registers here while it is open. */
export const lightboxes = createLightboxRegistry()
