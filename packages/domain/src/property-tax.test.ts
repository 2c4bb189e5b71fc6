import { describe, expect, it } from 'vitest'
import { PROPERTY_TAX_MESSAGES, calculatePropertyTax, toStandardPropertyTax, toTaxSlices, type BuyerType } from './property-tax.ts'
import type { UkCountry } from './uk-country.ts'

const taxOf = (price: number, buyerType: BuyerType, country: UkCountry) => {
  const result = calculatePropertyTax({ price, buyerType, country })
  if (!result.success) throw new Error(result.message)
  return result.data.tax
}

describe('Stamp Duty Land Tax, England, from 1 April 2025 (HMRC worked examples)', () => {
  it.each<[number, BuyerType, number, string]>([
    // [price, buyer, expected, arithmetic]
    [295_000, 'home_mover', 4_750, '0% of £125,000 + 2% of £125,000 (£2,500) + 5% of £45,000 (£2,250)'],
    [500_000, 'first_time', 10_000, 'first-time buyer: 0% of £300,000 + 5% of £200,000'],
    [295_000, 'additional', 19_500, '5% of £125,000 (£6,250) + 7% of £125,000 (£8,750) + 10% of £45,000 (£4,500)'],
    [295_000, 'first_time', 0, 'first-time buyer: all of it within the £300,000 nil band'],
    [450_000, 'first_time', 7_500, 'first-time buyer: 5% of £150,000'],
    [500_001, 'first_time', 15_000, 'relief lost over £500,000: £2,500 + 5% of £250,001 (£12,500.05), rounded down'],
    [1_000_000, 'home_mover', 43_750, '£2,500 + 5% of £675,000 (£33,750) + 10% of £75,000 (£7,500)'],
    [2_000_000, 'home_mover', 153_750, '£2,500 + £33,750 + 10% of £575,000 (£57,500) + 12% of £500,000 (£60,000)'],
    [2_000_000, 'additional', 253_750, 'standard £153,750 + 5% of £2,000,000 (£100,000)'],
  ])('£%i for a %s buyer comes to £%i: %s', (price, buyer, expected) => {
    expect(taxOf(price, buyer, 'england')).toBe(expected)
  })

  it.each([
    [125_000, 0, 'the top of the nil band'],
    [125_001, 0, '2% of £1 is 2p, rounded down to £0'],
    [125_050, 1, '2% of £50'],
    [250_000, 2_500, '2% of £125,000'],
    [250_020, 2_501, '£2,500 + 5% of £20'],
    [925_000, 36_250, '£2,500 + 5% of £675,000'],
    [1_500_000, 93_750, '£36,250 + 10% of £575,000'],
    [1_500_100, 93_762, '£93,750 + 12% of £100'],
  ])('at the band edge £%i a home mover pays £%i (%s)', (price, expected) => {
    expect(taxOf(price, 'home_mover', 'england')).toBe(expected)
  })

  it.each([
    [300_000, 0, 'the top of the first-time nil band'],
    [300_020, 1, '5% of £20'],
    [500_000, 10_000, 'the last price with relief'],
  ])('at the first-time edge £%i a first-time buyer pays £%i (%s)', (price, expected) => {
    expect(taxOf(price, 'first_time', 'england')).toBe(expected)
  })

  it('charges no higher rates under £40,000 and 5% on every band from £40,000', () => {
    expect(taxOf(39_999, 'additional', 'england')).toBe(0)
    // 5% of £40,000.
    expect(taxOf(40_000, 'additional', 'england')).toBe(2_000)
  })

  it('taxes Northern Ireland exactly as England', () => {
    expect(taxOf(295_000, 'home_mover', 'northern_ireland')).toBe(4_750)
    expect(taxOf(500_000, 'first_time', 'northern_ireland')).toBe(10_000)
    expect(calculatePropertyTax({ price: 295_000, buyerType: 'home_mover', country: 'northern_ireland' })).toMatchObject({
      success: true,
      data: { regime: 'sdlt' },
    })
  })

  it('breaks £295,000 down band by band and says relief was not applied', () => {
    expect(calculatePropertyTax({ price: 295_000, buyerType: 'home_mover', country: 'england' })).toEqual({
      success: true,
      data: {
        regime: 'sdlt',
        tax: 4_750,
        supplement: 0,
        firstTimeRelief: false,
        effectiveRate: 1.61,
        slices: [
          { from: 0, to: 125_000, rate: 0, taxable: 125_000, taxPence: 0 },
          { from: 125_000, to: 250_000, rate: 200, taxable: 125_000, taxPence: 250_000 },
          { from: 250_000, to: 925_000, rate: 500, taxable: 45_000, taxPence: 225_000 },
        ],
      },
    })
  })

  it('marks first-time relief only when it applies', () => {
    const relieved = calculatePropertyTax({ price: 400_000, buyerType: 'first_time', country: 'england' })
    const lost = calculatePropertyTax({ price: 600_000, buyerType: 'first_time', country: 'england' })
    expect(relieved.success && relieved.data.firstTimeRelief).toBe(true)
    expect(lost.success && lost.data.firstTimeRelief).toBe(false)
  })
})

