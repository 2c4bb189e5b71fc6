/**
 * The agency's company and compliance details (company setting 109, COMPANY_SETTING.COMPANY_PROFILE):
 * what the law asks a UK estate and letting agent to publish on its website, and what the footer,
 * the legal pages and the lettings property pages show.
 * - Consumer Rights Act 2015 s.83–88: the letting agent's fees, its redress scheme and whether it
 *   holds client money protection (with the scheme's name).
 * - Client Money Protection Schemes for Property Agents (Requirement to Belong to a Scheme etc.)
 *   Regulations 2019: the scheme and a copy of its certificate.
 * - Companies Act 2006 / Company, Limited Liability Partnership and Business (Names and Trading
 *   Disclosures) Regulations 2015: registered name, number and registered office on the website.
 * - UK GDPR Art. 13: the controller's identity and contact details.
 */
import { z } from 'zod'

const text = (max: number) => z.string().trim().min(1).max(max)

/** A colour as #rrggbb. */
const HexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb')

/** A link the site may show: https, or a path of this site (its media store's files, /media/…). */
const LinkSchema = z.string().regex(/^(https:\/\/[^\s"<>]+|\/[^\s"<>/][^\s"<>]*)$/, 'a link is https://… or a path of this site')

/** Companies House company number: eight digits, or two letters (SC, NI, OC …) and six digits. */
export const COMPANY_NUMBER_PATTERN = /^(\d{8}|[A-Z]{2}\d{6})$/
/** A UK VAT registration number: GB and 9 digits (12 for a branch). */
export const VAT_NUMBER_PATTERN = /^GB(\d{9}|\d{12})$/

/** The most characters the logo's SVG may hold. */
export const LOGO_SVG_MAX_LENGTH = 20_000

/**
 * The logo as SVG markup. It is served as an image (an `<img>` runs no script), and refused here if
 * it holds script, event handlers, foreign objects or links out, so that it is harmless even opened
 * on its own.
 */
export const LogoSvgSchema = z
  .string()
  .trim()
  .max(LOGO_SVG_MAX_LENGTH)
  .refine((svg) => /^(<\?xml[^>]*\?>\s*)?<svg[\s>]/.test(svg) && /<\/svg>$/.test(svg), 'the logo must be one <svg> element')
  .refine((svg) => !/<script|<foreignObject|\son[a-z]+\s*=|javascript:|(?:xlink:)?href\s*=\s*["'](?!#)/i.test(svg), 'the logo may hold no script, event handler, foreign object or outside link')

/** Redress schemes approved for estate and letting agents in England (Consumer Rights Act 2015 s.83; Enterprise and Regulatory Reform Act 2013). */
export const REDRESS_SCHEMES = ['The Property Ombudsman', 'Property Redress Scheme'] as const

/** How a fee's amount is stated. */
export const FeeAmountSchema = z.discriminatedUnion('kind', [
  /** A fixed amount in pounds. */
  z.object({ kind: z.literal('fixed'), pounds: z.number().nonnegative().max(1_000_000) }),
  /** A share of the rent, in per cent. */
  z.object({ kind: z.literal('percent_of_rent'), percent: z.number().positive().max(100) }),
  /** An amount that can only be described (interest at a rate, a cost passed on at cost). */
  z.object({ kind: z.literal('described'), text: text(200) }),
])
/** A fee's amount. */
export type FeeAmount = z.infer<typeof FeeAmountSchema>

/** One named fee (Consumer Rights Act 2015 s.83: every fee, with VAT included where it applies). */
export const FeeSchema = z.object({
  name: text(120),
  amount: FeeAmountSchema,
  /** Whether the amount includes VAT (shown 'inc. VAT'); false for an amount VAT does not apply to. */
  inc_vat: z.boolean(),
  /** What the fee covers and when it is due. */
  description: text(600).nullable(),
})
/** A fee. */
export type Fee = z.infer<typeof FeeSchema>

/** A membership of a professional body (Propertymark, RICS …). */
export const ProfessionalBodySchema = z.object({
  name: text(120),
  membership_number: text(60).nullable(),
  url: LinkSchema.nullable(),
})

/** The agency's company and compliance details. */
export const CompanyProfileSchema = z.object({
  /** The registered company name (Companies House), e.g. 'Hartwell & Co Estate Agents Limited'. */
  legal_name: text(160),
  company_number: z.string().regex(COMPANY_NUMBER_PATTERN, 'a company number is 8 digits, or 2 letters and 6 digits'),
  /** The registered office, one line. */
  registered_office: text(300),
  /** Registered in England and Wales, Scotland or Northern Ireland. */
  registered_in: z.enum(['England and Wales', 'Scotland', 'Northern Ireland']),
  vat_number: z.string().regex(VAT_NUMBER_PATTERN, 'a VAT number is GB and 9 digits').nullable(),
  logo_svg: LogoSvgSchema,
  brand_colours: z.object({ primary: HexColourSchema, accent: HexColourSchema }),
  redress_scheme: z.object({ name: z.enum(REDRESS_SCHEMES), membership_number: text(60), url: LinkSchema }),
  client_money_protection: z.object({
    scheme: text(120),
    membership_number: text(60),
    url: LinkSchema,
    /** The scheme's certificate (a PDF), as the regulations ask a copy of it to be published. */
    certificate_url: LinkSchema,
  }),
  professional_bodies: z.array(ProfessionalBodySchema).max(10),
  fees: z.object({ tenants: z.array(FeeSchema).max(30), landlords: z.array(FeeSchema).max(30) }),
  complaints: z.object({
    /** Who handles complaints (a role, e.g. 'Compliance Manager'). */
    handler: text(120),
    email: z.email(),
    postal_address: text(300),
    /** Working days to acknowledge a complaint. */
    acknowledge_within_days: z.number().int().min(1).max(15),
    /** Working days to give the final answer. */
    final_response_within_days: z.number().int().min(1).max(56),
  }),
  data_controller: z.object({
    name: text(160),
    email: z.email(),
    postal_address: text(300),
    /** The ICO's data protection register number, e.g. ZA123456. */
    ico_registration_number: z.string().regex(/^(Z[A-Z]\d{6}|\d{8})$/, 'an ICO registration number is like ZA123456'),
  }),
  /** The About us page: paragraphs of plain text. */
  about: z.array(text(1200)).min(1).max(12),
  /** The year the agency was founded, shown on About us. */
  founded: z.number().int().min(1800).max(2100).nullable(),
})
/** The agency's company and compliance details. */
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>

