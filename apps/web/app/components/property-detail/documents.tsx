import { Suspense, lazy, useState } from 'react'
import type { MouseEvent, ReactNode } from 'react'
import { LABELS, canOpenGallery } from '@agency/domain'
import type { PropertyDetail } from '@agency/domain'
import { lightboxes } from '#app/components/ui/lightbox-state.ts'
import { Picture } from '#app/components/ui/picture.tsx'
import { COPY } from '#app/copy.ts'
import { enterLightboxHistory, leaveLightboxHistory, useLightboxHistory } from '#app/components/property-detail/gallery-history.ts'
import type { GalleryView } from '#app/components/property-detail/gallery-paths.ts'
import { toMediaVariantUrl } from '#app/lib/media.ts'

const loadDocumentLightbox = () => import('#app/components/property-detail/document-lightbox.tsx')
const DocumentLightbox = lazy(loadDocumentLightbox)

/** The grid's cells are at least 150px wide, two or more to a row. */
const PREVIEW_SIZES = '(min-width: 1024px) 180px, (min-width: 640px) 30vw, 45vw'

/** One document of a grid: its label, the picture shown in the grid, and where it opens. */
interface DocumentTile {
  label: string
  preview: string
  href: string
  isPdf: boolean
}

/** What a document lightbox shows. */
export interface OpenDocument {
  label: string
  image: string
}

/**
 * A titled grid of documents (SPEC §2 floor plan and EPC grids), a view of the property's gallery.
 * Each tile is a link, so it works before JavaScript loads; once hydrated, a picture opens in the
 * lightbox (SPEC §4: unless another lightbox is open) and a PDF in a new tab. The lightbox has an
 * entry in the browser's history, as the gallery's has (gallery-history.ts): Back closes it.
 */
function DocumentGrid({ view, id, heading, tiles, before }: { view: GalleryView; id: string; heading: string; tiles: DocumentTile[]; before?: ReactNode }) {
  const [shown, setShown] = useState<number | null>(null)
  const show = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    // A visitor who may not see a locked property gets no documents at all, so only the lightbox rule is left.
    if (!canOpenGallery({ isLocked: false, isOtherLightboxOpen: lightboxes.isAnyOpen() })) return
    event.preventDefault()
    setShown(index)
    enterLightboxHistory(view, index)
  }
  const close = () => {
    setShown(null)
    leaveLightboxHistory(view)
  }
  // Back and Forward (and a reload) between the page and the lightbox's entry close and open it.
  useLightboxHistory(view, shown, (index) => setShown(index !== null && tiles[index]?.isPdf === false ? index : null))
  // The lightbox turns through the grid's pictures; turning replaces its history entry's mark, adding none.
  const pictures = tiles.flatMap((tile, index) => (tile.isPdf ? [] : [{ index, label: tile.label, image: tile.href }]))
  const opened = pictures.findIndex((picture) => picture.index === shown)
  return (
    <section id={id} className="detail-section" aria-labelledby={`${id}-heading`} onPointerEnter={() => void loadDocumentLightbox()}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {before}
      {tiles.length > 0 && (
        <ul className="document-grid" role="list">
          {tiles.map((tile, index) => (
            <li key={tile.href}>
              <a href={tile.href} className="document-grid__tile" {...(tile.isPdf ? { target: '_blank', rel: 'noopener noreferrer' } : { onClick: show(index) })}>
                <Picture className="document-grid__preview" src={tile.preview} alt="" width={320} height={240} sizes={PREVIEW_SIZES} priority="lazy" />
                <span className="document-grid__label">
                  {tile.label}
                  {tile.isPdf && <span className="document-grid__note"> ({COPY.DETAIL_PDF})</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {opened >= 0 && (
        <Suspense fallback={null}>
          <DocumentLightbox documents={pictures} index={opened} onMove={(to) => setShown(pictures[to]?.index ?? shown)} onClose={close} />
        </Suspense>
      )}
    </section>
  )
}

/** The small copy of a picture for the grid, when the API serves one. */
const toPreview = (url: string): string => toMediaVariantUrl(url, 'thumb') ?? url

/** SPEC §2 floor plan grid, labelled 'Floor Plan 1..n'; the plans open in the lightbox. */
export function FloorPlans({ floorPlans }: { floorPlans: PropertyDetail['floor_plans'] }): ReactNode {
  if (floorPlans.length === 0) return null
  const tiles = floorPlans.map((plan, index) => ({ label: `${LABELS.FLOOR_PLAN} ${index + 1}`, preview: toPreview(plan.image), href: plan.image, isPdf: false }))
  return <DocumentGrid view="floor-plans" id="floor-plans" heading={COPY.DETAIL_FLOOR_PLANS} tiles={tiles} />
}

/** A file size as people read it: '840 KB', '2.4 MB'. */
export function toFileSizeLabel(bytes: number | null): string | null {
  if (bytes === null || bytes < 0) return null
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * The agency's brochures: a link each ('Brochure', or the feed's caption) that opens the PDF in a new
 * tab, with its type and size. A visitor who may not see a locked property gets none from the API.
 */
export function Brochures({ documents }: { documents: PropertyDetail['documents'] }): ReactNode {
  if (documents.length === 0) return null
  return (
    <section id="brochures" className="detail-section" aria-labelledby="brochures-heading">
      <h2 id="brochures-heading">{COPY.DETAIL_BROCHURES}</h2>
      <ul className="brochure-list" role="list">
        {documents.map((document) => (
          <li key={document.url}>
            <a href={document.url} target="_blank" rel="noopener noreferrer" className="brochure-list__link">
              {document.caption ?? COPY.DETAIL_BROCHURE}
            </a>
            <span className="document-grid__note"> ({COPY.DETAIL_DOCUMENT_NOTE(document.file_type, toFileSizeLabel(document.size_bytes))})</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The property page's one energy section: the EPC chart (`chart`, when the rating is known) with SPEC
 * §2's EPC grid beside it, labelled 'EPC 1..n' (a PDF opens in a new tab, a picture in the lightbox).
 */
export function Epcs({ epcs, chart }: { epcs: PropertyDetail['epcs']; chart?: ReactNode }): ReactNode {
  if (epcs.length === 0 && !chart) return null
  const tiles = epcs.map((epc, index) => ({ label: `${LABELS.EPC} ${index + 1}`, preview: toPreview(epc.image), href: epc.fileURL, isPdf: epc.isPDF }))
  return <DocumentGrid view="epc" id="epcs" heading={COPY.DETAIL_EPCS} tiles={tiles} before={chart} />
}
