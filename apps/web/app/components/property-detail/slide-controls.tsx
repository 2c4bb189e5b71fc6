import { useRef } from 'react'
import type { KeyboardEvent, PointerEvent } from 'react'
import { toGalleryKeyAction, toSwipeAction } from '@agency/domain'
import type { GalleryAction } from '@agency/domain'
import { SliderArrow } from '#app/components/ui/slider-arrow.tsx'
import { useSiteSettings } from '#app/lib/use-root-data.ts'

/** The handlers a lightbox's stage takes for a swipe. */
export interface SwipeHandlers {
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void
  onPointerUp: (event: PointerEvent<HTMLDivElement>) => void
  onPointerCancel: () => void
}

/**
 * How a full-screen lightbox turns its pictures, the gallery's and the floor plans' and EPCs' alike
 * (SPEC §2): the arrow keys, Home and End on the dialog (`onKeyDown`), and a sideways swipe on the
 * stage (`swipe`, touch and pen only: a mouse drag is no swipe). Each becomes a GalleryAction.
 */
export function useSlideControls(dispatch: (action: GalleryAction) => void, total: number): { onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void; swipe: SwipeHandlers } {
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null)
  return {
    onKeyDown: (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      const action = toGalleryKeyAction(event.key, total)
      if (!action) return
      event.preventDefault()
      dispatch(action)
    },
    swipe: {
      onPointerDown: (event) => {
        if (event.pointerType === 'mouse') return
        swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY }
      },
      onPointerUp: (event) => {
        const start = swipeStart.current
        swipeStart.current = null
        if (!start || start.id !== event.pointerId) return
        const action = toSwipeAction(event.clientX - start.x, event.clientY - start.y)
        if (action) dispatch(action)
      },
      onPointerCancel: () => {
        swipeStart.current = null
      },
    },
  }
}

/**
 * The previous and next buttons either side of a lightbox's stage, in the company's arrow variant
 * (setting 105); none when there is only one thing to show.
 */
export function SlideArrows({ total, labels, dispatch }: { total: number; labels: { previous: string; next: string }; dispatch: (action: GalleryAction) => void }) {
  const { slider_arrow_variant: variant } = useSiteSettings()
  if (total < 2) return null
  return (
    <>
      <SliderArrow direction="previous" variant={variant} label={labels.previous} onClick={() => dispatch({ type: 'previous' })} className="gallery-lb__arrow gallery-lb__arrow--previous" />
      <SliderArrow direction="next" variant={variant} label={labels.next} onClick={() => dispatch({ type: 'next' })} className="gallery-lb__arrow gallery-lb__arrow--next" />
    </>
  )
}
