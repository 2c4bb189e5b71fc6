import { PropertySearchQuerySchema } from '@agency/domain'
import type { LocationFilter, PropertySearchQuery } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { toLocationLabel, toSearchSummary } from '#app/components/search/search-summary.ts'

const OPEN = PropertySearchQuerySchema.parse({ transaction_type_id: 1 })
const query = (locations: LocationFilter[], more: Partial<PropertySearchQuery> = {}): PropertySearchQuery => ({ ...OPEN, locations, ...more })
const LEEDS: LocationFilter = { lat: 53.79648, lng: -1.54785, radius: 1 }
const POINT: LocationFilter = { lat: 53.48, lng: -2.24, radius: 3 }

describe('the search in short, above a phone’s results', () => {
  it('names the place and its radius', () => {
    expect(toSearchSummary({ searchType: 'sales', query: query([LEEDS]), locationNames: ['Leeds'] })).toEqual({ place: 'Leeds, 1 mile', rest: 'Any price · Any bedrooms' })
    expect(toSearchSummary({ searchType: 'sales', query: query([LEEDS, POINT]), locationNames: ['Leeds', 'Bradford'] }).place).toBe('Leeds +1, 1 mile')
  })

  it('says where a location with no name is in words, never a name it does not have', () => {
    expect(toSearchSummary({ searchType: 'sales', query: query([POINT]), locationNames: [] }).place).toBe('Within 3 miles of a chosen point')
    expect(toSearchSummary({ searchType: 'sales', query: query([{ ...POINT, radius: 1 }]), locationNames: [''] }).place).toBe('Within 1 mile of a chosen point')
    expect(toSearchSummary({ searchType: 'sales', query: query([{ ...POINT, radius: 0 }]), locationNames: [''] }).place).toBe('Chosen area')
    expect(toSearchSummary({ searchType: 'sales', query: query([POINT, LEEDS]), locationNames: [] }).place).toBe('Within 3 miles of a chosen point +1')
    // A named location among them leads, with its own radius.
    expect(toSearchSummary({ searchType: 'sales', query: query([POINT, LEEDS]), locationNames: ['', 'Leeds'] }).place).toBe('Leeds +1, 1 mile')
  })

  it('says a map area or anywhere when there is no location', () => {
    expect(toSearchSummary({ searchType: 'sales', query: query([]), locationNames: [] }).place).toBe('Anywhere')
    expect(toSearchSummary({ searchType: 'sales', query: query([], { bounds: { south: 53.4, west: -2.3, north: 53.5, east: -2.2 } }), locationNames: [] }).place).toBe('Map area')
  })
})

describe('a chosen location in words, as its chip and the summary name it', () => {
  it.each([
    ['Leeds', 1, 'Leeds'],
    [' Leeds ', 0, 'Leeds'],
    ['', 1, 'Within 1 mile of a chosen point'],
    ['', 0.25, 'Within 0.25 mile of a chosen point'],
    ['  ', 3, 'Within 3 miles of a chosen point'],
    [undefined, 0, 'Chosen area'],
  ])('names %j at radius %d "%s"', (name, radius, label) => {
    expect(toLocationLabel({ name, radius })).toBe(label)
  })
})
