import { useRef } from 'react'

/**
 * Gives focus back to what had it when a dialog opened. Radix returns focus only to a
 * `Dialog.Trigger`; the site's dialogs are opened by links and buttons of their own (and load after
 * the click), so they remember the focused element themselves. Spread the result on `Dialog.Content`.
 * `fallback` names where focus goes when nothing focused opened it, or that is gone: a popup an answer
 * opened (a form's success, its button disabled while it sent) hands focus back to the form rather
 * than to the page's top.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? null)
      if (!target?.isConnected) return
      event.preventDefault()
      target.focus()
    },
  }
}
