import { LABELS, toGalleryCounter, toGallerySlideKind } from '@agency/domain'
import type { GalleryAction, GalleryState, Media } from '@agency/domain'
import { Lightbox } from '#app/components/ui/lightbox.tsx'
import { Picture } from '#app/components/ui/picture.tsx'
import { COPY } from '#app/copy.ts'
import { GALLERY_VIEW_LABELS, toGalleryPageUrl } from '#app/components/property-detail/gallery-paths.ts'
import { SlideArrows, useSlideControls } from '#app/components/property-detail/slide-controls.tsx'
import { useCurrentThumbInView } from '#app/components/property-detail/current-thumb.ts'
import { toMediaVariantUrl } from '#app/lib/media.ts'

interface GalleryLightboxProps {
  medias: readonly Media[]
  heading: string
  alt: string
  state: GalleryState
  dispatch: (action: GalleryAction) => void
  /** The property page's address: the floor plans' and EPCs' tabs lead to its gallery page at them. */
  detailPageUrl: string
  floorPlanCount: number
  epcCount: number
}

/** Only an https page is put in a frame: the links come from the agency's data, not from the visitor. */
function isEmbeddable(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:'
  } catch {
    return false
  }
}

/** The file name a downloaded photo is saved under. */
function toDownloadName(heading: string, position: number): string {
  const slug = heading.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
  return `${slug || 'photo'}-${position}.jpg`
}

/**
 * SPEC §2 full-screen gallery, loaded only when first opened: the photo counter 'index/total', next
 * and previous that wrap around (buttons in the company's arrow variant, arrow keys, swipe), a
 * download link for downloadable photos, the video in a frame (created only while it is shown) and
 * the virtual tour's link; tabs for the photos, the floor plans and the EPCs (the last two open the
 * property's gallery page at them, which shows them full screen) and a strip of thumbnails. The
 * dialog traps focus, closes on Escape and gives focus back.
 */
export default function GalleryLightbox({ medias, heading, alt, state, dispatch, detailPageUrl, floorPlanCount, epcCount }: GalleryLightboxProps) {
  const { onKeyDown, swipe } = useSlideControls(dispatch, state.total)
  const thumbs = useCurrentThumbInView(state.index)
  const media = medias[state.index]
  if (!media) return null
  const kind = toGallerySlideKind(media)
  const position = state.index + 1
  const label = COPY.GALLERY_SLIDE(kind, position, medias.length)

  return (
    <Lightbox
      open={state.open}
      onOpenChange={(open) => !open && dispatch({ type: 'closed' })}
      title={COPY.GALLERY_TITLE(heading)}
      onKeyDown={onKeyDown}
      toolbar={
        <>
          <p className="gallery-lb__counter" aria-live="polite" aria-atomic="true">
            <span className="visually-hidden">{COPY.GALLERY_COUNTER} </span>
            <span>{toGalleryCounter(state)}</span>
          </p>
          {media.isDownloadable && (
            <a href={media.mediaLink} download={toDownloadName(heading, position)} className="gallery-lb__tool">
              {LABELS.DOWNLOAD} <span className="visually-hidden">{label}</span>
            </a>
          )}
          {media.isVirtualTour && (
            <a href={media.mediaLink} target="_blank" rel="noopener noreferrer" className="gallery-lb__tool">
              {LABELS.VIRTUAL_TOUR} <span className="visually-hidden">{COPY.NEW_TAB}</span>
            </a>
          )}
        </>
      }
    >
      <div className="gallery-lb">
      <div className="gallery-lb__stage" {...swipe}>
        {kind === 'video' && isEmbeddable(media.mediaLink) ? (
          <iframe
            key={media.property_profile_media_id}
            className="gallery-lb__video"
            src={media.mediaLink}
            title={COPY.GALLERY_VIDEO_TITLE(heading)}
            allow="accelerometer; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <figure className="gallery-lb__figure">
            <Picture
              key={media.property_profile_media_id}
              className="gallery-lb__image"
              src={kind === 'photo' ? media.mediaLink : media.background}
              alt={`${label}: ${alt}`}
              width={1600}
              height={1067}
              sizes="100vw"
              priority="eager"
            />
            {kind === 'tour' && (
              <figcaption className="gallery-lb__caption">
                <a href={media.mediaLink} target="_blank" rel="noopener noreferrer" className="button">
                  {LABELS.VIRTUAL_TOUR} <span className="visually-hidden">{COPY.NEW_TAB}</span>
                </a>
              </figcaption>
            )}
          </figure>
        )}
        <SlideArrows total={medias.length} labels={{ previous: COPY.GALLERY_PREVIOUS, next: COPY.GALLERY_NEXT }} dispatch={dispatch} />
      </div>
      {(floorPlanCount > 0 || epcCount > 0) && (
        <nav className="gallery-lb__tabs" aria-label={COPY.GALLERY_TABS}>
          <span className="gallery-lb__tab" aria-current="page">
            {COPY.GALLERY_TAB_COUNT(GALLERY_VIEW_LABELS.photos, medias.length)}
          </span>
          {floorPlanCount > 0 && (
            <a className="gallery-lb__tab" href={toGalleryPageUrl(detailPageUrl, 'floor-plans')}>
              {COPY.GALLERY_TAB_COUNT(GALLERY_VIEW_LABELS['floor-plans'], floorPlanCount)}
            </a>
          )}
          {epcCount > 0 && (
            <a className="gallery-lb__tab" href={toGalleryPageUrl(detailPageUrl, 'epc')}>
              {COPY.GALLERY_TAB_COUNT(GALLERY_VIEW_LABELS.epc, epcCount)}
            </a>
          )}
        </nav>
      )}
      {medias.length > 1 && (
        <ul ref={thumbs} className="gallery-lb__thumbs" role="list" aria-label={COPY.GALLERY_THUMBS}>
          {medias.map((thumb, index) => {
            const thumbLabel = COPY.GALLERY_SLIDE(toGallerySlideKind(thumb), index + 1, medias.length)
            return (
              <li key={thumb.property_profile_media_id}>
                <button
                  type="button"
                  className="gallery-lb__thumb"
                  aria-current={index === state.index ? 'true' : undefined}
                  onClick={() => dispatch({ type: 'moved', index })}
                >
                  <img src={toMediaVariantUrl(thumb.background, 'thumb') ?? thumb.background} alt={thumbLabel} width={120} height={80} loading="lazy" decoding="async" />
                </button>
              </li>
            )
          })}
        </ul>
      )}
      </div>
    </Lightbox>
  )
}
