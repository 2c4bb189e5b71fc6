import { Lightbox } from '#app/components/ui/lightbox.tsx'
import { Picture } from '#app/components/ui/picture.tsx'
import type { OpenDocument } from '#app/components/property-detail/documents.tsx'

/** A floor plan or EPC picture full screen (SPEC §2), loaded when one is first opened. */
export default function DocumentLightbox({ document, onClose }: { document: OpenDocument; onClose: () => void }) {
  return (
    <Lightbox open onOpenChange={(open) => !open && onClose()} title={document.label} toolbar={<p className="document-lightbox__title">{document.label}</p>}>
      <Picture className="document-lightbox__image" src={document.image} alt={document.label} width={1600} height={1200} sizes="100vw" priority="eager" />
    </Lightbox>
  )
}
