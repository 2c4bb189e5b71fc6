import { LOCKED_IMAGE_BLUR_PX } from '@agency/domain'
import { COPY } from '#app/copy.ts'
import '#app/components/property-card/property-card.css'

/** How soon an image is needed: the first card's is the page's largest paint, the rest of row one follows. */
export type ImagePriority = 'high' | 'eager' | 'lazy'

// The card image box is 3:2; the API's card variant is sized for it.
const CARD_IMAGE_WIDTH = 600
const CARD_IMAGE_HEIGHT = 400

interface PropertyImageProps {
  src: string | null
  alt: string
  priority: ImagePriority
  locked?: boolean
  width?: number
  height?: number
  className?: string
}

/** A property photo with its size reserved, lazy unless it is in the first row. */
export function PropertyImage({
  src,
  alt,
  priority,
  locked = false,
  width = CARD_IMAGE_WIDTH,
  height = CARD_IMAGE_HEIGHT,
  className = 'property-image',
}: PropertyImageProps) {
  if (!src) {
    return (
      <div className={`${className} property-image--empty`}>
        <span>{COPY.NO_IMAGE}</span>
      </div>
    )
  }
  return (
    <img
      className={locked ? `${className} property-image--locked` : className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding="async"
      // SPEC §2/§9: a locked image is blurred by 14px, on top of the server's own blurred derivative.
      style={locked ? { filter: `blur(${LOCKED_IMAGE_BLUR_PX}px)` } : undefined}
    />
  )
}
