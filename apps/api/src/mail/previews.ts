/**
 * Every e-mail the site sends, rendered from sample data: what `npm run mail:previews -w @agency/api`
 * writes to .html files to look at, and what the end-to-end tests open in Chromium and check with axe.
 */
import { DEMO_COMPANY_PROFILE } from '@agency/db'
import { APPLICANT_PROFILE, AlertCriteriaSchema, DEFAULT_AGENCY_NAME, LeadEnquiryPayloadSchema, toAlertSummary, toLettingsAdvertMessage } from '@agency/domain'
import { MAIL_LOGO_PATH, toCompanyLines, type MailBranch, type MailBrand } from './brand.ts'
import type { RenderedMail } from './render.ts'
import { renderAlertConfirmationMail, renderAlertSwitchedOffMail, renderBranchDigestMail, renderBranchRegistrationMail, toCriteriaFacts, type RegistrationDetails } from './templates/alerts.tsx'
import { renderHeadsUpMail } from './templates/heads-up.tsx'
import { renderBranchLeadMail, renderLeadAcknowledgementMail } from './templates/leads.tsx'
import { renderMagicLinkMail } from './templates/magic-link.tsx'
import { renderFeedRefusalsMail } from './templates/feed-refusals.tsx'

/** One e-mail to look at: a file-friendly name and the e-mail. */
export interface MailPreview {
  name: string
  mail: RenderedMail
}

/** What the previews are drawn with: the agency's brand, a branch, and the pictures of three properties. */
export interface MailPreviewOptions {
  brand: MailBrand
  branch: MailBranch
  /** Absolute addresses of card pictures; the properties take them in turn. */
  pictures: readonly string[]
}

/** The demo agency's brand as its e-mails show it, on a site at `origin`; its logo from that site unless `logoUrl` says otherwise. */
export function toPreviewBrand(origin: string, logoUrl: string = `${origin}${MAIL_LOGO_PATH}`): MailBrand {
  return {
    agencyName: DEFAULT_AGENCY_NAME,
    origin,
    logoUrl,
    colours: DEMO_COMPANY_PROFILE.brand_colours,
    companyLines: toCompanyLines(DEMO_COMPANY_PROFILE),
  }
}

/** A demo branch as e-mails name it. */
export const PREVIEW_BRANCH: MailBranch = { name: 'Leeds', address: '1 Park Row, Leeds LS1 5AB', phone: '0113 496 0000', email: 'leeds@hartwellandco.co.uk' }

const AT = new Date('2026-11-29T09:00:00Z')

