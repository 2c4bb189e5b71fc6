import { LOCKED_IMAGE_BLUR_PX } from '@agency/domain'
import { Picture } from '#app/components/ui/picture.tsx'
import type { PicturePriority } from '#app/components/ui/picture.tsx'
import { COPY } from '#app/copy.ts'

/** How soon an image is needed: the first card's is the page's largest paint, the rest of row one follows. */
export type ImagePriority = PicturePriority

/**
 * A card's width in the list: one column, two from 640px, three from 1024px in a 1200px container.
 * On a phone (one column) the card is given at most the 640px copy, whatever the screen's density:
 * a 2× or 3× phone would otherwise take the 960px or 1280px copy, two to four times the bytes, for a
 * difference no one sees on a card a few inches wide. The widths named for phones make the browser
 * pick 640px there (320px × 2, 210px × 3). Written without optional spaces: a list page repeats it
 * on every card.
 */
const CARD_SIZES = '(max-width:639px) and (min-resolution:2.5dppx) 210px,(max-width:639px) 320px,(min-width:1200px) 384px,(min-width:1024px) 31vw,48vw'

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
  /** How wide it is shown (`sizes`); a card's width by default. */
  sizes?: string
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
  sizes = CARD_SIZES,
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
    <Picture
      className={locked ? `${className} property-image--locked` : className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      // SPEC §2/§9: a locked image is blurred by 14px, on top of the server's own blurred derivative.
      style={locked ? { filter: `blur(${LOCKED_IMAGE_BLUR_PX}px)` } : undefined}
    />
  )
}
