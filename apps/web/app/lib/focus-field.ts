import { useLayoutEffect, type RefObject } from 'react'

/**
 * Takes the visitor to the field a warning is about: in the middle of the screen, clear of the toast
 * at its top that names it, with the focus in it, so they land where to put it right.
 */
export function focusWarnedField(element: HTMLElement | null | undefined): void {
  element?.scrollIntoView({ block: 'center' })
  element?.focus({ preventScroll: true })
}

/**
 * Makes sure the caret is in a text field that has just taken the focus, where it already was in the
 * field. A field tapped while the page re-renders around it (the lead form's address, whose focus
 * loads and then swaps in its combobox) can take the focus with the page's selection left in the field
 * typed in before, and Chrome then drops the keys typed next. Setting the field's own selection again
 * moves the page's selection into it, and moves the caret nowhere.
 */
export function keepCaretInFocusedField(input: HTMLInputElement): void {
  const keep = () => {
    if (document.activeElement !== input) return
    const selection = document.getSelection()
    if (selection && input.parentNode && selection.anchorNode === input.parentNode) return
    const end = input.value.length
    input.setSelectionRange(input.selectionStart ?? end, input.selectionEnd ?? end, input.selectionDirection ?? 'none')
  }
  // At once, for a key typed straight after the tap; and after the tap's own handling, which may leave
  // the selection behind again.
  keep()
  setTimeout(keep, 0)
}

/**
 * Gives a field the focus when it mounts, if `focus` says so, with the caret after its text: a field
 * that replaced the plain one the visitor was typing in (the location and address comboboxes). Before
 * paint, so no key typed meanwhile goes to the field that was just removed.
 */
export function useFocusAtEndOnMount(ref: RefObject<HTMLInputElement | null>, focus: boolean): void {
  useLayoutEffect(() => {
    const input = ref.current
    if (!focus || !input) return
    input.focus()
    input.setSelectionRange(input.value.length, input.value.length)
    // On mount only: the field that replaced the one the visitor was in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
