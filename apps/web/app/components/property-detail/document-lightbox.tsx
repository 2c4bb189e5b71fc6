import { galleryReducer, toGalleryCounter } from '@agency/domain'
import type { GalleryAction, GalleryState } from '@agency/domain'
import { Lightbox } from '#app/components/ui/lightbox.tsx'
import { Picture } from '#app/components/ui/picture.tsx'
import { COPY } from '#app/copy.ts'
import type { OpenDocument } from '#app/components/property-detail/documents.tsx'
import { SlideArrows, useSlideControls } from '#app/components/property-detail/slide-controls.tsx'

interface DocumentLightboxProps {
  /** The grid's pictures (its PDFs open in a tab of their own instead). */
  documents: readonly OpenDocument[]
  /** The one shown, from 0. */
  index: number
  /** Another one is asked for: previous, next, first or last, wrapping around as the gallery does. */
  onMove: (index: number) => void
  onClose: () => void
}

/**
 * A floor plan or EPC picture full screen (SPEC §2), loaded when one is first opened. With more than
 * one, it turns as the gallery does: previous and next buttons, the arrow keys, Home and End, a swipe.
 */
export default function DocumentLightbox({ documents, index, onMove, onClose }: DocumentLightboxProps) {
  const state: GalleryState = { open: true, index, total: documents.length }
  const dispatch = (action: GalleryAction) => onMove(galleryReducer(state, action).index)
  const { onKeyDown, swipe } = useSlideControls(dispatch, state.total)
  const document = documents[index]
  if (!document) return null
  const labelAfter = (action: GalleryAction) => documents[galleryReducer(state, action).index]?.label ?? ''
  return (
    <Lightbox
      open
      onOpenChange={(open) => !open && onClose()}
      title={document.label}
      onKeyDown={onKeyDown}
      toolbar={
        <p className="document-lightbox__title" aria-live="polite" aria-atomic="true">
          {document.label}
          {state.total > 1 && (
            <span className="document-lightbox__counter" aria-hidden="true">
              {toGalleryCounter(state)}
            </span>
          )}
        </p>
      }
    >
      <div className="gallery-lb__stage" {...swipe}>
        <Picture key={document.image} className="document-lightbox__image" src={document.image} alt={document.label} width={1600} height={1200} sizes="100vw" priority="eager" />
        <SlideArrows
          total={state.total}
          labels={{ previous: COPY.GALLERY_PREVIOUS_ITEM(labelAfter({ type: 'previous' })), next: COPY.GALLERY_NEXT_ITEM(labelAfter({ type: 'next' })) }}
          dispatch={dispatch}
        />
      </div>
    </Lightbox>
  )
}
