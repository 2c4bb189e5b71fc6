import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

/**
 * Keeps the current thumbnail of a strip (the one marked `aria-current`) in view as a person moves
 * through the pictures, by scrolling the strip sideways only (never the page or the dialog): into its
 * middle where it can be, smoothly unless they asked for less motion. The first time, the strip is put
 * there at once, as a page opened at its tenth picture shows its tenth thumbnail.
 */
export function useCurrentThumbInView(index: number): RefObject<HTMLUListElement | null> {
  const strip = useRef<HTMLUListElement | null>(null)
  const placed = useRef(false)
  useEffect(() => {
    const list = strip.current
    const thumb = list?.querySelector<HTMLElement>('[aria-current="true"]')
    if (!list || !thumb || list.scrollWidth <= list.clientWidth) return
    const listBox = list.getBoundingClientRect()
    const thumbBox = thumb.getBoundingClientRect()
    const left = list.scrollLeft + (thumbBox.left - listBox.left) - (list.clientWidth - thumbBox.width) / 2
    const still = !placed.current || window.matchMedia('(prefers-reduced-motion: reduce)').matches
    placed.current = true
    list.scrollTo({ left: Math.max(0, left), behavior: still ? 'instant' : 'smooth' })
  }, [index])
  return strip
}
