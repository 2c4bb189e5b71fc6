/**
 * The agency's branches and company settings. Hartwell & Co is invented; the towns, coordinates and
 * streets are real. Phone numbers come from Ofcom's ranges reserved for drama (e.g. 0113 496 0xxx),
 * so no real line is ever rung from the demo.
 */
import { COMPANY_SETTING, PromoCardSchema, WEEKDAYS, type OpeningHours, type PromoCard, type TeamMember } from '@agency/domain'
import type { branches } from '../schema/index.ts'
import { DEMO_COMPANY_PROFILE } from './company.ts'

/** The invented agency behind the demo. */
export const AGENCY_NAME = 'Hartwell & Co'
/** Its e-mail domain. */
export const AGENCY_DOMAIN = 'hartwellandco.co.uk'

/** A branch row. */
export type BranchRow = typeof branches.$inferInsert & { branch_id: number; branch_name: string; lat: number; lng: number }

const BRAND_COLOURS = ['#0b4f6c', '#1b7f5b', '#7a2e5c', '#b5542b', '#2f4f9e', '#5b6b2f'] as const

const BRANCH_DATA = [
  ['Islington', '214 Upper Street, London', 'N1 1RL', '020 7946 0321', 51.53707, -0.10258],
  ['Clapham', '38 Clapham High Street, London', 'SW4 7UR', '020 7946 0587', 51.46251, -0.13796],
  ['Reading', '8 Market Place, Reading', 'RG1 2EG', '0118 496 0654', 51.45592, -0.96922],
  ['Bristol', '27 Whiteladies Road, Bristol', 'BS8 2LY', '0117 496 0189', 51.46263, -2.60708],
  ['Cardiff', '23 High Street, Cardiff', 'CF10 1PU', '029 2018 0412', 51.48031, -3.17905],
  ['Birmingham', '101 Colmore Row, Birmingham', 'B3 3AG', '0121 496 0432', 52.48087, -1.89982],
  ['Nottingham', '14 Bridlesmith Gate, Nottingham', 'NG1 2GR', '0115 496 0298', 52.95237, -1.14678],
  ['Manchester', '55 King Street, Manchester', 'M2 4LQ', '0161 496 0750', 53.48107, -2.24401],
  ['Leeds', '12 Park Row, Leeds', 'LS1 5HD', '0113 496 0214', 53.79733, -1.54623],
  ['Newcastle', '40 Grey Street, Newcastle upon Tyne', 'NE1 6AE', '0191 498 0376', 54.97146, -1.61168],
  ['Edinburgh', '85 George Street, Edinburgh', 'EH2 3ES', '0131 496 0517', 55.95337, -3.20039],
  ['Glasgow', '150 Byres Road, Glasgow', 'G12 8TD', '0141 496 0963', 55.87427, -4.29301],
] as const

/** A high-street agency's week: weekdays into the evening once a week, Saturday mornings and early afternoons, Sundays closed. */
function toDemoOpeningHours(index: number): OpeningHours[] {
  const lateDay = WEEKDAYS[index % 4]
  const week: OpeningHours[] = WEEKDAYS.slice(0, 5).map((day) => ({ day, opens: '09:00', closes: day === lateDay ? '19:00' : '17:30' }))
  // The London branches open on Sunday afternoons, as many central agents do.
  return [...week, { day: 'Saturday', opens: '09:00', closes: index < 2 ? '17:00' : '16:00' }, ...(index < 2 ? [{ day: 'Sunday' as const, opens: '11:00', closes: '15:00' }] : [])]
}

const FIRST_NAMES = ['Sarah', 'James', 'Priya', 'Tom', 'Aisha', 'Daniel', 'Rachel', 'Owen', 'Hannah', 'Marcus', 'Chloe', 'Rhys', 'Fatima', 'Liam', 'Megan', 'Ben', 'Zara', 'Callum', 'Emily', 'Arjun', 'Sophie', 'Ross', 'Grace', 'Kieran'] as const
const SURNAMES = ['Whitfield', 'Okafor', 'Patel', 'Brennan', 'Hussain', 'Clarke', 'Morgan', 'Evans', 'Fraser', 'Adeyemi', 'Doyle', 'Pritchard', 'Khan', 'McAllister', 'Shaw', 'Lloyd', 'Begum', 'Reid', 'Hughes', 'Sharma', 'Turner', 'Campbell', 'Walsh', 'Murray'] as const
const ROLES = ['Branch Manager', 'Senior Sales Negotiator', 'Lettings Manager', 'Property Manager'] as const

