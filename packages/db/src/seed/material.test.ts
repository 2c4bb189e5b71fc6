import { toEpcRating } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { toMaterialColumns, type MaterialFacts } from './material.ts'
import { Random } from './random.ts'

const HOUSE: MaterialFacts = { sales: true, kind: 'house', styleId: 2, tenure: 'Freehold', epcRating: 'D', newHome: false, hasParking: true, rural: false, country: 'england' }
const FLAT: MaterialFacts = { ...HOUSE, kind: 'flat', styleId: 9, tenure: 'Leasehold', hasParking: false }

const many = (facts: MaterialFacts, n = 300) => Array.from({ length: n }, (_, i) => toMaterialColumns(facts, Random.for(1, 3, i)))

describe('demo material information', () => {
  it('gives the same facts for the same stream', () => {
    expect(toMaterialColumns(HOUSE, Random.for(7, 3, 1))).toEqual(toMaterialColumns(HOUSE, Random.for(7, 3, 1)))
  })

  it('scores the current rating inside its band and never rates the potential below it', () => {
    for (const row of many(HOUSE)) {
      expect(toEpcRating(row.epc_current_score!)).toBe('D')
      expect(row.epc_potential_score!).toBeGreaterThanOrEqual(row.epc_current_score!)
      expect(row.epc_potential_rating).toBe(toEpcRating(row.epc_potential_score!))
    }
  })

  it('gives a freehold house no lease, and a leasehold flat a lease, ground rent and service charge', () => {
    for (const row of many(HOUSE)) expect([row.lease_years_remaining, row.ground_rent, row.service_charge]).toEqual([null, null, null])
    const flats = many(FLAT)
    expect(flats.filter((row) => row.lease_years_remaining !== null).length).toBeGreaterThan(240)
    for (const row of flats) {
      if (row.lease_years_remaining !== null) expect(row.lease_years_remaining).toBeGreaterThanOrEqual(40)
      if (row.service_charge !== null) expect(row.service_charge).toBeGreaterThanOrEqual(600)
    }
  })

  it('knows most facts but leaves some for the agent to answer', () => {
    const rows = many(HOUSE)
    for (const key of ['heating', 'broadband', 'flood_risk', 'mobile_signal'] as const) {
      const known = rows.filter((row) => row[key] !== null).length
      expect(known, key).toBeGreaterThan(200)
      expect(known, key).toBeLessThan(300)
    }
  })

  it('has no ratings without an EPC, and no services for a plot of land', () => {
    const land = toMaterialColumns({ ...HOUSE, kind: 'land', styleId: 23, epcRating: null }, Random.for(1, 3, 1))
    expect(land).toMatchObject({ epc_current_score: null, epc_potential_rating: null, heating: null, broadband: null, parking: null })
  })

  it.each([
    ['england', 'Environment Agency'],
    ['wales', 'Natural Resources Wales'],
    ['scotland', 'SEPA'],
    ['northern_ireland', 'DfI Rivers'],
  ] as const)('credits the flood risk of a home in %s to %s', (country, body) => {
    const risks = new Set(many({ ...HOUSE, country }).map((row) => row.flood_risk).filter((risk) => risk !== null))
    expect(risks.size).toBeGreaterThan(1)
    for (const risk of risks) expect(risk).toContain(`(${body});`)
  })

  it('gives a Scottish home, owned, no lease', () => {
    for (const row of many({ ...FLAT, tenure: 'Ownership', country: 'scotland' })) expect([row.lease_years_remaining, row.ground_rent, row.service_charge]).toEqual([null, null, null])
  })

  it.each([
    [20, /allocated spaces|public car parks/, /Air conditioning|comfort cooling/],
    [21, /customer car park|Pay and display/, /Air conditioning to the sales area/],
    [22, /Yard|estate parking/, /warm air heaters/],
  ] as const)('gives commercial premises of style %i the services, parking and facts a commercial agent states', (styleId, parking, heating) => {
    const rows = many({ ...HOUSE, kind: 'commercial', styleId, epcRating: 'C', hasParking: styleId !== 21 })
    for (const row of rows) {
      if (row.parking !== null) expect(row.parking).toMatch(parking)
      if (row.heating !== null) expect(row.heating).toMatch(heating)
      if (row.broadband !== null) expect(row.broadband).toMatch(/leased line/)
      expect([row.construction, row.restrictions, row.accessibility].join(' ')).not.toMatch(/tiled roof|garden|caravans|first floor; one step|driveway/i)
    }
  })

  it('gives a building plot its planning permission and services in the lane, and farmland agricultural use and none', () => {
    for (const row of many({ ...HOUSE, kind: 'land', styleId: 23, epcRating: null })) {
      if (row.restrictions !== null) expect(row.restrictions).toBe('Outline planning permission for one dwelling')
      if (row.water_supply !== null) expect(row.water_supply).toBe('None connected; mains water in the lane')
    }
    for (const row of many({ ...HOUSE, kind: 'land', styleId: 24, epcRating: null })) {
      if (row.restrictions !== null) expect(row.restrictions).toMatch(/^Agricultural use only/)
      if (row.water_supply !== null) expect(row.water_supply).toBe('None connected')
    }
  })
})
