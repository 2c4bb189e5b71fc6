import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { SAVED_PATH, useSavedIds } from '#app/lib/saved.ts'
import { clearBrowserSaves, getBrowserSaves } from '#app/lib/saved-browser.ts'
import type { SavedActionData } from '#app/routes/saved-properties.tsx'

/**
 * Once a visitor is logged in, moves the properties they saved in this browser to their contact
 * (merged, each once) and forgets them here. Renders nothing.
 */
export function BrowserSavesMerge() {
  const savedIds = useSavedIds()
  const fetcher = useFetcher<SavedActionData>()
  const sent = useRef(false)
  const signedIn = savedIds !== null

  useEffect(() => {
    if (!signedIn || sent.current) return
    const saves = getBrowserSaves()
    if (!saves.length) return
    sent.current = true
    void fetcher.submit({ intent: 'merge', saves: JSON.stringify(saves), via: 'fetch' }, { method: 'post', action: SAVED_PATH })
  }, [signedIn, fetcher])

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.status === 'merged') clearBrowserSaves()
  }, [fetcher.state, fetcher.data])

  return null
}
