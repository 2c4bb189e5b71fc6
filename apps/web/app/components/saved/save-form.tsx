import { useLocation } from 'react-router'
import { SAVED_PATH } from '#app/lib/saved.ts'

/** The id of the one form every heart of a page belongs to (save-button.tsx). */
export const SAVE_FORM_ID = 'save-form'

/**
 * The hearts' one form, once on every page (root.tsx): a heart is a button of it, named for what it
 * does (`save` or `remove`) with its property's id as its value, so a page of 24 cards does not carry
 * 24 forms with the same address to come back to. Without JavaScript it posts to the saved page's
 * action, which comes back here.
 */
export function SaveForm() {
  const location = useLocation()
  return (
    <form id={SAVE_FORM_ID} method="post" action={SAVED_PATH}>
      <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
    </form>
  )
}
