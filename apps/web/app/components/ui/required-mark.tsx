/**
 * The star after a required field's label. Hidden from screen readers, which hear `aria-required` on
 * the field itself, so a field's accessible name stays its label as written.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="required-mark">
      {' '}
      *
    </span>
  )
}
