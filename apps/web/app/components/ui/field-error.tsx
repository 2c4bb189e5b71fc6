/**
 * A form field's message, shown under the field as well as in the form's toast, and what the field
 * says of it: marked invalid, and described by the message (before any hint it has), so a screen
 * reader reads the message with the field. One pattern for every form of the site.
 */

/** The id of a field's message, from the field's own id. */
export const toFieldErrorId = (fieldId: string) => `${fieldId}-error`

/**
 * What a field (an input, a select, or a fieldset of radios) carries for its message: `aria-invalid`
 * and `aria-describedby` naming the message and then `describedBy` (a hint), or only the hint when
 * the field has no message.
 */
export function fieldErrorProps(
  fieldId: string,
  message: string | undefined,
  describedBy?: string,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const ids = [message ? toFieldErrorId(fieldId) : null, describedBy ?? null].filter(Boolean).join(' ')
  return { 'aria-invalid': message ? true : undefined, 'aria-describedby': ids === '' ? undefined : ids }
}

interface FieldErrorProps {
  /** The field's own id: the message takes toFieldErrorId of it. */
  fieldId: string
  message: string | undefined
  className: string
}

/** The message under its field, nothing when the field has none. */
export function FieldError({ fieldId, message, className }: FieldErrorProps) {
  if (!message) return null
  return (
    <p id={toFieldErrorId(fieldId)} className={className}>
      {message}
    </p>
  )
}
