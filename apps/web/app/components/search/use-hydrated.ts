import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while the page is server HTML (and during hydration, so the markup matches), true once React
 * runs in the browser. Controls that only work with JavaScript render after it turns true, and their
 * no-JavaScript stand-ins until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
