import type { CSSProperties } from 'react'
import { toPictureSources } from '#app/lib/media.ts'

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
 * A picture of the API's media route in AVIF and WebP at every width up to twice the box's (sharp
 * screens), the browser choosing by `sizes`; other pictures as a plain `<img>`. `high` is fetched
 * first (the page's largest paint), `lazy` only near the viewport.
 */
export function Picture({ src, alt, width, height, sizes, priority, className, style }: PictureProps) {
  const image = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding={priority === 'high' ? undefined : 'async'}
      style={style}
    />
  )
  const sources = toPictureSources(src, width * 2)
  if (sources.length === 0) return image
  return (
    <picture className="picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  )
}