describe('Land and Buildings Transaction Tax, Scotland (Revenue Scotland style examples)', () => {
  it.each<[number, BuyerType, number, string]>([
    [200_000, 'home_mover', 1_100, '2% of £55,000 above £145,000'],
    [200_000, 'first_time', 500, 'first-time nil band £175,000: 2% of £25,000'],
    [200_000, 'additional', 17_100, '£1,100 + Additional Dwelling Supplement 8% of £200,000 (£16,000)'],
    [310_000, 'home_mover', 5_100, '2% of £105,000 (£2,100) + 5% of £60,000 (£3,000)'],
    [400_000, 'home_mover', 13_350, '£2,100 + 5% of £75,000 (£3,750) + 10% of £75,000 (£7,500)'],
    [400_000, 'first_time', 12_750, 'first-time: 2% of £75,000 (£1,500) + £3,750 + £7,500, relief at any price'],
    [1_000_000, 'home_mover', 78_350, '£2,100 + £3,750 + 10% of £425,000 (£42,500) + 12% of £250,000 (£30,000)'],
  ])('£%i for a %s buyer comes to £%i: %s', (price, buyer, expected) => {
    expect(taxOf(price, buyer, 'scotland')).toBe(expected)
  })

  it.each([
    [145_000, 0],
    [250_000, 2_100],
    [325_000, 5_850],
    [750_000, 48_350],
  ])('at the band edge £%i a home mover pays £%i', (price, expected) => {
    expect(taxOf(price, 'home_mover', 'scotland')).toBe(expected)
  })

  it('adds no supplement under £40,000 and 8% of the whole price from £40,000', () => {
    expect(taxOf(39_999, 'additional', 'scotland')).toBe(0)
    // No LBTT on £40,000; ADS 8% of £40,000 = £3,200.
    const result = calculatePropertyTax({ price: 40_000, buyerType: 'additional', country: 'scotland' })
    expect(result).toMatchObject({ success: true, data: { regime: 'lbtt', tax: 3_200, supplement: 3_200 } })
  })
})

describe('Land Transaction Tax, Wales (Welsh Revenue Authority style examples)', () => {
  it.each<[number, BuyerType, number, string]>([
    [250_000, 'home_mover', 1_500, '6% of £25,000 above £225,000'],
    [250_000, 'first_time', 1_500, 'Wales has no first-time buyer relief'],
    [250_000, 'additional', 14_950, 'higher rates: 5% of £180,000 (£9,000) + 8.5% of £70,000 (£5,950)'],
    [400_000, 'additional', 29_950, '£9,000 + £5,950 + 10% of £150,000 (£15,000)'],
    [2_000_000, 'home_mover', 171_750, '6% of £175,000 (£10,500) + 7.5% of £350,000 (£26,250) + 10% of £750,000 (£75,000) + 12% of £500,000 (£60,000)'],
    [2_000_000, 'additional', 271_200, '£9,000 + £5,950 + £15,000 + 12.5% of £350,000 (£43,750) + 15% of £750,000 (£112,500) + 17% of £500,000 (£85,000)'],
  ])('£%i for a %s buyer comes to £%i: %s', (price, buyer, expected) => {
    expect(taxOf(price, buyer, 'wales')).toBe(expected)
  })

  it.each([
    [225_000, 0],
    [225_001, 0],
    [400_000, 10_500],
    [750_000, 36_750],
    [1_500_000, 111_750],
  ])('at the band edge £%i a home mover pays £%i', (price, expected) => {
    expect(taxOf(price, 'home_mover', 'wales')).toBe(expected)
  })

  it('charges the main rates under £40,000 and the higher rates from £40,000', () => {
    expect(taxOf(39_999, 'additional', 'wales')).toBe(0)
    // 5% of £40,000.
    expect(taxOf(40_000, 'additional', 'wales')).toBe(2_000)
  })
})

describe('bad and empty input', () => {
  it('owes nothing on a price of £0, with an effective rate of 0', () => {
    for (const country of ['england', 'scotland', 'wales', 'northern_ireland'] as const) {
      expect(calculatePropertyTax({ price: 0, buyerType: 'additional', country })).toMatchObject({ success: true, data: { tax: 0, effectiveRate: 0 } })
    }
  })

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1_000_000_001])('refuses the price %s with a message', (price) => {
    expect(calculatePropertyTax({ price, buyerType: 'home_mover', country: 'england' })).toEqual({
      success: false,
      message: PROPERTY_TAX_MESSAGES.PRICE,
      field: 'price',
    })
  })

  it('refuses an unknown buyer type', () => {
    expect(calculatePropertyTax({ price: 100_000, buyerType: 'investor' as BuyerType, country: 'england' })).toEqual({
      success: false,
      message: PROPERTY_TAX_MESSAGES.BUYER_TYPE,
      field: 'buyerType',
    })
  })

  it('gives the standard figure, or null for a price it cannot tax', () => {
    expect(toStandardPropertyTax(295_000, 'england')).toBe(4_750)
    expect(toStandardPropertyTax(-5, 'england')).toBeNull()
  })

  it('slices a price below the first band edge into the nil band only', () => {
    expect(toTaxSlices(100_000, [{ from: 0, rate: 0 }, { from: 125_000, rate: 200 }])).toEqual([
      { from: 0, to: 125_000, rate: 0, taxable: 100_000, taxPence: 0 },
    ])
  })
})
