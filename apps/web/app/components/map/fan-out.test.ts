import { describe, expect, it } from 'vitest'
import { fanOut, toFanSpots, type Pixel } from '#app/components/map/fan-out.ts'

const SPACING = 46

/** Where each marker is drawn: its spot when fanned out, else where it stands. */
const drawn = (at: readonly Pixel[]) => {
  const spots = fanOut(at, SPACING)
  return at.map((point, i) => spots[i] ?? point)
}

/** The pairs of drawn markers that would overlap. */
const overlapping = (points: readonly Pixel[]) =>
  points.flatMap((a, i) => points.slice(i + 1).filter((b) => Math.abs(a.x - b.x) < SPACING && Math.abs(a.y - b.y) < SPACING))

const distanceFrom = (centre: Pixel) => (p: Pixel) => Math.hypot(p.x - centre.x, p.y - centre.y)

describe('fanOut', () => {
  it('leaves markers that stand apart where they are', () => {
    expect(fanOut([{ x: 0, y: 0 }, { x: SPACING, y: 0 }, { x: 0, y: 300 }], SPACING)).toEqual([null, null, null])
  })

  it.each([2, 3, 4, 8, 14])('spreads %i markers at one position on a ring around it, none covering another', (count) => {
    const at = Array.from({ length: count }, () => ({ x: 200, y: 100 }))
    const points = drawn(at)
    expect(fanOut(at, SPACING).every((spot) => spot !== null)).toBe(true)
    expect(overlapping(points)).toEqual([])
    const radii = points.map(distanceFrom({ x: 200, y: 100 }))
    for (const radius of radii) expect(radius).toBeCloseTo(radii[0]!, 6)
  })

  it.each([15, 30, 100])('winds %i markers at one position round a spiral nearer its centre than a ring would be', (count) => {
    const at = Array.from({ length: count }, () => ({ x: 0, y: 0 }))
    const points = drawn(at)
    expect(overlapping(points)).toEqual([])
    const ring = (SPACING * Math.SQRT2) / (2 * Math.sin(Math.PI / count))
    expect(Math.max(...points.map(distanceFrom({ x: 0, y: 0 })))).toBeLessThan(ring)
  })

  it('spreads markers at nearly one position, and takes in a marker the spread would cover', () => {
    // Two pins 5 px apart, and a third just far enough not to overlap them, but in the way of their ring.
    const at = [
      { x: 100, y: 100 },
      { x: 105, y: 100 },
      { x: 102, y: 100 + SPACING },
    ]
    const spots = fanOut(at, SPACING)
    expect(spots.every((spot) => spot !== null)).toBe(true)
    expect(overlapping(drawn(at))).toEqual([])
  })
})

describe('fanOut with pills wider than high', () => {
  const pill = { x: 96, y: 34 }
  const overlap = (points: readonly Pixel[]) =>
    points.flatMap((a, i) => points.slice(i + 1).filter((b) => Math.abs(a.x - b.x) < pill.x && Math.abs(a.y - b.y) < pill.y))

  it('leaves pills above one another, or side by side, where they stand', () => {
    expect(fanOut([{ x: 0, y: 0 }, { x: 0, y: pill.y }, { x: pill.x, y: 0 }], pill)).toEqual([null, null, null])
  })

  it.each([2, 5, 14, 20])('spreads %i pills at one position so that none covers another', (count) => {
    const at = Array.from({ length: count }, () => ({ x: 50, y: 50 }))
    const spots = fanOut(at, pill)
    expect(spots.every((spot) => spot !== null)).toBe(true)
    expect(overlap(spots.map((spot, i) => spot ?? at[i]!))).toEqual([])
  })

  it('spreads pills whose widths overlap though their centres are farther apart than a round pin’s', () => {
    const at = [{ x: 0, y: 0 }, { x: 60, y: 0 }]
    expect(fanOut(at, SPACING)).toEqual([null, null])
    expect(overlap(fanOut(at, pill).map((spot, i) => spot ?? at[i]!))).toEqual([])
  })
})

describe('toFanSpots', () => {
  it('places neighbours at least the gap apart, on a ring or a spiral', () => {
    for (const count of [2, 5, 14, 15, 40]) {
      const spots = toFanSpots(count, 65)
      for (const [i, a] of spots.entries()) {
        for (const b of spots.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(65 - 1e-9)
      }
    }
  })
})
