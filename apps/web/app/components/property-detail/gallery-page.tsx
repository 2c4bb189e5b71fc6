import { LABELS, toGalleryCounter, toGallerySlideKind } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { Picture } from '#app/components/ui/picture.tsx'
import { COPY } from '#app/copy.ts'
import { toMediaVariantUrl } from '#app/lib/media.ts'
import { toImageAlt } from '#app/lib/property-text.ts'
import { useCurrentThumbInView } from './current-thumb.ts'
import { GALLERY_VIEWS, GALLERY_VIEW_LABELS, toGalleryPageUrl } from './gallery-paths.ts'
import type { GalleryView } from './gallery-paths.ts'

/** One item of a view: its label, the picture shown, and a file or page it opens (a PDF, a tour, a video). */
interface GalleryItem {
  label: string
  picture: string
  thumb: string
  kind: 'photo' | 'video' | 'tour' | 'pdf'
  link: string
}

/** Only an https page is put in a frame: the links come from the agency's data, not from the visitor. */
function isEmbeddable(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:'
  } catch {
    return false
  }
}

const toThumb = (url: string): string => toMediaVariantUrl(url, 'thumb') ?? url

/** The items of each view: SPEC §2's photos (with the video and tour), 'Floor Plan 1..n' and 'EPC 1..n'. */
export function toGalleryItems(property: PropertyDetail): Record<GalleryView, GalleryItem[]> {
  const medias = property.medias
  return {
    photos: medias.map((media, index) => {
      const kind = toGallerySlideKind(media)
      return {
        label: COPY.GALLERY_SLIDE(kind, index + 1, medias.length),
        picture: kind === 'photo' ? media.mediaLink : media.background,
        thumb: media.background,
        kind,
        link: media.mediaLink,
      }
    }),
    'floor-plans': property.floor_plans.map((plan, index) => ({
      label: `${LABELS.FLOOR_PLAN} ${index + 1}`,
      picture: plan.image,
      thumb: toThumb(plan.image),
      kind: 'photo' as const,
      link: plan.image,
    })),
    epc: property.epcs.map((epc, index) => ({
      label: `${LABELS.EPC} ${index + 1}`,
      picture: epc.image,
      thumb: toThumb(epc.image),
      kind: epc.isPDF ? ('pdf' as const) : ('photo' as const),
      link: epc.fileURL,
    })),
  }
}


interface GalleryPageProps {
  property: PropertyDetail
  view: GalleryView
  /** The item shown, from 0. */
  index: number
}

/**
 * SPEC §2 full-screen gallery as a page of its own: what the property page's photos and thumbnails
 * link to, so that it works before the page's script runs and without it (with it, the property page
 * opens its lightbox instead). The counter 'index/total', previous and next that wrap around (links),
 * tabs for the photos, the floor plans and the EPCs, a strip of thumbnails, and the way back.
 */
export function GalleryPage({ property, view, index }: GalleryPageProps) {
  const views = toGalleryItems(property)
  const items = views[view]
  const item = items[index]
  const total = items.length
  const alt = toImageAlt(property)
  const at = (position: number) => toGalleryPageUrl(property.detail_page_url, view, ((position % total) + total) % total + 1)
  const previous = items[(index - 1 + total) % total]
  const next = items[(index + 1) % total]
  const thumbs = useCurrentThumbInView(index)
  return (
    <div className="gallery-page">
      <header className="gallery-page__bar">
        <a href={`${property.detail_page_url}#gallery`} className="gallery-page__back">
          ‹ {COPY.GALLERY_BACK}
        </a>
        <h1 className="gallery-page__title">{property.advert_heading}</h1>
        <p className="gallery-page__counter">
          <span className="visually-hidden">{COPY.GALLERY_COUNTER} </span>
          {toGalleryCounter({ index, total })}
        </p>
      </header>
      <nav className="gallery-page__tabs" aria-label={COPY.GALLERY_TABS}>
        {GALLERY_VIEWS.filter((v) => views[v].length > 0).map((v) => (
          <a key={v} href={toGalleryPageUrl(property.detail_page_url, v)} className="gallery-page__tab" aria-current={v === view ? 'page' : undefined}>
            {COPY.GALLERY_TAB_COUNT(GALLERY_VIEW_LABELS[v], views[v].length)}
          </a>
        ))}
      </nav>
      {item && (
        <div className="gallery-page__stage">
          {item.kind === 'video' && isEmbeddable(item.link) ? (
            <iframe
              className="gallery-page__video"
              src={item.link}
              title={COPY.GALLERY_VIDEO_TITLE(property.advert_heading)}
              allow="accelerometer; encrypted-media; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <figure className="gallery-page__figure">
              <Picture className="gallery-page__image" src={item.picture} alt={`${item.label}: ${alt}`} width={1600} height={1067} sizes="100vw" priority="high" />
              <figcaption className="gallery-page__caption">
                {item.label}
                {item.kind === 'tour' && (
                  <a href={item.link} target="_blank" rel="noopener noreferrer" className="button">
                    {LABELS.VIRTUAL_TOUR} <span className="visually-hidden">{COPY.NEW_TAB}</span>
                  </a>
                )}
                {item.kind === 'pdf' && (
                  <a href={item.link} target="_blank" rel="noopener noreferrer" className="button">
                    {COPY.GALLERY_OPEN_PDF(item.label)} <span className="visually-hidden">({COPY.DETAIL_PDF})</span>
                  </a>
                )}
              </figcaption>
            </figure>
          )}
          {total > 1 && previous && next && (
            <>
              <a href={at(index - 1)} className="gallery-page__arrow gallery-page__arrow--previous" aria-label={COPY.GALLERY_PREVIOUS_ITEM(previous.label)} rel="prev">
                <span aria-hidden="true">‹</span>
              </a>
              <a href={at(index + 1)} className="gallery-page__arrow gallery-page__arrow--next" aria-label={COPY.GALLERY_NEXT_ITEM(next.label)} rel="next">
                <span aria-hidden="true">›</span>
              </a>
            </>
          )}
        </div>
      )}
      {total > 1 && (
        <ul ref={thumbs} className="gallery-page__thumbs" role="list" aria-label={COPY.GALLERY_THUMBS}>
          {items.map((thumb, position) => (
            <li key={`${thumb.link}-${position}`}>
              <a href={at(position)} className="gallery-page__thumb" aria-current={position === index ? 'true' : undefined}>
                <Picture src={thumb.thumb} alt={thumb.label} width={120} height={80} sizes="120px" priority="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
