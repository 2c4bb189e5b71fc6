import { DEFAULT_PRE_MARKET_RULE } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { collectBlmMedia, mapBlmRecord, toBlmDate, toBlmPostcode, toCleanAddress, toPlainText } from './map.ts'
import { toSampleBlmRecord } from './write.ts'

const record = (overrides: Record<string, string | number> = {}) => ({
  line: 12,
  values: Object.fromEntries(Object.entries(toSampleBlmRecord('M-1', overrides)).map(([k, v]) => [k, String(v)])),
})

describe('mapBlmRecord', () => {
  it('leaves a count the feed does not give unknown (null), never 0, and keeps a 0 it gives', () => {
    const missing = mapBlmRecord(record({ BATHROOMS: '', LIVING_ROOMS: '' }), DEFAULT_PRE_MARKET_RULE)
    expect(missing.success && [missing.data.fields.bathroom, missing.data.fields.reception]).toEqual([null, null])
    const { BATHROOMS: _b, LIVING_ROOMS: _l, ...values } = record().values
    const absent = mapBlmRecord({ line: 12, values }, DEFAULT_PRE_MARKET_RULE)
    expect(absent.success && [absent.data.fields.bathroom, absent.data.fields.reception]).toEqual([null, null])
    const given = mapBlmRecord(record({ BATHROOMS: 0, LIVING_ROOMS: 2 }), DEFAULT_PRE_MARKET_RULE)
    expect(given.success && [given.data.fields.bathroom, given.data.fields.reception]).toEqual([0, 2])
  })

  it('takes a record whose TOWN is empty, with the places its address names for the importer to find', () => {
    const result = mapBlmRecord(
      record({ TOWN: '', ADDRESS_1: 'Green Tiles,', ADDRESS_2: 'Green Tiles Lane', ADDRESS_3: 'Chalfont St. Peter', ADDRESS_4: 'Gerrards Cross', DISPLAY_ADDRESS: 'Green Tiles,, Green Tiles Lane, Chalfont St. Peter, Gerrards Cross, Buckinghamshire' }),
      DEFAULT_PRE_MARKET_RULE,
    )
    expect(result.success && result.data.localities).toEqual(['Green Tiles Lane', 'Chalfont St. Peter', 'Gerrards Cross', 'Green Tiles', 'Buckinghamshire'])
    expect(result.success && result.data.fields).toMatchObject({ town: '', address_line_1: 'Green Tiles', display_address: 'Green Tiles, Green Tiles Lane, Chalfont St. Peter, Gerrards Cross, Buckinghamshire' })
  })

  it('reads a letting: rent per week as pcm, furnishing, short let, bond and availability date', () => {
    const result = mapBlmRecord(
      record({ TRANS_TYPE_ID: 2, PRICE: 350, LET_RENT_FREQUENCY: 0, LET_FURN_ID: 1, LET_TYPE_ID: 2, LET_BOND: '1,615', LET_DATE_AVAILABLE: '2027-01-15 00:00:00', PRICE_QUALIFIER: 0, PROP_SUB_ID: 9, BEDROOMS: 0 }),
      DEFAULT_PRE_MARKET_RULE,
    )
    expect(result.success && result.data.fields).toMatchObject({
      transaction_type_id: 2,
      property_type_id: 2,
      property_style_id: 13,
      advert_heading: 'Studio flat to rent',
      price: 1517,
      price_qualifier: 'Per Month',
      furnishing: 'part_furnished',
      short_let: true,
      deposit: 1615,
      available_from: '2027-01-15',
      tenure: 'Freehold',
    })
  })

  it('marks shared ownership from the flag or the price qualifier, and new homes from NEW_HOME_FLAG', () => {
    const shared = mapBlmRecord(record({ PRICE_QUALIFIER: 9 }), DEFAULT_PRE_MARKET_RULE)
    expect(shared.success && shared.data.fields).toMatchObject({ shared_ownership: true, price_qualifier: 'Shared Ownership' })
    const newHome = mapBlmRecord(record({ NEW_HOME_FLAG: 'Y', SHARED_OWNERSHIP: 'Y' }), DEFAULT_PRE_MARKET_RULE)
    expect(newHome.success && newHome.data.fields).toMatchObject({ new_home: true, shared_ownership: true })
  })

  it('takes the lease figures of the material information fields, and leaves out what is not a number', () => {
    const lease = mapBlmRecord(record({ TENURE_TYPE_ID: 2, TENURE_UNEXPIRED_YEARS: 125, ANNUAL_GROUND_RENT: 250, ANNUAL_SERVICE_CHARGE: '1,450' }), DEFAULT_PRE_MARKET_RULE)
    expect(lease.success && lease.data.fields).toMatchObject({ lease_years_remaining: 125, ground_rent: 250, service_charge: 1450, broadband: null })
    const odd = mapBlmRecord(record({ TENURE_UNEXPIRED_YEARS: 'about 90' }), DEFAULT_PRE_MARKET_RULE)
    expect(odd.success && odd.data.fields.lease_years_remaining).toBeNull()
    expect(odd.success && odd.data.warnings).toEqual(['TENURE_UNEXPIRED_YEARS "about 90" is not a whole number up to 32767: left out'])
  })

  it('takes Wales\u2019s band I, gives a home in Northern Ireland no band to miss, and refuses a band its nation has not', () => {
    const welsh = mapBlmRecord(record({ POSTCODE1: 'CF10', POSTCODE2: '1PU', COUNCIL_TAX_BAND: 'i' }), DEFAULT_PRE_MARKET_RULE)
    expect(welsh.success && [welsh.data.fields.council_tax_band, welsh.data.warnings]).toEqual(['I', []])
    const english = mapBlmRecord(record({ COUNCIL_TAX_BAND: 'I' }), DEFAULT_PRE_MARKET_RULE)
    expect(english.success && [english.data.fields.council_tax_band, english.data.warnings]).toEqual([
      null,
      ['COUNCIL_TAX_BAND "I" is not a band of the nation of LS6 2AB', 'material information Part A missing (National Trading Standards): council tax band'],
    ])
    const northernIrish = mapBlmRecord(record({ POSTCODE1: 'BT9', POSTCODE2: '5AB', COUNCIL_TAX_BAND: '' }), DEFAULT_PRE_MARKET_RULE)
    expect(northernIrish.success && [northernIrish.data.fields.council_tax_band, northernIrish.data.warnings]).toEqual([null, []])
    const banded = mapBlmRecord(record({ POSTCODE1: 'BT9', POSTCODE2: '5AB', COUNCIL_TAX_BAND: 'D' }), DEFAULT_PRE_MARKET_RULE)
    expect(banded.success && [banded.data.fields.council_tax_band, banded.data.warnings]).toEqual([null, ['COUNCIL_TAX_BAND "D" is not a band of the nation of BT9 5AB']])
  })

  it('locks a record under the pre-market rule', () => {
    const unpublished = mapBlmRecord(record({ PUBLISHED_FLAG: 0 }), DEFAULT_PRE_MARKET_RULE)
    expect(unpublished.success && unpublished.data.fields.is_locked).toBe(true)
    const byStatus = mapBlmRecord(record({ STATUS_ID: 4 }), { unpublished: false, statusIds: [4] })
    expect(byStatus.success && byStatus.data.fields).toMatchObject({ is_locked: true, availability: 'under_offer' })
  })

  it('reports an unknown type as a warning and imports it as a house', () => {
    const result = mapBlmRecord(record({ PROP_SUB_ID: 30 }), DEFAULT_PRE_MARKET_RULE)
    expect(result.success && result.data.warnings).toEqual(['PROP_SUB_ID 30 is not a type we know: imported as a house'])
    expect(result.success && result.data.fields).toMatchObject({ property_type_id: 1, property_style_id: null })
  })

  it('refuses a record with every reason at once', () => {
    expect(mapBlmRecord(record({ AGENT_REF: '', PRICE: '', POSTCODE1: '', POSTCODE2: '', STATUS_ID: 9, TRANS_TYPE_ID: '' }), DEFAULT_PRE_MARKET_RULE)).toEqual({
      success: false,
      line: 12,
      agent_ref: null,
      errors: ['AGENT_REF is empty', 'TRANS_TYPE_ID is empty', 'STATUS_ID 9 is not a BLM v3 status', 'PRICE is empty', 'POSTCODE1 and POSTCODE2 are empty'],
    })
  })

  it('takes coordinates when the export adds them', () => {
    const result = mapBlmRecord(record({ LATITUDE: '53.8123', LONGITUDE: '-1.5512' }), DEFAULT_PRE_MARKET_RULE)
    expect(result.success && [result.data.fields.lat, result.data.fields.lng]).toEqual([53.8123, -1.5512])
  })
})

