import { useRef } from 'react'

/**
 * Gives focus back to what had it when a dialog opened. Radix returns focus only to a
 * `Dialog.Trigger`; the site's dialogs are opened by links and buttons of their own (and load after
 * the click), so they remember the focused element themselves. Spread the result on `Dialog.Content`.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return
      event.preventDefault()
      opener.current.focus()
    },
  }
}
