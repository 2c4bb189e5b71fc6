import { LABELS } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { PropertyImage } from '#app/components/property-card/property-image.tsx'
import { COPY } from '#app/copy.ts'
import { toImageAlt } from '#app/lib/property-text.ts'

/**
 * The property's pictures as a plain list. The full-screen gallery (SPEC §2: counter, wrap-around,
 * video and download) replaces this section's contents and keeps its id, which links point at.
 */
export function Gallery({ property }: { property: PropertyDetail }) {
  const alt = toImageAlt(property)
  const photos = property.medias.filter((m) => !m.isIframePlayable && !m.isVirtualTour)
  const tours = property.medias.filter((m) => m.isVirtualTour)
  const [first, ...rest] = photos
  return (
    <section id="gallery" className="gallery" aria-label={COPY.DETAIL_PHOTOS}>
      <PropertyImage
        src={first?.background ?? property.image}
        alt={alt}
        priority="high"
        locked={property.is_locked}
        width={960}
        height={640}
        className="gallery__main"
      />
      {rest.length > 0 && (
        <ul className="gallery__thumbs" role="list">
          {rest.map((media, index) => (
            <li key={media.property_profile_media_id}>
              <a href={media.mediaLink} className="gallery__thumb-link">
                <PropertyImage
                  src={media.background}
                  alt={`${COPY.DETAIL_PHOTO_ALT} ${index + 2} of ${photos.length}: ${alt}`}
                  priority="lazy"
                  width={320}
                  height={213}
                  className="gallery__thumb"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {tours.length > 0 && (
        <ul className="gallery__tours" role="list">
          {tours.map((tour) => (
            <li key={tour.property_profile_media_id}>
              <a href={tour.mediaLink} className="button button--secondary" rel="noopener noreferrer" target="_blank">
                {LABELS.VIRTUAL_TOUR}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
