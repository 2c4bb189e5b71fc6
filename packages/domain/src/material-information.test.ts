import { describe, expect, it } from 'vitest'
import { BLM_COUNCIL_TAX_BANDS } from './blm.ts'
import { COUNCIL_TAX_BANDS, FLOOD_RISK_AUTHORITIES, SCOTTISH_TENURE, hasLeaseTerms, isCouncilTaxBandOf, toCouncilTaxBand, toLocalTax, toTenureWording } from './material-information.ts'
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

describe('council tax bands', () => {
  it.each([
    ['england', 40_000, 'A'],
    ['england', 40_001, 'B'],
    ['england', 320_000, 'G'],
    ['england', 320_001, 'H'],
    ['scotland', 27_000, 'A'],
    ['scotland', 45_000, 'C'],
    ['scotland', 58_001, 'E'],
    ['scotland', 212_001, 'H'],
    ['wales', 44_000, 'A'],
    ['wales', 91_000, 'C'],
    ['wales', 424_000, 'H'],
    ['wales', 424_001, 'I'],
    ['northern_ireland', 150_000, null],
  ] as const)('bands a home in %s worth £%d on its valuation date as %s', (country, value, band) => {
    expect(toCouncilTaxBand(value, country)).toBe(band)
  })

  it('values Wales at 1 April 2003 and England and Scotland at 1 April 1991, and gives Northern Ireland no bands', () => {
    expect([COUNCIL_TAX_BANDS.england?.valuedOn, COUNCIL_TAX_BANDS.scotland?.valuedOn, COUNCIL_TAX_BANDS.wales?.valuedOn]).toEqual(['1991-04-01', '1991-04-01', '2003-04-01'])
    expect(COUNCIL_TAX_BANDS.northern_ireland).toBeNull()
    expect(isCouncilTaxBandOf('I', 'wales')).toBe(true)
    expect(isCouncilTaxBandOf('I', 'england')).toBe(false)
    expect(isCouncilTaxBandOf('A', 'northern_ireland')).toBe(false)
    expect(BLM_COUNCIL_TAX_BANDS).toContain('I')
  })

  it('names the local tax by type and nation: council tax, domestic rates in Northern Ireland, business rates, none for land', () => {
    expect(toLocalTax(1, 'england')).toBe('council tax')
    expect(toLocalTax(2, 'wales')).toBe('council tax')
    expect(toLocalTax(3, null)).toBe('council tax')
    expect(toLocalTax(1, 'northern_ireland')).toBe('domestic rates')
    expect(toLocalTax(5, 'northern_ireland')).toBe('business rates')
    expect(toLocalTax(5, 'scotland')).toBe('business rates')
    expect(toLocalTax(6, 'england')).toBeNull()
  })
})