/** Four people per branch, invented, with the roles a branch of a sales and lettings agency has. */
function toDemoTeam(index: number): TeamMember[] {
  return ROLES.map((role, r) => ({
    name: `${FIRST_NAMES[(index * 2 + r * 5) % FIRST_NAMES.length]} ${SURNAMES[(index * 7 + r * 3) % SURNAMES.length]}`,
    role,
  }))
}

/**
 * The demo branches' map marker image (SPEC §3 Map marker): a white house, drawn beside the branch's
 * name on its marker. An SVG in a data: URL, so the demo needs no image host.
 */
export const DEMO_MARKER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 11.5 12 4l9 7.5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/><path d="M6 10.5V20h4.5v-5h3v5H18v-9.5" fill="#fff"/></svg>',
)}`

/** The demo branches (ids 1–12), north and south, each a Google Maps search link to its address. */
export function getDemoBranches(): BranchRow[] {
  return BRANCH_DATA.map(([branchName, address, postcode, phone, lat, lng], i) => {
    const fullAddress = `${address} ${postcode}`
    return {
      branch_id: i + 1,
      name: `${AGENCY_NAME} ${branchName}`,
      branch_name: branchName,
      phone,
      email: `${branchName.toLowerCase()}@${AGENCY_DOMAIN}`,
      address: fullAddress,
      postcode,
      lat,
      lng,
      show_button: true,
      button_label: 'View on Google Map',
      business_link: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${AGENCY_NAME}, ${fullAddress}`)}`,
      marker_image: DEMO_MARKER_IMAGE,
      color: BRAND_COLOURS[i % BRAND_COLOURS.length] as string,
      version: 1,
      opening_hours: toDemoOpeningHours(i),
      team: toDemoTeam(i),
    }
  })
}

/** SPEC §2 promo cards of grid v2, at list positions 4 and 11. */
export const DEMO_PROMO_CARDS: PromoCard[] = PromoCardSchema.array().parse([
  {
    position: 4,
    alt_title: 'Free market appraisal',
    title: 'Thinking of selling?',
    description: `Book a free, no-obligation valuation with your local ${AGENCY_NAME} team and find out what your home could achieve.`,
    button_label: 'Book a valuation',
    link: '/valuation',
    type: 'valuation',
  },
  {
    position: 11,
    alt_title: 'Heads Up Property Alerts',
    title: 'Get a Heads Up',
    description: 'Register your search and hear about new homes and price reductions before anyone else.',
    button_label: 'Register now',
    link: '/heads-up-alerts/register',
    type: 'alerts',
  },
])

/** The registration intro text (SPEC §1, company setting 51). */
export const DEMO_REGISTRATION_TEXT =
  'Register for Heads Up Property Alerts and be the first to know when a home that suits you comes to the market. ' +
  'Tell us where you would like to live, your budget and what you need, and we will send you a heads-up as soon as ' +
  'a matching property is listed or its price is reduced \u2013 often before it appears anywhere else. ' +
  'You can update, refine or unsubscribe from your alerts at any time.'

/** SPEC §2 Redirect screen: the demo agency's short links (`/go/stamp-duty` …), to the guidance buyers and tenants ask for. */
export const DEMO_REDIRECT_TARGETS = {
  'stamp-duty': 'https://www.gov.uk/stamp-duty-land-tax',
  'how-to-rent': 'https://www.gov.uk/government/publications/how-to-rent',
  'tenancy-deposits': 'https://www.gov.uk/tenancy-deposit-protection',
  'buying-a-home': 'https://www.gov.uk/buy-sell-your-home',
} as const satisfies Record<string, string>

/** The demo company settings, by id. */
export function getDemoSettings(): Array<{ setting_id: number; value: unknown }> {
  return [
    { setting_id: COMPANY_SETTING.REGISTRATION_TEXT, value: DEMO_REGISTRATION_TEXT },
    { setting_id: COMPANY_SETTING.AGENCY_NAME, value: AGENCY_NAME },
    { setting_id: COMPANY_SETTING.DEFAULT_SEARCH_TYPE, value: 'sales' },
    { setting_id: COMPANY_SETTING.PROPERTY_CARD_VARIANT, value: 'v1' },
    { setting_id: COMPANY_SETTING.PROMO_CARDS, value: DEMO_PROMO_CARDS },
    { setting_id: COMPANY_SETTING.SEARCH_PANEL_THEME, value: 'light' },
    { setting_id: COMPANY_SETTING.SLIDER_ARROW_VARIANT, value: 1 },
    { setting_id: COMPANY_SETTING.REGISTER_VARIANT, value: 'v1' },
    { setting_id: COMPANY_SETTING.REDIRECT_TARGETS, value: DEMO_REDIRECT_TARGETS },
    { setting_id: COMPANY_SETTING.COMPANY_PROFILE, value: DEMO_COMPANY_PROFILE },
  ]
}