describe('BLM field helpers', () => {
  it.each([
    ['<p>One.</p><p>Two &amp; three<br/>four</p>', 'One.\n\nTwo & three\nfour'],
    ['&pound;1,200 &#8211; &#x2019;', '£1,200 – ’'],
    ['<b>Bold</b> text', 'Bold text'],
  ])('turns %j into plain text', (html, text) => {
    expect(toPlainText(html)).toBe(text)
  })
  it('joins and tidies the postcode halves', () => {
    expect(toBlmPostcode(' ls6', '2ab ')).toBe('LS6 2AB')
    expect(toBlmPostcode('LS6', '')).toBe('LS6')
  })
  it('reads BLM dates and refuses what is not one', () => {
    expect(toBlmDate('2026-12-01 00:00:00')).toBe('2026-12-01')
    expect(toBlmDate('2026-02-30')).toBeNull()
    expect(toBlmDate('')).toBeNull()
  })
  it('sorts media by slot: photos, EPC graphs, EPC documents, brochures and tours', () => {
    expect(
      collectBlmMedia({
        MEDIA_IMAGE_01: 'b.jpg',
        MEDIA_IMAGE_00: 'a.jpg',
        MEDIA_IMAGE_TEXT_00: 'Front',
        MEDIA_IMAGE_60: 'epc.png',
        MEDIA_FLOOR_PLAN_00: 'plan.png',
        MEDIA_DOCUMENT_00: 'brochure.pdf',
        MEDIA_DOCUMENT_TEXT_00: 'Sales brochure',
        MEDIA_DOCUMENT_01: 'https://agent.example/particulars.pdf',
        MEDIA_DOCUMENT_TEXT_50: 'EPC',
        MEDIA_DOCUMENT_50: 'epc.pdf',
        MEDIA_VIRTUAL_TOUR_00: 'https://tour.example/1',
        MEDIA_VIRTUAL_TOUR_01: 'not a link',
      }),
    ).toEqual({
      photos: [
        { source: 'a.jpg', caption: 'Front' },
        { source: 'b.jpg', caption: null },
      ],
      floorPlans: [{ source: 'plan.png', caption: null }],
      epcImages: [{ source: 'epc.png', caption: null }],
      epcDocuments: [{ source: 'epc.pdf', caption: 'EPC' }],
      virtualTours: ['https://tour.example/1'],
      brochures: [
        { source: 'brochure.pdf', caption: 'Sales brochure' },
        { source: 'https://agent.example/particulars.pdf', caption: null },
      ],
    })
  })
})

describe('toCleanAddress', () => {
  it.each([
    ['Green Tiles,, Green Tiles Lane', 'Green Tiles, Green Tiles Lane'],
    ['Packhorse Road , Gerrards Cross,', 'Packhorse Road, Gerrards Cross'],
    [', Flat 2,  ,  Wexham Court ', 'Flat 2, Wexham Court'],
    ['12 Park Row', '12 Park Row'],
  ])('%s → %s', (text, clean) => expect(toCleanAddress(text)).toBe(clean))
})
