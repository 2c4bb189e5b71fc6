import { describe, expect, it } from 'vitest'
import { toUkCountry } from './uk-country.ts'

describe('toUkCountry', () => {
  it.each([
    ['SW1A 1AA', 'england'],
    ['LS1 4AP', 'england'],
    ['EH3 9QG', 'scotland'],
    ['eh3 9qg', 'scotland'],
    ['G1 1XQ', 'scotland'],
    ['ZE1 0AA', 'scotland'],
    ['TD1 1AA', 'scotland'],
    ['TD15 1AA', 'england'],
    ['TD12 4AA', 'england'],
    ['CF10 1EP', 'wales'],
    ['LL30 2AA', 'wales'],
    ['CH5 1AA', 'wales'],
    ['CH8 7AA', 'wales'],
    ['CH1 1AA', 'england'],
    ['SY23 1AA', 'wales'],
    ['SY1 1AA', 'england'],
    ['BT1 5GS', 'northern_ireland'],
  ] as const)('places %s in %s', (postcode, country) => {
    expect(toUkCountry(postcode)).toBe(country)
  })

  it.each(['GY1 1AA', 'JE2 3AA', 'IM1 1AA', 'not a postcode', ''])('gives no nation for %j', (postcode) => {
    expect(toUkCountry(postcode)).toBeNull()
  })
})
