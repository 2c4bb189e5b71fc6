import type { SliderArrowVariant } from '@agency/domain'
import type { ReactNode } from 'react'

/** Which way an arrow turns the slider. */
export type SliderDirection = 'previous' | 'next'

/** The icons the variants draw, each pointing right; `previous` mirrors them in CSS. */
const ICONS = {
  chevron: <path d="M9 5l7 7-7 7" />,
  arrow: <path d="M4 12h15M13 6l6 6-6 6" />,
  triangle: <path d="M8 5v14l11-7z" fill="currentColor" />,
  double: <path d="M6 6l6 6-6 6M13 6l6 6-6 6" />,
  long: <path d="M1 12h21M16 7l6 5-6 5" />,
  caret: <path d="M7 4l10 8-10 8" />,
} satisfies Record<string, ReactNode>

/** SPEC §2: the 12 variants, each its own shape and icon (slider-arrows.css draws the shapes). */
const VARIANT_ICONS: Record<SliderArrowVariant, keyof typeof ICONS> = {
  1: 'chevron',
  2: 'chevron',
  3: 'arrow',
  4: 'caret',
  5: 'chevron',
  6: 'triangle',
  7: 'double',
  8: 'long',
  9: 'chevron',
  10: 'arrow',
  11: 'chevron',
  12: 'arrow',
}

/** What an arrow takes. */
export interface SliderArrowProps {
  direction: SliderDirection
  /** One of SPEC §2's 12 variants; company setting 105 (`slider_arrow_variant`) picks the site's. */
  variant: SliderArrowVariant
  /** The button's accessible name, e.g. 'Next photo'; variant 12 also shows its first word. */
  label: string
  onClick: () => void
  className?: string
}

/**
 * SPEC §2 slider arrow: a button with a label in one of 12 visual variants, for the gallery and any
 * other slider. The caller places it; the variant gives its shape, colours and icon.
 */
export function SliderArrow({ direction, variant, label, onClick, className }: SliderArrowProps) {
  const classes = ['slider-arrow', `slider-arrow--v${variant}`, `slider-arrow--${direction}`, className].filter(Boolean).join(' ')
  return (
    <button type="button" className={classes} aria-label={label} onClick={onClick} data-variant={variant}>
      <svg className="slider-arrow__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {ICONS[VARIANT_ICONS[variant]]}
      </svg>
      {variant === 12 && (
        <span className="slider-arrow__text" aria-hidden="true">
          {label.split(' ')[0]}
        </span>
      )}
    </button>
  )
}
