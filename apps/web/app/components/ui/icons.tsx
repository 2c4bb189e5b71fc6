/**
 * Icons drawn more than once on a page, defined once in the layout and drawn with `<use>`: a list
 * page shows a heart on each of its 24 cards, and the path inline would repeat in each.
 */
const ICONS = {
  heart: {
    viewBox: '0 0 24 24',
    path: 'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.6.2.4.8.4 1 0 .7-1.5 2.2-2.6 4.3-2.6 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z',
  },
} as const

/** The name of an icon of the sprite. */
export type IconName = keyof typeof ICONS

const toSymbolId = (name: IconName) => `icon-${name}`

/**
 * The sprite, once per page (root layout). Its symbols have no fill or stroke of their own: they take
 * the `<svg>`'s that draws them (CSS reaches no further than the `<use>`).
 */
export function IconSprite() {
  return (
    <svg display="none">
      {(Object.keys(ICONS) as IconName[]).map((name) => (
        <symbol key={name} id={toSymbolId(name)} viewBox={ICONS[name].viewBox}>
          <path d={ICONS[name].path} />
        </symbol>
      ))}
    </svg>
  )
}

/** An icon of the sprite, hidden from assistive technology: its button or link names it. */
export function Icon({ name, size }: { name: IconName; size: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true">
      <use href={`#${toSymbolId(name)}`} />
    </svg>
  )
}
