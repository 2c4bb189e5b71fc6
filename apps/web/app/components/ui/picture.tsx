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
 * A picture of the API's media route in AVIF, WebP and JPEG at every width up to twice the box's
 * (sharp screens), the browser choosing by `sizes`; other pictures as a plain `<img>`. `high` is fetched
 * first (the page's largest paint), `lazy` only near the viewport.
 */
export function Picture({ src, alt, width, height, sizes, priority, className, style }: PictureProps) {
  const set = toPictureSet(src, width * 2)
  // The page's largest paint is announced in the document's head, so that it downloads beside the
  // stylesheet instead of after the HTML above it has been read. Every browser that preloads reads
  // AVIF, and the <picture> then picks the same file from the cache.
  const avif = set?.sources.find((source) => source.type === 'image/avif')
  if (priority === 'high' && set && avif) {
    preload(set.jpegSrc, { as: 'image', type: avif.type, imageSrcSet: avif.srcSet, imageSizes: sizes, fetchPriority: 'high' })
  }
  const image = (
    <img
      className={className}
      // srcset and sizes before src: a browser given src first may start fetching it.
      srcSet={set?.jpegSrcSet}
      sizes={set ? sizes : undefined}
      src={set ? set.jpegSrc : src}
      alt={alt}
      width={width}
      height={height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding={priority === 'high' ? undefined : 'async'}
      style={style}
    />
  )
  if (!set) return image
  return (
    <picture className="picture">
      {set.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  )
}
