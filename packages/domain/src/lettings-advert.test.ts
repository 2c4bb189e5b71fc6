import { describe, expect, it } from 'vitest'
import { findLettingsAdvertBreaches, toLettingsAdvertMessage } from './lettings-advert.ts'

const advert = (overrides: { price?: string; priceQualifier?: number | null; summary?: string; description?: string; features?: string[] } = {}) => ({
  price: overrides.price ?? '1250',
  priceQualifier: overrides.priceQualifier ?? 0,
  texts: [
    { field: 'SUMMARY', text: overrides.summary ?? 'A bright two bedroom flat close to the station.' },
    { field: 'DESCRIPTION', text: overrides.description ?? 'Newly decorated, with a garden and parking. No chain.' },
    ...(overrides.features ?? ['Garden', 'Parking']).map((text, i) => ({ field: `FEATURE${i + 1}`, text })),
  ],
})

describe("Renters' Rights Act 2025: a lettings advert must state one specific rent", () => {
  it('publishes a letting at one amount, with the Default or Fixed Price qualifier', () => {
    expect(findLettingsAdvertBreaches(advert())).toEqual([])
    expect(findLettingsAdvertBreaches(advert({ priceQualifier: 3 }))).toEqual([])
    expect(findLettingsAdvertBreaches(advert({ priceQualifier: null }))).toEqual([])
  })

  it.each(['POA', 'p.o.a.', 'Price on application', '0', ''])('refuses a rent of %j as no rent stated', (price) => {
    expect(findLettingsAdvertBreaches(advert({ price }))).toEqual([{ rule: 'rent_poa', field: 'PRICE', words: price || '(empty)' }])
  })

  it('refuses the POA price qualifier', () => {
    expect(findLettingsAdvertBreaches(advert({ priceQualifier: 1 }))).toEqual([{ rule: 'rent_poa', field: 'PRICE_QUALIFIER', words: 'POA' }])
  })

  it.each(['1,200-1,400', '£1200 - £1400', '1200 to 1400', '1200–1400'])('refuses a rent range %j', (price) => {
    expect(findLettingsAdvertBreaches(advert({ price }))).toEqual([{ rule: 'rent_range', field: 'PRICE', words: price }])
  })

  it.each([
    [10, 'Offers Over'],
    [4, 'Offers in Excess of'],
    [5, 'Offers in the Region of'],
    [2, 'Guide Price'],
    [7, 'From'],
    [15, 'Offers Invited'],
  ])('refuses the price qualifier %i (%s)', (code, label) => {
    expect(findLettingsAdvertBreaches(advert({ priceQualifier: code }))).toEqual([{ rule: 'rent_qualifier', field: 'PRICE_QUALIFIER', words: label }])
  })
})

describe("Renters' Rights Act 2025: an agent must not invite or encourage bids above the rent", () => {
  it.each([
    ['Best and final offers by Friday noon.', 'Best and final offers'],
    ['Offers invited from interested tenants', 'Offers invited'],
    ['Sealed bids only.', 'Sealed bids'],
  ])('refuses %j', (description, words) => {
    expect(findLettingsAdvertBreaches(advert({ description }))).toEqual([{ rule: 'bidding_wording', field: 'DESCRIPTION', words }])
  })
})

describe("Renters' Rights Act 2025: an advert must not deter tenants with children or who receive benefits", () => {
  it.each([
    ['No DSS', 'No DSS'],
    ['NO D.S.S.', 'NO D.S.S.'],
    ['no-dss!', 'no-dss'],
    ['Sorry, no dss or pets', 'no dss'],
    ['No benefits', 'No benefits'],
    ['No children', 'No children'],
    ['Working professionals only', 'Working professionals only'],
    ['Not suitable for families.', 'Not suitable for families'],
  ])('refuses the feature %j', (feature, words) => {
    expect(findLettingsAdvertBreaches(advert({ features: ['Garden', feature] }))).toEqual([{ rule: 'deterring_wording', field: 'FEATURE2', words }])
  })

  it('reads the summary and description too, one breach per rule and field', () => {
    expect(findLettingsAdvertBreaches(advert({ summary: 'Smart flat. No DSS, no children.', description: 'Best and final offers by Monday. No DSS.' }))).toEqual([
      { rule: 'deterring_wording', field: 'SUMMARY', words: 'No DSS' },
      { rule: 'bidding_wording', field: 'DESCRIPTION', words: 'Best and final offers' },
      { rule: 'deterring_wording', field: 'DESCRIPTION', words: 'No DSS' },
    ])
  })

  it.each([
    "Beside the children's play area and the primary school.",
    'No chain. Families will love the garden.',
    'Ideal for professionals and families alike; children welcome.',
    'No smoking.',
    'The benefits of the location are many.',
  ])('publishes innocent wording: %j', (description) => {
    expect(findLettingsAdvertBreaches(advert({ description }))).toEqual([])
  })
})

describe('toLettingsAdvertMessage', () => {
  it('names the rule, the field, the words and the Act', () => {
    expect(toLettingsAdvertMessage({ rule: 'deterring_wording', field: 'FEATURE2', words: 'No DSS' })).toBe(
      "not published: FEATURE2 deters tenants with children or who receive benefits ('No DSS'); a lettings advert must not (Renters' Rights Act 2025)",
    )
    expect(toLettingsAdvertMessage({ rule: 'rent_qualifier', field: 'PRICE_QUALIFIER', words: 'Offers Over' })).toBe(
      "not published: the rent is qualified as 'Offers Over' (PRICE_QUALIFIER); a lettings advert must state one specific rent, with no qualifier (Renters' Rights Act 2025)",
    )
  })
})
