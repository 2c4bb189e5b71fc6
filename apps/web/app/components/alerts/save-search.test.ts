import { describe, expect, it } from 'vitest'
import { readSavedSearch, toSaveSearchUrl } from './save-search.ts'
import { PropertySearchQuerySchema } from '@agency/domain'

describe("'Save this search'", () => {
  it("carries a list's search to the registration, which starts with its criteria", () => {
    const query = { ...PropertySearchQuerySchema.parse({ transaction_type_id: 1 }), locations: [{ lat: 53.48, lng: -2.24, radius: 3 }], min_bedroom: 2, page: 3 }
    const url = toSaveSearchUrl('sales', query, ['Manchester'])
    expect(url.startsWith('/heads-up-alerts/register/buy?')).toBe(true)
    expect(url).not.toContain('page=')
    const saved = readSavedSearch(new URL(url, 'https://agency.example'), 'sales')
    expect(saved?.criteria.locations).toEqual([{ location: 'Manchester', place_id: '53.48,-2.24', lat: 53.48, lng: -2.24, bounds: null, distance: 3 }])
    expect(saved?.criteria.min_bedroom).toBe(2)
    expect(saved?.summary).toBe('Manchester, 3 miles · Any price · 2+ beds')
  })

  it('starts from nothing, never failing, for an address holding no search or a hostile one', () => {
    for (const search of ['', '?locations=%00', '?min_price=1e400', '?min_bedroom=-5', '?locations=91,181,3', `?location_names=${'x'.repeat(5000)}&locations=x`]) {
      expect(readSavedSearch(new URL(`https://agency.example/heads-up-alerts/register/buy${search}`), 'sales'), search).toBeNull()
    }
  })
})
