import { useState } from 'react'
import { SLIDER_ARROW_VARIANTS } from '@agency/domain'
import type { SliderArrowVariant } from '@agency/domain'
import { SliderArrow } from '#app/components/ui/slider-arrow.tsx'
import { COPY } from '#app/copy.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'
import type { Route } from './+types/test.slider-arrows'
import '#app/components/ui/slider-arrows-page.css'

const SLIDES = 5

/** One variant's demonstration: a dark slide with its two arrows, which really turn it. */
function ArrowDemo({ variant, isSiteVariant }: { variant: SliderArrowVariant; isSiteVariant: boolean }) {
  const [index, setIndex] = useState(0)
  const heading = COPY.TEST_ARROW_VARIANT(variant)
  return (
    <li className="arrow-demo" aria-label={heading}>
      <h2 className="arrow-demo__heading">
        {heading}
        {isSiteVariant && <span className="badge arrow-demo__badge">{COPY.TEST_ARROW_IN_USE}</span>}
      </h2>
      <div className="arrow-demo__slide">
        <SliderArrow direction="previous" variant={variant} label={`${COPY.PREVIOUS} (${heading})`} onClick={() => setIndex((index + SLIDES - 1) % SLIDES)} />
        <p className="arrow-demo__counter" aria-live="polite">
          {index + 1}/{SLIDES}
        </p>
        <SliderArrow direction="next" variant={variant} label={`${COPY.NEXT} (${heading})`} onClick={() => setIndex((index + 1) % SLIDES)} />
      </div>
    </li>
  )
}

/**
 * SPEC §2: the 12 slider arrow variants side by side, each working, and which one company setting 105
 * (`slider_arrow_variant`) chooses for the site. For the end-to-end tests and for choosing; not indexed.
 */
export default function TestSliderArrowsRoute() {
  const { slider_arrow_variant: siteVariant } = useSiteSettings()
  return (
    <div className="container page">
      <h1>{COPY.TEST_ARROWS_TITLE}</h1>
      <p>{COPY.TEST_ARROWS_INTRO}</p>
      <ul className="arrow-demos" role="list">
        {SLIDER_ARROW_VARIANTS.map((variant) => (
          <ArrowDemo key={variant} variant={variant} isSiteVariant={variant === siteVariant} />
        ))}
      </ul>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(COPY.TEST_ARROWS_TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
