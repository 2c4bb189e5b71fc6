import { describe, expect, it } from 'vitest'
import { EARTH_RADIUS_MILES, distanceMiles, isWithinBounds, milesBeyondBounds, toBoundingBox, toNearestInBounds } from './geo.ts'

const london = { lat: 51.5074, lng: -0.1278 }
const manchester = { lat: 53.4808, lng: -2.2426 }

describe('distanceMiles (haversine, 3958.8 miles)', () => {
  it.each([
    ['London to Manchester', london, manchester, 162.79],
    ['Leeds to York', { lat: 53.7997, lng: -1.5492 }, { lat: 53.959, lng: -1.0815 }, 22.0],
    ['one degree of latitude', { lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 69.09],
    ['half way round the equator', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 12436.94],
    ['a point to itself', london, london, 0],
  ])('%s is %f miles', (_case, a, b, miles) => {
    expect(Math.round(distanceMiles(a, b) * 100) / 100).toBe(miles)
  })
  it('is symmetric and uses the SPEC radius', () => {
    expect(distanceMiles(manchester, london)).toBe(distanceMiles(london, manchester))
    expect(EARTH_RADIUS_MILES).toBe(3958.8)
  })
})

describe('toBoundingBox', () => {
  it('holds every point within the radius', () => {
    const box = toBoundingBox({ lat: 53.8, lng: -1.55 }, 3)
    expect(Math.round(distanceMiles({ lat: 53.8, lng: -1.55 }, { lat: box.north, lng: -1.55 }) * 1000) / 1000).toBe(3)
    expect(Math.round(distanceMiles({ lat: 53.8, lng: -1.55 }, { lat: 53.8, lng: box.east }) * 100) / 100).toBeGreaterThanOrEqual(3)
    expect(box.south).toBeLessThan(53.8)
    expect(box.west).toBeLessThan(-1.55)
  })
})

describe('isWithinBounds', () => {
  const leeds = { south: 53.7, west: -1.7, north: 53.9, east: -1.4 }
  it('includes the inside and the edges, and nothing outside', () => {
    expect(isWithinBounds({ lat: 53.8, lng: -1.55 }, leeds)).toBe(true)
    expect(isWithinBounds({ lat: 53.7, lng: -1.4 }, leeds)).toBe(true)
    expect(isWithinBounds({ lat: 53.95, lng: -1.55 }, leeds)).toBe(false)
    expect(isWithinBounds({ lat: 53.8, lng: -1.3 }, leeds)).toBe(false)
  })
  it('reads west east of east as a box across the antimeridian', () => {
    const fiji = { south: -19, west: 177, north: -16, east: -179 }
    expect(isWithinBounds({ lat: -17, lng: 178 }, fiji)).toBe(true)
    expect(isWithinBounds({ lat: -17, lng: -179.5 }, fiji)).toBe(true)
    expect(isWithinBounds({ lat: -17, lng: 0 }, fiji)).toBe(false)
  })
})

describe("a point's distance beyond a bounding box", () => {
  const box = { south: 53.7, west: -1.7, north: 53.9, east: -1.4 }
  it('is 0 within the box and measured to the nearest edge or corner outside it', () => {
    expect(milesBeyondBounds({ lat: 53.8, lng: -1.5 }, box)).toBe(0)
    expect(toNearestInBounds({ lat: 54.0, lng: -1.5 }, box)).toEqual({ lat: 53.9, lng: -1.5 })
    expect(toNearestInBounds({ lat: 54.0, lng: -1.0 }, box)).toEqual({ lat: 53.9, lng: -1.4 })
    expect(milesBeyondBounds({ lat: 54.0, lng: -1.5 }, box)).toBeCloseTo(6.91, 2)
  })
  it('goes to the nearer edge of a box across the antimeridian', () => {
    const across = { south: -20, west: 170, north: -10, east: -170 }
    expect(toNearestInBounds({ lat: -15, lng: 179 }, across)).toEqual({ lat: -15, lng: 179 })
    expect(toNearestInBounds({ lat: -15, lng: 160 }, across)).toEqual({ lat: -15, lng: 170 })
    expect(toNearestInBounds({ lat: -15, lng: -160 }, across)).toEqual({ lat: -15, lng: -170 })
  })
})
