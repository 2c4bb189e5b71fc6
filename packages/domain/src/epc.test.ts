import { describe, expect, it } from 'vitest'
import { EPC_RATINGS, isEpcRating, toEpcBandLabel, toEpcRating } from './epc.ts'

describe('EPC ratings', () => {
  it.each([
    [100, 'A'],
    [92, 'A'],
    [91, 'B'],
    [81, 'B'],
    [80, 'C'],
    [69, 'C'],
    [68, 'D'],
    [55, 'D'],
    [54, 'E'],
    [39, 'E'],
    [38, 'F'],
    [21, 'F'],
    [20, 'G'],
    [1, 'G'],
  ])('rates a SAP score of %i as %s', (score, rating) => {
    expect(toEpcRating(score)).toBe(rating)
  })

  it.each([0, -3, 50.5, Number.NaN])('gives no rating for %s', (score) => {
    expect(toEpcRating(score)).toBeNull()
  })

  it('labels the bands as the certificate does', () => {
    expect(EPC_RATINGS.map(toEpcBandLabel)).toEqual(['92+', '81-91', '69-80', '55-68', '39-54', '21-38', '1-20'])
  })

  it('knows a rating from anything else', () => {
    expect(isEpcRating('C')).toBe(true)
    expect(isEpcRating('H')).toBe(false)
    expect(isEpcRating(null)).toBe(false)
  })
})
