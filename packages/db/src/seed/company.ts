/**
 * The demo agency's company and compliance details (company setting 109). Hartwell & Co is invented:
 * its company, VAT, scheme and ICO numbers are made up in the right shapes and belong to no one. The
 * fees follow the Tenant Fees Act 2019 (a tenant pays only what it permits) and what agents commonly
 * charge landlords.
 */
import { CMP_CERTIFICATE_PATH, CompanyProfileSchema, DEFAULT_AGENCY_NAME, type CompanyProfile } from '@agency/domain'

// branches.ts's AGENCY_NAME and AGENCY_DOMAIN, not imported: branches.ts lists this profile among the settings.
const AGENCY_NAME = DEFAULT_AGENCY_NAME
const AGENCY_DOMAIN = 'hartwellandco.co.uk'

/** The logo: a roof over the agency's initial, then its name, in the brand's navy and gold. */
export const DEMO_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 48" width="220" height="48" role="img">' +
  '<rect width="48" height="48" rx="8" fill="#c9a227"/>' +
  '<path d="M8 24 24 10l16 14" fill="none" stroke="#0b2545" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<path d="M15 22v16h6v-8h6v8h6V22" fill="#0b2545"/>' +
  '<text x="58" y="31" font-family="Georgia, \'Times New Roman\', serif" font-size="22" font-weight="700" fill="#ffffff">Hartwell &amp; Co</text>' +
  '</svg>'

const REGISTERED_OFFICE = '214 Upper Street, London N1 1RL'

/** The demo agency's company profile, checked against the schema the settings command uses. */
export const DEMO_COMPANY_PROFILE: CompanyProfile = CompanyProfileSchema.parse({
  legal_name: 'Hartwell & Co Estate Agents Limited',
  company_number: '03574219',
  registered_office: REGISTERED_OFFICE,
  registered_in: 'England and Wales',
  vat_number: 'GB123456789',
  logo_svg: DEMO_LOGO_SVG,
  brand_colours: { primary: '#0b2545', accent: '#c9a227' },
  redress_scheme: { name: 'The Property Ombudsman', membership_number: 'D01234', url: 'https://www.tpos.co.uk' },
  client_money_protection: {
    scheme: 'Propertymark Client Money Protection',
    membership_number: 'C0012345',
    url: 'https://www.propertymark.co.uk/professional-standards/consumer-guides/client-money-protection.html',
    // The certificate in the media store (company-documents.ts).
    certificate_url: CMP_CERTIFICATE_PATH,
  },
  professional_bodies: [
    { name: 'Propertymark (ARLA)', membership_number: 'P00123456', url: 'https://www.propertymark.co.uk' },
    { name: 'Propertymark (NAEA)', membership_number: 'P00231874', url: 'https://www.propertymark.co.uk' },
    { name: 'Royal Institution of Chartered Surveyors (RICS)', membership_number: '0123456', url: 'https://www.rics.org' },
  ],
  fees: {
    tenants: [
      {
        name: 'Holding deposit (per tenancy)',
        amount: { kind: 'described', text: "One week's rent" },
        inc_vat: false,
        description: 'Reserves the property. It is paid back, or put towards the first month’s rent, once the tenancy agreement is signed. It may be kept if a tenant gives false information, withdraws, or does not take reasonable steps to sign within 15 calendar days.',
      },
      {
        name: 'Security deposit (per tenancy)',
        amount: { kind: 'described', text: "Five weeks' rent (six weeks' where the annual rent is £50,000 or more)" },
        inc_vat: false,
        description: 'Covers damage or default on the tenancy. It is protected with the Deposit Protection Service.',
      },
      {
        name: 'Unpaid rent',
        amount: { kind: 'described', text: 'Interest at 3% above the Bank of England base rate' },
        inc_vat: false,
        description: 'Charged from the date the rent falls due when it is more than 14 days late.',
      },
      {
        name: 'Lost key or security device',
        amount: { kind: 'described', text: 'The reasonable cost of replacement' },
        inc_vat: true,
        description: 'Where a tenant loses a key or security device, the cost of replacing it (and of a locksmith, new locks and keys for others, if needed).',
      },
      {
        name: 'Variation of contract (at the tenant’s request)',
        amount: { kind: 'fixed', pounds: 50 },
        inc_vat: true,
        description: 'Per agreed change to the tenancy agreement, such as a change of sharer.',
      },
      {
        name: 'Early termination (at the tenant’s request)',
        amount: { kind: 'described', text: 'The landlord’s loss and reasonable costs, at most the rent due for the rest of the tenancy' },
        inc_vat: false,
        description: 'Should a tenant wish to leave before the end of the tenancy.',
      },
    ],
    landlords: [
      { name: 'Let only', amount: { kind: 'percent_of_rent', percent: 9.6 }, inc_vat: true, description: '8% + VAT of the first year’s rent, payable at the start of the tenancy: finding a tenant, referencing, the tenancy agreement and the deposit’s protection.' },
      { name: 'Rent collection', amount: { kind: 'percent_of_rent', percent: 12 }, inc_vat: true, description: '10% + VAT of each month’s rent: let only, then collecting the rent and paying it to the landlord each month.' },
      { name: 'Fully managed', amount: { kind: 'percent_of_rent', percent: 16.8 }, inc_vat: true, description: '14% + VAT of each month’s rent: rent collection, repairs, inspections, safety certificates and the deposit’s return.' },
      { name: 'Inventory and check-in', amount: { kind: 'fixed', pounds: 150 }, inc_vat: true, description: 'Per tenancy, for an unfurnished property of up to two bedrooms; larger properties are quoted.' },
      { name: 'Energy Performance Certificate', amount: { kind: 'fixed', pounds: 90 }, inc_vat: true, description: 'Arranging an EPC, valid for ten years.' },
      { name: 'Gas safety certificate', amount: { kind: 'fixed', pounds: 84 }, inc_vat: true, description: 'Arranging the annual check by a Gas Safe registered engineer.' },
      { name: 'Tenancy renewal', amount: { kind: 'fixed', pounds: 120 }, inc_vat: true, description: 'Negotiating and drawing up a renewal.' },
    ],
  },
  complaints: {
    handler: 'Compliance Manager',
    email: `complaints@${AGENCY_DOMAIN}`,
    postal_address: `Compliance Manager, ${AGENCY_NAME}, ${REGISTERED_OFFICE}`,
    acknowledge_within_days: 3,
    final_response_within_days: 15,
  },
  data_controller: {
    name: 'Hartwell & Co Estate Agents Limited',
    email: `privacy@${AGENCY_DOMAIN}`,
    postal_address: `Data Protection Officer, ${AGENCY_NAME}, ${REGISTERED_OFFICE}`,
    ico_registration_number: 'ZA123456',
  },
  about: [
    `${AGENCY_NAME} is an independent estate and letting agency with twelve branches across England, Wales and Scotland, from Islington to Glasgow.`,
    'We sell and let homes of every kind, from first flats to family houses, and manage homes for landlords who would rather someone else took the calls.',
    'Every branch is run by people who live in the area it covers. We tell sellers what their home will really sell for, tell buyers and tenants what we know about a property, good and bad, and answer the phone.',
  ],
  founded: 1998,
})
