/**
 * Tax on buying a home, by UK nation, with the residential rates in force in November 2026:
 * - England and Northern Ireland, Stamp Duty Land Tax (HMRC): the bands from 1 April 2025, first-time
 *   buyers' relief, and the higher rates for additional dwellings (+5 points from 31 October 2024).
 * - Scotland, Land and Buildings Transaction Tax (Revenue Scotland): the bands, the first-time buyer
 *   nil band of £175,000, and the Additional Dwelling Supplement (8% of the whole price from
 *   5 December 2024).
 * - Wales, Land Transaction Tax (Welsh Revenue Authority): the main and the higher residential rates
 *   (from 11 December 2024); Wales has no first-time buyer relief.
 * The additional-property rates do not apply to a price under £40,000 in any nation.
 *
 * Rates are data (basis points, so 7.5% is 750) and the sums are whole numbers, so no float rounding
 * creeps in; the tax is rounded down to the pound, as the authorities' calculators do.
 */
import type { UkCountry } from './uk-country.ts'

/** The three property purchase taxes of the UK. */
export type PropertyTaxRegime = 'sdlt' | 'lbtt' | 'ltt'

/** Who is buying: a first-time buyer, someone replacing their home, or someone buying an additional property. */
export const BUYER_TYPES = ['first_time', 'home_mover', 'additional'] as const
/** One buyer type. */
export type BuyerType = (typeof BUYER_TYPES)[number]

/** The label of each buyer type, as the calculator's radio shows it. */
export const BUYER_TYPE_LABELS: Record<BuyerType, string> = {
  first_time: 'First-time buyer',
  home_mover: 'Home mover',
  additional: 'Additional property',
}

/** The name of each tax as the page shows it. */
export const PROPERTY_TAX_NAMES: Record<PropertyTaxRegime, string> = {
  sdlt: 'Stamp Duty Land Tax',
  lbtt: 'Land and Buildings Transaction Tax',
  ltt: 'Land Transaction Tax',
}

/** The tax of each nation. */
export const PROPERTY_TAX_REGIME: Record<UkCountry, PropertyTaxRegime> = {
  england: 'sdlt',
  northern_ireland: 'sdlt',
  scotland: 'lbtt',
  wales: 'ltt',
}

/** A band: the part of the price above `from` (and up to the next band's `from`) is taxed at `rate`. */
export interface TaxBand {
  /** Pounds. The first band starts at 0. */
  readonly from: number
  /** Basis points: 200 is 2%. */
  readonly rate: number
}

/** One nation's residential rates. */
export interface PropertyTaxRates {
  readonly regime: PropertyTaxRegime
  readonly standard: readonly TaxBand[]
  /** First-time buyer bands, and the price above which the relief is lost (null: no cap). Null when there is no relief. */
  readonly firstTime: { readonly bands: readonly TaxBand[]; readonly maxPrice: number | null } | null
  /** How an additional property is taxed: other bands, points added to every band, or a share of the whole price. */
  readonly additional:
    | { readonly kind: 'bands'; readonly bands: readonly TaxBand[] }
    | { readonly kind: 'surcharge_on_bands'; readonly points: number }
    | { readonly kind: 'supplement_on_price'; readonly rate: number }
  /** Below this price an additional property pays the standard rates. */
  readonly additionalMinPrice: number
}

/** HMRC SDLT residential rates from 1 April 2025 (England and Northern Ireland). */
export const SDLT_RATES: PropertyTaxRates = {
  regime: 'sdlt',
  standard: [
    { from: 0, rate: 0 },
    { from: 125_000, rate: 200 },
    { from: 250_000, rate: 500 },
    { from: 925_000, rate: 1000 },
    { from: 1_500_000, rate: 1200 },
  ],
  // First-time buyers' relief from 1 April 2025: none of it when the price is over £500,000.
  firstTime: {
    bands: [
      { from: 0, rate: 0 },
      { from: 300_000, rate: 500 },
    ],
    maxPrice: 500_000,
  },
  // Higher rates for additional dwellings: 5 points on every band from 31 October 2024.
  additional: { kind: 'surcharge_on_bands', points: 500 },
  additionalMinPrice: 40_000,
}

/** Revenue Scotland LBTT residential rates, with the Additional Dwelling Supplement from 5 December 2024. */
export const LBTT_RATES: PropertyTaxRates = {
  regime: 'lbtt',
  standard: [
    { from: 0, rate: 0 },
    { from: 145_000, rate: 200 },
    { from: 250_000, rate: 500 },
    { from: 325_000, rate: 1000 },
    { from: 750_000, rate: 1200 },
  ],
  // First-time buyer relief raises the nil band to £175,000, at any price.
  firstTime: {
    bands: [
      { from: 0, rate: 0 },
      { from: 175_000, rate: 200 },
      { from: 250_000, rate: 500 },
      { from: 325_000, rate: 1000 },
      { from: 750_000, rate: 1200 },
    ],
    maxPrice: null,
  },
  additional: { kind: 'supplement_on_price', rate: 800 },
  additionalMinPrice: 40_000,
}

/** Welsh Revenue Authority LTT residential rates; higher rates from 11 December 2024. */
export const LTT_RATES: PropertyTaxRates = {
  regime: 'ltt',
  standard: [
    { from: 0, rate: 0 },
    { from: 225_000, rate: 600 },
    { from: 400_000, rate: 750 },
    { from: 750_000, rate: 1000 },
    { from: 1_500_000, rate: 1200 },
  ],
  firstTime: null,
  additional: {
    kind: 'bands',
    bands: [
      { from: 0, rate: 500 },
      { from: 180_000, rate: 850 },
      { from: 250_000, rate: 1000 },
      { from: 400_000, rate: 1250 },
      { from: 750_000, rate: 1500 },
      { from: 1_500_000, rate: 1700 },
    ],
  },
  additionalMinPrice: 40_000,
}

