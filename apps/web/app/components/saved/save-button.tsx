import type { MouseEvent } from 'react'
import { useState, useSyncExternalStore } from 'react'
import { SAVED_COPY } from '@agency/domain'
import { useFetcher } from 'react-router'
import { SAVE_FORM_ID } from '#app/components/saved/save-form.tsx'
import { useHydrated } from '#app/components/search/use-hydrated.ts'
import { SAVED_PATH, useSavedIds, useVisitorCookieSavedIds } from '#app/lib/saved.ts'
import { getBrowserSaves, getServerSaves, subscribeToBrowserSaves, toggleBrowserSave } from '#app/lib/saved-browser.ts'
import type { SavedActionData } from '#app/routes/saved-properties.tsx'

interface SaveButtonProps {
  propertyId: number
  /** The price the visitor sees (null when hidden), kept with the save to tell a later change. */
  price: number | null
  /** Names the property, for the button's description (the heading's id). */
  describedBy?: string
  className?: string
}

/**
 * The heart: saves a property to the shortlist, or takes it off. A toggle button ('Save property',
 * pressed when saved). A logged-in contact's saves go to the API through the saved page's action; a
 * visitor's stay in this browser. Without JavaScript (or before the page's script runs) it posts the
 * page's one save form (save-form.tsx), as `save` or `remove` with the property's id: saved for a
 * logged-in contact, kept in a cookie of ids for a visitor (lib/saved-cookie.ts), and back to the page. The heart itself is drawn by the stylesheet (global.css), not repeated
 * in the HTML of every card.
 */
export function SaveButton({ propertyId, price, describedBy, className = '' }: SaveButtonProps) {
  const savedIds = useSavedIds()
  const cookieSavedIds = useVisitorCookieSavedIds()
  const browserSaves = useSyncExternalStore(subscribeToBrowserSaves, getBrowserSaves, getServerSaves)
  const fetcher = useFetcher<SavedActionData>()
  const [full, setFull] = useState(false)
  // Marks the heart once the page's script handles it (tests wait for it; it changes nothing else).
  const enhanced = useHydrated()
  const signedIn = savedIds !== null
  const pendingIntent = fetcher.formData?.get('intent')
  const saved = signedIn
    ? pendingIntent === 'save' || (pendingIntent !== 'remove' && savedIds.includes(propertyId))
    : // Until the script has the page, the hearts the server knows of (the cookie); then this browser's list, which has taken them in.
      enhanced
      ? browserSaves.some((save) => save.id === propertyId)
      : cookieSavedIds.includes(propertyId)
  const refused = full || (fetcher.state === 'idle' && fetcher.data?.status === 'full')

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    // The script saves it; the form is not sent.
    event.preventDefault()
    if (signedIn) {
      const intent = saved ? 'remove' : 'save'
      void fetcher.submit({ intent, property_profile_id: String(propertyId), via: 'fetch' }, { method: 'post', action: SAVED_PATH })
      return
    }
    setFull(!toggleBrowserSave({ id: propertyId, saved_price: price, saved_at: new Date().toISOString() }))
  }

  return (
    <div className={`save-button ${className}`} data-enhanced={enhanced || undefined}>
      <button
        type="submit"
        form={SAVE_FORM_ID}
        name={saved ? 'remove' : 'save'}
        value={propertyId}
        onClick={onClick}
        className="save-button__heart"
        aria-pressed={saved}
        aria-label={SAVED_COPY.SAVE}
        aria-describedby={describedBy}
        title={SAVED_COPY.SAVE}
      />
      {refused && (
        <p className="save-button__message" role="alert">
          {SAVED_COPY.TOO_MANY}
        </p>
      )}
    </div>
  )
}
