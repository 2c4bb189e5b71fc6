/** Fixtures of the e-mail templates' tests and previews: a brand, a branch and what a hostile visitor types. */
import type { MailBranch, MailBrand } from './brand.ts'

/** The demo agency's brand as e-mails show it. */
export const TEST_BRAND: MailBrand = {
  agencyName: 'Hartwell & Co',
  origin: 'https://agency.example',
  logoUrl: 'https://agency.example/api/company/logo.png',
  colours: { primary: '#0b2545', accent: '#c9a227' },
  companyLines: [
    'Hartwell & Co Estate Agents Limited. Registered in England and Wales, company number 03574219. Registered office: 214 Upper Street, London N1 1RL.',
    'VAT number GB123456789.',
    'Member of The Property Ombudsman (D01234).',
  ],
}

/** A branch as e-mails name it. */
export const TEST_BRANCH: MailBranch = { name: 'Leeds', address: '1 Park Row, Leeds LS1 5AB', phone: '0113 496 0000', email: 'leeds@agency.example' }

/** What a visitor may type into any field an e-mail repeats: markup, a quote that would end an attribute, a script address. */
export const HOSTILE = '<script>alert(1)</script>" onmouseover="x" javascript:alert(1)'

/** HOSTILE as the HTML part must carry it: as text, every special escaped. */
export const HOSTILE_ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;x&quot; javascript:alert(1)'

/** HOSTILE behind a field's own name, so that each field can be found in the HTML part. */
export function hostile(field: string): string {
  return `${field}${HOSTILE}`
}
