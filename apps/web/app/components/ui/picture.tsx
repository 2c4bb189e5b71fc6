import type { CSSProperties } from 'react'
import { preload } from 'react-dom'
import { toPictureSet } from '#app/lib/media.ts'

/** How soon a picture is needed: the page's largest paint is `high`, pictures below the fold `lazy`. */
export type PicturePriority = 'high' | 'eager' | 'lazy'

/** What a picture takes. */
export interface PictureProps {
  src: string
  alt: string
  /** The box's size in CSS pixels, reserved before the file arrives (no layout shift). */
  width: number
  height: number
  /** The `sizes` of the sources: how wide the picture is shown at each screen width. */
  sizes: string
  priority: PicturePriority
  className?: string
  style?: CSSProperties
}

/**
 * A picture of the API's media route at every width up to twice the box's (sharp screens), the browser
 * choosing the width by `sizes` and the media route the format by the browser's `Accept` (AVIF, WebP or
 * JPEG); other pictures as a plain `<img>`. `high` is fetched first (the page's largest paint), `lazy`
 * only near the viewport.
 */
export function Picture({ src, alt, width, height, sizes, priority, className, style }: PictureProps) {
  const set = toPictureSet(src, width * 2)
  // The page's largest paint is announced in the document's head, so that it downloads beside the
  // stylesheet instead of after the HTML above it has been read; the <img> then finds the same file
  // (the same URL and Accept) in the cache.
  if (priority === 'high' && set) {
    preload(set.src, { as: 'image', imageSrcSet: set.srcSet, imageSizes: sizes, fetchPriority: 'high' })
  }
  return (
    <img
      className={className}
      // srcset and sizes before src: a browser given src first may start fetching it.
      srcSet={set?.srcSet}
      sizes={set ? sizes : undefined}
      src={set ? set.src : src}
      alt={alt}
      width={width}
      height={height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      // React announces every other eager picture in the head too (a preload each, ~470 bytes of a list
      // page's HTML apiece); the page's largest paint is the one worth it, the rest of the first row come
      // from their <img> at once, at a lower priority.
      fetchPriority={priority === 'high' ? 'high' : priority === 'eager' ? 'low' : undefined}
      decoding={priority === 'high' ? undefined : 'async'}
      style={style}
    />
  )
}
