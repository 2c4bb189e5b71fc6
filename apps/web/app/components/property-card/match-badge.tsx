import { useId, useState } from 'react'
import { MESSAGES } from '@agency/domain'
import type { PropertyCard } from '@agency/domain'
import { COPY } from '#app/copy.ts'

interface MatchBadgeProps {
  percentage: number
  reasons: NonNullable<PropertyCard['match_reasons']>
}

/**
 * The match percentage with its explanation (SPEC §2). The tooltip opens on hover and on keyboard
 * focus through CSS alone, so it works before JavaScript loads; Escape hides it (WCAG 1.4.13).
 */
export function MatchBadge({ percentage, reasons }: MatchBadgeProps) {
  const tooltipId = useId()
  const [dismissed, setDismissed] = useState(false)
  return (
    <div
      className={dismissed ? 'match match--dismissed' : 'match'}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <button
        type="button"
        className="match__badge"
        aria-describedby={tooltipId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true)
        }}
      >
        {percentage}% {COPY.MATCH}
      </button>
      <div role="tooltip" id={tooltipId} className="match__tooltip">
        <p className="match__intro">{MESSAGES.MATCH_TOOLTIP}</p>
        {reasons.length > 0 && (
          <ul className="match__reasons">
            {reasons.map((reason) => (
              <li key={reason.label} className={reason.matched ? 'match__reason match__reason--met' : 'match__reason'}>
                <span aria-hidden="true">{reason.matched ? '✓' : '✗'}</span>
                <span className="visually-hidden">{reason.matched ? COPY.MATCH_MET : COPY.MATCH_NOT_MET}: </span>
                {reason.label}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