/** The rates of each tax. */
export const PROPERTY_TAX_RATES: Record<PropertyTaxRegime, PropertyTaxRates> = { sdlt: SDLT_RATES, lbtt: LBTT_RATES, ltt: LTT_RATES }

/** The largest price the calculator takes, in pounds. */
export const PROPERTY_TAX_MAX_PRICE = 1_000_000_000

/** A slice of the price and the tax on it, for the breakdown table. */
export interface TaxSlice {
  from: number
  /** Null for the top band. */
  to: number | null
  /** Basis points. */
  rate: number
  /** Pounds of the price in this slice. */
  taxable: number
  /** Tax on the slice in pence (a slice of an odd price may owe part of a pound). */
  taxPence: number
}

/** What the tax comes to. */
export interface PropertyTax {
  regime: PropertyTaxRegime
  /** Whole pounds, rounded down. */
  tax: number
  slices: TaxSlice[]
  /** Scotland's Additional Dwelling Supplement in whole pounds (included in `tax`); 0 elsewhere. */
  supplement: number
  /** True when a first-time buyer's relief was applied. */
  firstTimeRelief: boolean
  /** Tax as a share of the price, in per cent to two places; 0 for a price of 0. */
  effectiveRate: number
}

/** The input of the calculator. */
export interface PropertyTaxInput {
  /** Whole pounds. */
  price: number
  buyerType: BuyerType
  country: UkCountry
}

/** Why an input was refused. */
export const PROPERTY_TAX_MESSAGES = {
  PRICE: 'Please enter a price of £0 or more, in whole pounds.',
  BUYER_TYPE: 'Please choose who is buying.',
} as const

/** The result of calculating a tax: the tax, or why the input was refused. */
export type PropertyTaxResult = { success: true; data: PropertyTax } | { success: false; message: string; field: 'price' | 'buyerType' }

/** Splits a price over bands and taxes each slice, in pence. */
export function toTaxSlices(price: number, bands: readonly TaxBand[]): TaxSlice[] {
  const slices: TaxSlice[] = []
  bands.forEach((band, i) => {
    const next = bands[i + 1]
    const to = next ? next.from : null
    const taxable = Math.max(0, Math.min(price, to ?? price) - band.from)
    // Pounds × basis points ÷ 100 = pence; exact for whole pounds and any rate in basis points.
    if (taxable > 0 || band.from === 0) slices.push({ from: band.from, to, rate: band.rate, taxable, taxPence: (taxable * band.rate) / 100 })
  })
  return slices
}

function bandsFor(rates: PropertyTaxRates, price: number, buyerType: BuyerType): { bands: readonly TaxBand[]; relief: boolean } {
  if (buyerType === 'first_time' && rates.firstTime && (rates.firstTime.maxPrice === null || price <= rates.firstTime.maxPrice)) {
    return { bands: rates.firstTime.bands, relief: true }
  }
  if (buyerType === 'additional' && price >= rates.additionalMinPrice) {
    const { additional } = rates
    if (additional.kind === 'bands') return { bands: additional.bands, relief: false }
    if (additional.kind === 'surcharge_on_bands') {
      return { bands: rates.standard.map((band) => ({ from: band.from, rate: band.rate + additional.points })), relief: false }
    }
  }
  return { bands: rates.standard, relief: false }
}

/**
 * The tax on buying a home at `price` in `country` for `buyerType`. Never throws: a price that is not
 * a whole number of pounds from 0 to £1bn, or an unknown buyer type, is refused with a message.
 */
export function calculatePropertyTax(input: PropertyTaxInput): PropertyTaxResult {
  const { price, buyerType, country } = input
  if (!Number.isSafeInteger(price) || price < 0 || price > PROPERTY_TAX_MAX_PRICE) {
    return { success: false, message: PROPERTY_TAX_MESSAGES.PRICE, field: 'price' }
  }
  if (!BUYER_TYPES.includes(buyerType)) return { success: false, message: PROPERTY_TAX_MESSAGES.BUYER_TYPE, field: 'buyerType' }
  const rates = PROPERTY_TAX_RATES[PROPERTY_TAX_REGIME[country]]
  const { bands, relief } = bandsFor(rates, price, buyerType)
  const slices = toTaxSlices(price, bands)
  const bandPence = slices.reduce((sum, slice) => sum + slice.taxPence, 0)
  const supplementPence =
    buyerType === 'additional' && rates.additional.kind === 'supplement_on_price' && price >= rates.additionalMinPrice
      ? (price * rates.additional.rate) / 100
      : 0
  const tax = Math.floor((bandPence + supplementPence) / 100)
  return {
    success: true,
    data: {
      regime: rates.regime,
      tax,
      slices,
      supplement: Math.floor(supplementPence / 100),
      firstTimeRelief: relief,
      effectiveRate: price === 0 ? 0 : Math.round((tax / price) * 10_000) / 100,
    },
  }
}

/** The tax a home mover pays, or null when the price cannot be taxed (see calculatePropertyTax). */
export function toStandardPropertyTax(price: number, country: UkCountry): number | null {
  const result = calculatePropertyTax({ price, buyerType: 'home_mover', country })
  return result.success ? result.data.tax : null
}
