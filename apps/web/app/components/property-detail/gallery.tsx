import { Suspense, lazy, useReducer, useState } from 'react'
import type { MouseEvent, UIEvent } from 'react'
import { LABELS, canOpenGallery, galleryReducer, initGallery, toGalleryCounter, toGallerySlideKind } from '@agency/domain'
import type { GalleryAction, PropertyDetail } from '@agency/domain'
import { PropertyImage } from '#app/components/property-card/property-image.tsx'
import { lightboxes } from '#app/components/ui/lightbox-state.ts'
import { COPY } from '#app/copy.ts'
import { enterLightboxHistory, leaveLightboxHistory, useLightboxHistory } from '#app/components/property-detail/gallery-history.ts'
import { toGalleryPageUrl } from '#app/components/property-detail/gallery-paths.ts'
import { toImageAlt } from '#app/lib/property-text.ts'

const loadGalleryLightbox = () => import('#app/components/property-detail/gallery-lightbox.tsx')
const GalleryLightbox = lazy(loadGalleryLightbox)

// How wide the pictures are shown: the main column of the page (beside the 340px contact card from
// 1024px), and the thumbnails' grid cells of at least 140px.
const MAIN_SIZES = '(min-width: 1200px) 788px, (min-width: 1024px) calc(100vw - 420px), calc(100vw - 2rem)'
// Below 640px the thumbnails are the slides of the main picture's strip, as wide as the screen.
const THUMB_SIZES = '(min-width: 1024px) 160px, (min-width: 640px) 25vw, calc(100vw - 2rem)'

/** A click the browser should handle itself: a new tab or window, a download, another button. */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
}

/**
 * SPEC §2 full-screen gallery. Served as links (the main picture and every thumbnail to the
 * property's gallery page at that picture, routes/property-gallery.tsx), so a tap before the page's
 * script runs, or without it, lands on a full-screen page of the site; once hydrated, a click opens
 * the lightbox at that picture instead, loading its code only then. SPEC §4: it opens only when the
 * property is not locked for this visitor and no other lightbox is open. The lightbox has an entry in
 * the browser's history (gallery-history.ts): Back closes it.
 */
export function Gallery({ property }: { property: PropertyDetail }) {
  const medias = property.medias
  const [state, dispatch] = useReducer(galleryReducer, medias.length, initGallery)
  const alt = toImageAlt(property)
  const mainIndex = Math.max(
    0,
    medias.findIndex((m) => toGallerySlideKind(m) === 'photo'),
  )
  const main = medias[mainIndex]
  const canLink = !property.is_locked && main !== undefined
  const tours = medias.filter((m) => m.isVirtualTour)
  // On a phone the pictures are one strip that swipes (gallery.css); the counter follows it.
  const [slide, setSlide] = useState(0)
  const onStripScroll = (event: UIEvent<HTMLDivElement>) => {
    const strip = event.currentTarget
    if (strip.clientWidth > 0) setSlide(Math.round(strip.scrollLeft / strip.clientWidth))
  }

  const toGate = () => ({ isLocked: property.is_locked, isOtherLightboxOpen: lightboxes.isAnyOpen() })
  const open = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return
    const gate = toGate()
    if (!canOpenGallery(gate)) return
    event.preventDefault()
    dispatch({ type: 'opened', index, ...gate })
    enterLightboxHistory('photos', index)
  }
  const galleryDispatch = (action: GalleryAction) => {
    dispatch(action)
    if (action.type === 'closed') leaveLightboxHistory('photos')
  }
  // Back and Forward (and a reload) between the page and the gallery's entry close and open it.
  useLightboxHistory('photos', state.open ? state.index : null, (index) => {
    if (index === null) dispatch({ type: 'closed' })
    else if (state.open) dispatch({ type: 'moved', index })
    else dispatch({ type: 'opened', index, ...toGate() })
  })
  // Fetch the lightbox's code as soon as a visitor shows interest, so it opens at once.
  const warm = () => void loadGalleryLightbox()

  const mainImage = (
    <PropertyImage
      src={main?.background ?? property.image}
      alt={alt}
      priority="high"
      locked={property.is_locked}
      width={960}
      height={640}
      sizes={MAIN_SIZES}
      className="gallery__main"
    />
  )
  return (
    <section id="gallery" className="gallery" aria-label={COPY.DETAIL_PHOTOS} onPointerEnter={warm} onFocus={warm}>
      <div className="gallery__strip" onScroll={onStripScroll}>
        {canLink ? (
          <a href={toGalleryPageUrl(property.detail_page_url, 'photos', mainIndex + 1)} className="gallery__main-link" onClick={open(mainIndex)}>
            {mainImage}
            <span className="gallery__open">{COPY.GALLERY_OPEN(medias.length)}</span>
          </a>
        ) : (
          mainImage
        )}
        {canLink && medias.length > 1 && (
          <ul className="gallery__thumbs" role="list">
            {medias.map((media, index) => {
              if (index === mainIndex) return null
              const kind = toGallerySlideKind(media)
              return (
                <li key={media.property_profile_media_id}>
                  <a href={toGalleryPageUrl(property.detail_page_url, 'photos', index + 1)} className="gallery__thumb-link" data-kind={kind} onClick={open(index)}>
                    <PropertyImage
                      src={media.background}
                      alt={`${COPY.GALLERY_SLIDE(kind, index + 1, medias.length)}: ${alt}`}
                      priority="lazy"
                      width={320}
                      height={213}
                      sizes={THUMB_SIZES}
                      className="gallery__thumb"
                    />
                    {kind !== 'photo' && (
                      <span className="gallery__thumb-badge" aria-hidden="true">
                        {kind === 'video' ? '▶' : '360°'}
                      </span>
                    )}
                  </a>
                </li>
              )
            })}
          </ul>
        )}
      </div>
      {canLink && medias.length > 1 && (
        <p className="gallery__counter" aria-hidden="true">
          {toGalleryCounter({ index: Math.min(slide, medias.length - 1), total: medias.length })}
        </p>
      )}
      {tours.length > 0 && (
        <ul className="gallery__tours" role="list">
          {tours.map((tour) => (
            <li key={tour.property_profile_media_id}>
              <a href={tour.mediaLink} className="button button--secondary" rel="noopener noreferrer" target="_blank">
                {LABELS.VIRTUAL_TOUR} <span className="visually-hidden">{COPY.NEW_TAB}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {state.open && (
        <Suspense fallback={null}>
          <GalleryLightbox
            medias={medias}
            heading={property.advert_heading}
            alt={alt}
            state={state}
            dispatch={galleryDispatch}
            detailPageUrl={property.detail_page_url}
            floorPlanCount={property.floor_plans.length}
            epcCount={property.epcs.length}
          />
        </Suspense>
      )}
    </section>
  )
}