/** Renders every e-mail from sample data. */
export async function renderMailPreviews({ brand, branch, pictures }: MailPreviewOptions): Promise<MailPreview[]> {
  const origin = brand.origin
  const picture = (n: number) => pictures[n % Math.max(1, pictures.length)] ?? null
  const criteria = AlertCriteriaSchema.parse({
    locations: [
      { place_id: 'didsbury', location: 'Didsbury', lat: 53.4166, lng: -2.2312, distance: 3 },
      { place_id: 'chorlton', location: 'Chorlton', lat: 53.4415, lng: -2.2766, distance: 0.25 },
    ],
    min_price: 300_000,
    max_price: 475_000,
    min_bedroom: 3,
    property_types: [{ property_type_id: 1, property_style_ids: [] }],
    must_haves: ['garden'],
  })
  const registration: RegistrationDetails = {
    contactName: 'Priya Shah',
    email: 'priya.shah@example.com',
    phone: '07400 123456',
    address: '12 Barlow Moor Road, Manchester M20 6TR',
    profile: 'Buyer',
    circumstances: [
      { question: 'What is your buying position?', answer: 'Property to sell' },
      { question: 'Do you have a property to sell?', answer: 'Yes, under offer' },
      { question: 'Do you have a mortgage in principle?', answer: 'Yes' },
      { question: 'When are you hoping to move?', answer: 'Within 3 months' },
    ],
    criteria: toCriteriaFacts(criteria, 'sales', new Map([[1, 'House']])),
    confirmed: true,
    others: ['Ravi Shah (ravi.shah@example.com, 07700 900123)'],
    registeredAt: AT,
  }
  const payload = LeadEnquiryPayloadSchema.parse({
    i_would_like: ['to-view-a-property'],
    salutation_id: 4,
    name: 'Ann',
    surname: 'Lee',
    viewing_lead_date: '2026-12-02T17:30',
    comment: 'Is the garden south-facing? We could view any weekday after work.',
    email: 'ann.lee@example.com',
    mobile_phone: '+447400123456',
    contact_address: { suggestion_id: 'typed:1', display_name: '12 High Street, Leeds LS1 1AA' },
    i_have_a_property_to_sell: 'under-offer',
    i_have_a_property_to_let: 'no',
    my_property_valued: 'no',
    property_address: 'Park Row, Leeds',
    url: `${origin}/property/1/2-bedroom-flat-for-sale-park-row-leeds`,
    transaction_type_id: 1,
    property_profile_id: 1,
    price: 250000,
    bedrooms: 2,
    confirm: 'confirmed',
    branch_id: 1,
  })
  const propertyLink = `${origin}/property/1/2-bedroom-flat-for-sale-park-row-leeds`
  const links = {
    updateLink: `${origin}/heads-up-alerts/update?token=sample`,
    unsubscribeLink: `${origin}/api/alerts/unsubscribe?token=sample`,
  }
  return [
    { name: 'login-link', mail: await renderMagicLinkMail({ brand, link: `${origin}/login/verify?token=sample-token-0123456789`, expiresInMinutes: 15, name: 'Amelia' }) },
    {
      name: 'alert-confirmation',
      mail: await renderAlertConfirmationMail({
        brand,
        link: `${origin}/heads-up-alerts/confirm?token=sample-token-0123456789`,
        expiresInDays: 7,
        looking: 'buying',
        name: 'Priya',
        alert: toAlertSummary({ profile_id: APPLICANT_PROFILE.BUYER, criteria }, new Map([[1, 'House']])),
      }),
    },
    {
      name: 'heads-up',
      mail: await renderHeadsUpMail({
        brand,
        branch,
        name: 'Priya',
        looking: 'buying',
        items: [
          {
            kind: 'pre_market',
            isPreMarket: true,
            heading: '4 bedroom detached house for sale',
            address: 'Fog Lane, Didsbury',
            price: '£465,000',
            oldPrice: null,
            matchPercentage: 96,
            matchSummary: 'In Didsbury · price within range · 1 bedroom more',
            link: `${origin}/property/3/4-bedroom-detached-house-for-sale-fog-lane-didsbury`,
            imageUrl: picture(0),
          },
          {
            kind: 'price_reduced',
            heading: '3 bedroom semi-detached house for sale',
            address: 'Beech Road, Chorlton',
            price: '£375,000',
            oldPrice: '£395,000',
            matchPercentage: 88,
            matchSummary: 'In Chorlton · price within range',
            link: `${origin}/property/2/3-bedroom-semi-detached-house-for-sale-beech-road-chorlton`,
            imageUrl: picture(1),
          },
        ],
        ...links,
      }),
    },
    {
      name: 'alert-switched-off',
      mail: await renderAlertSwitchedOffMail({
        brand,
        branch,
        name: 'Priya',
        looking: 'buying',
        criteria: toCriteriaFacts(criteria, 'sales', new Map()).slice(0, 2),
        myAlertsLink: `${origin}/heads-up-alerts/my-alerts`,
        switchedOffAt: AT,
      }),
    },
    {
      name: 'enquiry-acknowledgement',
      mail: await renderLeadAcknowledgementMail({
        brand,
        branch,
        payload,
        property: { heading: '2 bedroom flat for sale', address: 'Park Row, Leeds', price: '£250,000', link: propertyLink, imageUrl: picture(2) },
      }),
    },
    {
      name: 'branch-enquiry',
      mail: await renderBranchLeadMail({
        brand,
        branch,
        leadId: '5f0c8a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
        payload,
        propertyLink,
        loggedIn: true,
        circumstances: registration.circumstances,
        sentAt: AT,
      }),
    },
    { name: 'branch-registration', mail: await renderBranchRegistrationMail({ brand, branch, ...registration }) },
    {
      name: 'branch-digest',
      mail: await renderBranchDigestMail({
        brand,
        branch,
        registrations: [
          { ...registration, email: null, confirmed: false, others: [] },
          { ...registration, contactName: 'Tom Brooks', email: null, phone: '07700 900456', confirmed: false, others: [], circumstances: [], address: null },
        ],
      }),
    },
    {
      name: 'feed-refusals',
      mail: await renderFeedRefusalsMail({
        brand,
        branch,
        source: 'hartwell-weekly.blm',
        refusals: [
          { line: 14, agent_ref: 'HW-L-0412', display_address: 'Cardigan Road, Headingley, Leeds', rule: 'deterring_wording', field: 'FEATURE3', words: 'No DSS', message: toLettingsAdvertMessage({ rule: 'deterring_wording', field: 'FEATURE3', words: 'No DSS' }), branch_code: 1 },
          { line: 15, agent_ref: 'HW-L-0413', display_address: 'Otley Road, Adel, Leeds', rule: 'rent_qualifier', field: 'PRICE_QUALIFIER', words: 'Offers Over', message: toLettingsAdvertMessage({ rule: 'rent_qualifier', field: 'PRICE_QUALIFIER', words: 'Offers Over' }), branch_code: 1 },
        ],
      }),
    },
  ]
}
