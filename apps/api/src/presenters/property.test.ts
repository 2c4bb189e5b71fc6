import { MATERIAL_INFORMATION_DETAIL_KEYS, type PropertyCard, type PropertyDetail } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { ApiPropertyCardSchema, ApiPropertyDetailSchema } from '#app/schemas.ts'
import { toCallerView, toLockedFacts, type LockedFacts } from './property.ts'

const card: PropertyCard = {
  property_profile_id: 7,
  image: 'https://agency.example/api/media/0b6a4c1e-2f3d-4e5a-9b8c-7d6e5f4a3b21/card',
  is_locked: true,
  custom_property_status_title: 'Available',
  advert_heading: 'A detached house in Leeds',
  display_address: 'Church Lane, Leeds',
  full_address: '12 Church Lane, Leeds, LS1 1AB',
  price: { type: { name: 'Guide Price' }, price: '£450,000', numberPrice: 450_000 },
  bedroom: 4,
  bathroom: 2,
  reception: 1,
  summary: 'A fine house.',
  detail_page_url: '/property/7/a-detached-house-in-leeds',
  match_percentage: 80,
  match_reasons: [{ label: 'Within 3 miles of Leeds', matched: true }],
  medias: [
    {
      property_profile_media_id: '0b6a4c1e-2f3d-4e5a-9b8c-7d6e5f4a3b21',
      background: 'https://agency.example/api/media/0b6a4c1e-2f3d-4e5a-9b8c-7d6e5f4a3b21/medium',
      mediaLink: 'https://agency.example/api/media/0b6a4c1e-2f3d-4e5a-9b8c-7d6e5f4a3b21/full',
      isDownloadable: true,
      isIframePlayable: false,
      isVirtualTour: false,
    },
  ],
  transaction_type_id: 1,
  branch_id: 2,
  lat: 53.801234,
  lng: -1.548765,
  location_precision: 'postcode',
  distance: 1.23456,
  created_at: '2026-01-02T03:04:05.000Z',
}

const detail: PropertyDetail = {
  ...card,
  description: 'Four bedrooms.',
  features: ['Garage'],
  floor_plans: [{ image: 'https://agency.example/api/media/3c2b1a09-8f7e-4d6c-a5b4-c3d2e1f0a9b8/full' }],
  epcs: [{ image: 'https://agency.example/api/media/5e4d3c2b-1a09-4f8e-b7d6-c5b4a3f2e1d0/medium', isPDF: true, fileURL: 'https://agency.example/api/media/5e4d3c2b-1a09-4f8e-b7d6-c5b4a3f2e1d0/pdf' }],
  documents: [{ url: 'https://agency.example/api/media/6f5e4d3c-2b1a-4098-b7d6-c5b4a3f2e1d0/pdf', caption: 'Brochure', file_type: 'PDF', size_bytes: 120_000 }],
  branch: null,
  property_type: { property_type_id: 1, name: 'House' },
  property_style: null,
  postcode: 'LS1 1AB',
  material_information: {
    tenure: 'Freehold',
    council_tax_band: 'D',
    epc_rating: 'C',
    furnishing: null,
    available_from: null,
    deposit: null,
    ...(Object.fromEntries(MATERIAL_INFORMATION_DETAIL_KEYS.map((key) => [key, null])) as Record<(typeof MATERIAL_INFORMATION_DETAIL_KEYS)[number], null>),
  },
  price_history: [{ price: 460_000, changed_at: '2025-12-01T00:00:00.000Z' }],
  updated_at: '2026-01-03T00:00:00.000Z',
}

const BLURRED = 'https://agency.example/api/media/0b6a4c1e-2f3d-4e5a-9b8c-7d6e5f4a3b21/blurred'
const LOCKED: LockedFacts = {
  image: BLURRED,
  advert_heading: 'Pre-market property for sale',
  display_address: 'Leeds',
  lat: 53.8,
  lng: -1.55,
}

describe('toCallerView', () => {
  it('keeps only the locked card fields for a caller who may not see the property', () => {
    expect(toCallerView(card, LOCKED, false)).toEqual({
      is_pre_market: true,
      property_profile_id: 7,
      image: BLURRED,
      is_locked: true,
      custom_property_status_title: 'Available',
      advert_heading: 'Pre-market property for sale',
      display_address: 'Leeds',
      full_address: null,
      price: null,
      bedroom: null,
      bathroom: null,
      reception: null,
      summary: null,
      detail_page_url: '/property/7/a-detached-house-in-leeds',
      match_percentage: null,
      medias: [],
      photo_count: null,
      transaction_type_id: 1,
      branch_id: 2,
      lat: 53.8,
      lng: -1.55,
      location_precision: 'postcode',
      distance: 1.2,
      created_at: '2026-01-02T03:04:05.000Z',
    })
  })

  it('redacts the detail fields too', () => {
    const view = toCallerView(detail, LOCKED, false)
    expect(view).toMatchObject({
      description: null,
      features: [],
      floor_plans: [],
      epcs: [],
      documents: [],
      postcode: null,
      material_information: null,
      price_history: [],
      property_type: null,
      property_style: null,
      updated_at: '2026-01-03T00:00:00.000Z',
    })
    expect(ApiPropertyDetailSchema.safeParse(view).success).toBe(true)
  })

  it('shows a locked property in full to a caller who may see it, as not locked for them', () => {
    // Not locked for them, and still marked pre-market (its card and page say 'Pre-market – early access').
    expect(toCallerView(detail, LOCKED, true)).toEqual({ ...detail, is_locked: false, is_pre_market: true })
  })

  it('shows an unlocked property in full to everyone', () => {
    expect(toCallerView({ ...card, is_locked: false }, LOCKED, false)).toEqual({ ...card, is_locked: false, is_pre_market: false })
  })
})

describe('toLockedFacts', () => {
  it('names neither rooms nor type nor street, and rounds the position to about a kilometre', () => {
    const row = { transaction_type_id: 2, town: 'Harrogate', lat: 53.99213, lng: -1.54178, public_lat: 53.99, public_lng: -1.54 }
    expect(toLockedFacts(row, BLURRED)).toEqual({
      image: BLURRED,
      advert_heading: 'Pre-market property to rent',
      display_address: 'Harrogate',
      lat: 53.99,
      lng: -1.54,
    })
  })
})

describe('the response schemas', () => {
  const locked = toCallerView(card, LOCKED, false)

  it.each([
    ['a price', { price: card.price }],
    ['a bedroom count', { bedroom: 4 }],
    ['a summary', { summary: 'A fine house.' }],
    ['a gallery', { medias: card.medias }],
    ['an unblurred picture', { image: card.image }],
    ['a full address', { full_address: card.full_address }],
    ['its real heading', { advert_heading: card.advert_heading }],
  ])('refuse a locked card carrying %s', (_name, leak) => {
    expect(ApiPropertyCardSchema.safeParse({ ...locked, ...leak }).success).toBe(false)
  })

  it('refuse a locked detail carrying its documents', () => {
    const view = toCallerView(detail, LOCKED, false)
    expect(ApiPropertyDetailSchema.safeParse({ ...view, epcs: detail.epcs }).success).toBe(false)
    expect(ApiPropertyDetailSchema.safeParse({ ...view, description: 'Four bedrooms.' }).success).toBe(false)
    expect(ApiPropertyDetailSchema.safeParse({ ...view, property_type: detail.property_type }).success).toBe(false)
  })
})
