import { describe, expect, it } from 'vitest'
import * as domain from './index.ts'

describe('@agency/domain barrel', () => {
  it.each([
    'PropertySearchQuerySchema',
    'toPriceLabel',
    'MESSAGES',
    'SALUTATIONS',
    'RADIUS_OPTIONS',
    'SALES_PRICE_STEPS',
    'getRoomOptions',
    'parseMagicLinkEmail',
    'parseLeadEnquiry',
    'toLeadEnquiryPayload',
    'parseAlertContact',
    'parseAlertSubmit',
    'toAlertPayload',
    'typeSelectionReducer',
    'contactListReducer',
    'applicantListReducer',
    'getUpdateAlertEntry',
    'galleryReducer',
    'scoreMatch',
    'distanceMiles',
    'toLeadErrorMessage',
    'defaultViewingTime',
    'FEATURED_PROPERTY_TYPES',
  ])('exports %s', (name) => {
    expect(domain).toHaveProperty(name)
  })
})
