/**
 * Takes the visitor to the field a warning is about: in the middle of the screen, clear of the toast
 * at its top that names it, with the focus in it, so they land where to put it right.
 */
export function focusWarnedField(element: HTMLElement | null | undefined): void {
  element?.scrollIntoView({ block: 'center' })
  element?.focus({ preventScroll: true })
}
