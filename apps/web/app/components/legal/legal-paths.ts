import type { UkCountry } from '@agency/domain'

/** The trust and legal pages, each linked from every page's footer. */
export const LEGAL_PATHS = {
  about: '/about-us',
  fees: '/fees',
  privacy: '/privacy-notice',
  cookies: '/cookies',
  terms: '/terms',
  complaints: '/complaints',
} as const

/**
 * The fees page's part on what a tenant may be charged, by the nation a home to rent is in: each has
 * its own law (England's Tenant Fees Act 2019, Wales's Renting Homes (Fees etc.) (Wales) Act 2019,
 * Scotland's ban on premiums). The agency lets nothing in Northern Ireland: its homes point at the
 * general part.
 */
export const TENANT_FEES_ANCHORS: Record<UkCountry, string> = {
  england: 'tenants',
  wales: 'tenants-wales',
  scotland: 'tenants-scotland',
  northern_ireland: 'tenants',
}

/** One of the legal pages. */
export type LegalPage = keyof typeof LEGAL_PATHS

/** The footer's names of the pages, in its order. */
export const LEGAL_LINKS: ReadonlyArray<{ page: LegalPage; label: string }> = [
  { page: 'about', label: 'About us' },
  { page: 'fees', label: 'Fees for tenants and landlords' },
  { page: 'complaints', label: 'Complaints' },
  { page: 'privacy', label: 'Privacy notice' },
  { page: 'cookies', label: 'Cookies' },
  { page: 'terms', label: 'Terms of use' },
]

/** The logo's address (GET /api/company/logo.svg). */
export const LOGO_PATH = '/api/company/logo.svg'
