/**
 * The enhancements a page served without React still offers, as one small inline script: a select
 * marked `data-auto-submit` submits its form on change, and Escape hides an open match tooltip
 * (WCAG 1.4.13). Hydrated pages do the same through their components' handlers.
 */
function enhance(): void {
  const DISMISSED = 'match--dismissed'
  document.addEventListener('change', (event) => {
    const target = event.target
    if (target instanceof HTMLSelectElement && target.hasAttribute('data-auto-submit')) target.form?.requestSubmit()
  })
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    document.querySelectorAll('.match:hover, .match:focus-within').forEach((match) => match.classList.add(DISMISSED))
  })
  const reset = (event: Event) => {
    const match = event.target instanceof Element ? event.target.closest('.match') : null
    const next = 'relatedTarget' in event && event.relatedTarget instanceof Node ? event.relatedTarget : null
    if (match && !(next && match.contains(next))) match.classList.remove(DISMISSED)
  }
  document.addEventListener('focusout', reset)
  document.addEventListener('mouseout', reset)
}

// The function is self-contained, so its compiled source runs as is.
const SCRIPT = `(${enhance.toString()})()`

export function ProgressiveEnhancements() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />
}
