import { describe, expect, it } from 'vitest'
import { FLOOD_RISK_AUTHORITIES, SCOTTISH_TENURE, hasLeaseTerms, toTenureWording } from './material-information.ts'
import { toUkCountry } from './uk-country.ts'

describe('toTenureWording', () => {
  it.each(['Freehold', 'Share of Freehold', 'Feudal', 'Commonhold'])('words %j as Ownership for a property in Scotland', (tenure) => {
    expect(toTenureWording(tenure, toUkCountry('EH3 9QG'))).toBe('Ownership')
    expect(SCOTTISH_TENURE).toBe('Ownership')
  })

  it('keeps a Scottish lease a lease', () => {
    expect(toTenureWording('Leasehold', 'scotland')).toBe('Leasehold')
  })

  it('keeps the stated tenure in England, Wales and Northern Ireland, and an unknown one unknown', () => {
    expect(toTenureWording('Freehold', toUkCountry('SW4 7UR'))).toBe('Freehold')
    expect(toTenureWording('Freehold', toUkCountry('CF10 1PU'))).toBe('Freehold')
    expect(toTenureWording('Leasehold', toUkCountry('BT1 5GS'))).toBe('Leasehold')
    expect(toTenureWording('Freehold', toUkCountry('TD15 1AA'))).toBe('Freehold')
    expect(toTenureWording(null, 'scotland')).toBeNull()
  })
})

describe('hasLeaseTerms', () => {
  it('asks for a lease only where there is one', () => {
    expect(hasLeaseTerms('Leasehold')).toBe(true)
    expect(hasLeaseTerms('Share of Freehold')).toBe(true)
    for (const tenure of ['Freehold', 'Ownership', 'Feudal', 'Commonhold', null]) expect(hasLeaseTerms(tenure), String(tenure)).toBe(false)
  })
})

describe('FLOOD_RISK_AUTHORITIES', () => {
  it('credits each nation’s own flood maps', () => {
    expect(FLOOD_RISK_AUTHORITIES).toEqual({ england: 'Environment Agency', wales: 'Natural Resources Wales', scotland: 'SEPA', northern_ireland: 'DfI Rivers' })
  })
})
