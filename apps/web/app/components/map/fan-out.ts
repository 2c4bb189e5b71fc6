/**
 * Where overlapping markers are drawn: plain geometry in the map's pixels, no Leaflet, so it can be
 * tested on its own. Used by both maps: branches that would overlap at a zoom that shows Great Britain,
 * and properties at one position (flats of a building, locked properties at their rounded position)
 * at the highest zoom.
 */

/** A position in pixels. */
export interface Pixel {
  x: number
  y: number
}

/** The most markers a group stands on one ring: from 15 on, a spiral stays nearer its centre than a ring. */
const RING_MAX = 14

/** How much farther apart than `gap` a spiral's turns are, measured along a radius. */
const TURN = Math.hypot(1, 1 / (2 * Math.PI))

/**
 * Where the `count` markers of a group stand around its centre, `gap` pixels at least between any two:
 * evenly on a ring, or for a large group (flats of a tower) on a spiral whose turns are `gap` apart.
 */
export function toFanSpots(count: number, gap: number): Pixel[] {
  if (count <= RING_MAX) {
    const radius = gap / (2 * Math.sin(Math.PI / count))
    return Array.from({ length: count }, (_, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / count
      return { x: radius * Math.cos(angle), y: radius * Math.sin(angle) }
    })
  }
  const spots: Pixel[] = []
  let angle = -Math.PI / 2
  for (let k = 0; k < count; k++) {
    // Archimedes' spiral: each step along it is a chord of `gap`, and the radius grows by a little
    // more than `gap` a turn, as the turns slant (by 1/2π at the first) and so come nearer than that.
    const radius = gap + (TURN * gap * (angle + Math.PI / 2)) / (2 * Math.PI)
    spots.push({ x: radius * Math.cos(angle), y: radius * Math.sin(angle) })
    angle += 2 * Math.asin(Math.min(1, gap / (2 * radius)))
  }
  return spots
}

/**
 * Where each of these markers is drawn when some would overlap, for markers that stand apart when
 * their centres are `spacing` pixels apart across or down (or `spacing.x` across, `spacing.y` down): markers that would overlap (directly or
 * through one another) form a group, and a group's markers stand evenly around its centre (a ring, or
 * a spiral for many), far enough apart not to touch whatever the angle between them. A group that
 * would cover another marker takes that marker's group in too. Answers null for a marker that stands
 * where it is.
 */
export function fanOut(at: readonly Pixel[], spacing: number | Pixel): Array<Pixel | null> {
  // Markers wider than high (a price or a name on a pill) need more room across than down.
  const across = typeof spacing === 'number' ? spacing : spacing.x
  const down = typeof spacing === 'number' ? spacing : spacing.y
  const overlaps = (a: Pixel, b: Pixel) => Math.abs(a.x - b.x) < across && Math.abs(a.y - b.y) < down
  const group = at.map((_, i) => i)
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)))
  const join = (i: number, j: number) => {
    if (root(i) === root(j)) return false
    group[root(i)] = root(j)
    return true
  }
  const place = (): Array<Pixel | null> => {
    const members = new Map<number, number[]>()
    at.forEach((_, i) => {
      const ids = members.get(root(i))
      if (ids) ids.push(i)
      else members.set(root(i), [i])
    })
    const spots: Array<Pixel | null> = at.map(() => null)
    for (const ids of members.values()) {
      if (ids.length < 2) continue
      const centre = {
        x: ids.reduce((sum, i) => sum + at[i]!.x, 0) / ids.length,
        y: ids.reduce((sum, i) => sum + at[i]!.y, 0) / ids.length,
      }
      // Neighbours are √(across² + down²) apart: at any angle, `across` across or `down` down.
      const around = toFanSpots(ids.length, Math.hypot(across, down))
      // In the order of their bearings from the centre, so each keeps roughly its side of the group.
      const bearing = (i: number) => Math.atan2(at[i]!.y - centre.y, at[i]!.x - centre.x)
      ;[...ids]
        .sort((a, b) => bearing(a) - bearing(b))
        .forEach((i, k) => {
          spots[i] = { x: centre.x + around[k]!.x, y: centre.y + around[k]!.y }
        })
    }
    return spots
  }
  for (let i = 0; i < at.length; i++) {
    for (let j = i + 1; j < at.length; j++) if (overlaps(at[i]!, at[j]!)) join(i, j)
  }
  let spots = place()
  // A few rounds settle every case a map of branches or one position's properties meets.
  for (let round = 0; round < 5; round++) {
    const drawnAt = at.map((point, i) => spots[i] ?? point)
    let joined = false
    for (let i = 0; i < at.length; i++) {
      for (let j = i + 1; j < at.length; j++) if (overlaps(drawnAt[i]!, drawnAt[j]!) && join(i, j)) joined = true
    }
    if (!joined) break
    spots = place()
  }
  return spots
}
