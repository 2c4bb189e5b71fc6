import type { CompanyProfile } from '@agency/domain'
import { branches, type Db } from '@agency/db'
import { eq } from 'drizzle-orm'
import { getCompanyProfile, getSiteSettings } from '#app/queries/catalogue.ts'

/** Where the e-mails' logo is fetched from: a PNG of the company profile's SVG (mail clients show no SVG). */
export const MAIL_LOGO_PATH = '/api/company/logo.png'

/** The brand colours of e-mails while no company profile is stored. */
export const DEFAULT_MAIL_COLOURS = { primary: '#0b2545', accent: '#c9a227' } as const

/** The branch an e-mail speaks for: named in its footer, with its address and phone. */
export interface MailBranch {
  name: string
  address: string
  phone: string
  email: string
}

/** What every e-mail's frame shows of the agency: its name, logo and colours, and its company details. */
export interface MailBrand {
  agencyName: string
  /** The site's origin ('https://agency.example'), for the home link. */
  origin: string
  /** The absolute address of the logo as PNG; null while no company profile is stored (the name shows instead). */
  logoUrl: string | null
  colours: { primary: string; accent: string }
  /** The company details the law asks to be stated ('Registered in England and Wales …'); empty without a profile. */
  companyLines: string[]
}

/**
 * The company details of the footer: registered name, number, where registered, registered office and
 * VAT number (Companies Act 2006 trading disclosures), and the redress scheme.
 */
export function toCompanyLines(profile: CompanyProfile): string[] {
  return [
    `${profile.legal_name}. Registered in ${profile.registered_in}, company number ${profile.company_number}. Registered office: ${profile.registered_office}.`,
    ...(profile.vat_number ? [`VAT number ${profile.vat_number}.`] : []),
    `Member of ${profile.redress_scheme.name} (${profile.redress_scheme.membership_number}).`,
  ]
}

/** The brand of e-mails from the stored settings: agency name (setting 100) and company profile (setting 109). */
export async function loadMailBrand(db: Db, publicUrl: string): Promise<MailBrand> {
  const origin = new URL(publicUrl).origin
  const [settings, profile] = await Promise.all([getSiteSettings(db), getCompanyProfile(db)])
  return {
    agencyName: settings.agency_name,
    origin,
    logoUrl: profile ? `${origin}${MAIL_LOGO_PATH}` : null,
    colours: profile?.brand_colours ?? DEFAULT_MAIL_COLOURS,
    companyLines: profile ? toCompanyLines(profile) : [],
  }
}

/** A branch as e-mails name it; null for none. */
export async function loadMailBranch(db: Db, branchId: number | null): Promise<MailBranch | null> {
  if (branchId === null) return null
  const [row] = await db.select().from(branches).where(eq(branches.branch_id, branchId))
  return row ? toMailBranch(row) : null
}

/** A branch row as e-mails name it: 'Leeds', '1 Park Row, Leeds LS1 5AB', its phone and address. */
export function toMailBranch(row: { branch_name: string; address: string; postcode: string; phone: string; email: string }): MailBranch {
  const address = row.address.includes(row.postcode) ? row.address : `${row.address} ${row.postcode}`.trim()
  return { name: row.branch_name, address, phone: row.phone, email: row.email }
}
