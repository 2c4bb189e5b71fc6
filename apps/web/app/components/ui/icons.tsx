import spriteUrl from './icons.svg?url&no-inline'

/**
 * Icons drawn more than once on a page, from one sprite file (`icons.svg`, a hashed asset kept for a
 * year): a list page shows a heart on each of its 24 cards, and the path inline would repeat in each,
 * in the HTML and in the page's JavaScript. Never inlined as a data: address, which `<use>` refuses.
 * Its symbols have no fill or stroke of their own: they take the `<svg>`'s that draws them (CSS
 * reaches no further than the `<use>`).
 */
export type IconName = 'heart'

/** An icon of the sprite, hidden from assistive technology: its button or link names it. */
export function Icon({ name, size }: { name: IconName; size: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true">
      <use href={`${spriteUrl}#icon-${name}`} />
    </svg>
  )
}
