/**
 * The company's documents in the media store: the client money protection certificate a letting agent
 * must publish (Client Money Protection Schemes for Property Agents Regulations 2019, reg. 4), served
 * at GET /api/company/cmp-certificate.pdf. The demo writes one; `npm run company-document` puts the
 * agency's own in its place.
 */
import type { CompanyProfile } from '@agency/domain'
import type { MediaStore } from '../media-store/store.ts'
import { DEMO_COMPANY_PROFILE } from './company.ts'
import { renderPdfPage } from './images/pdf.ts'

/** The certificate's key in the media store. */
export const CMP_CERTIFICATE_FILE = 'company/cmp-certificate.pdf'

/** A demo certificate of client money protection for `profile`'s company, as a one-page PDF. */
export function renderCmpCertificatePdf(profile: CompanyProfile): Buffer {
  const cmp = profile.client_money_protection
  const navy = '#0b2545'
  return renderPdfPage(({ text, box, stroke }) => {
    box(0, 762, 595, 80, navy)
    text(50, 800, 22, 'Certificate of Membership', true, '#ffffff')
    text(50, 778, 12, cmp.scheme, false, '#ffffff')
    stroke(40, 300, 515, 430, navy, 2)
    text(60, 690, 12, 'This is to certify that')
    text(60, 660, 20, profile.legal_name, true)
    text(60, 636, 12, `Registered office: ${profile.registered_office}`)
    text(60, 618, 12, `Company number ${profile.company_number}, registered in ${profile.registered_in}`)
    text(60, 580, 12, `is a member of ${cmp.scheme},`)
    text(60, 562, 12, 'a client money protection scheme approved under the Client Money Protection Schemes for')
    text(60, 544, 12, 'Property Agents (Approval and Designation of Schemes) Regulations 2018.')
    text(60, 500, 14, `Membership number: ${cmp.membership_number}`, true)
    text(60, 478, 12, 'Valid from 1 April 2026 to 31 March 2027')
    text(60, 420, 11, 'Client money held by the member for landlords and tenants is protected up to the limits of the')
    text(60, 404, 11, 'scheme if the member misappropriates it. The scheme publishes its current members online.')
    text(60, 330, 9, 'Demonstration certificate produced for the sample data of this site. Not a real membership.', false, '#555555')
  })
}

/** Writes the demo certificate into the media store when none is there (an agency's own is kept). */
export async function ensureCompanyDocuments(store: MediaStore): Promise<boolean> {
  if (await store.exists(CMP_CERTIFICATE_FILE)) return false
  await putCompanyDocument(store, renderCmpCertificatePdf(DEMO_COMPANY_PROFILE))
  return true
}

/** The start every PDF file has. */
const PDF_SIGNATURE = '%PDF-'

/** Puts a certificate into the media store in one step (never a half-written file), after checking it is a PDF. */
export async function putCompanyDocument(store: MediaStore, pdf: Buffer): Promise<void> {
  if (pdf.subarray(0, PDF_SIGNATURE.length).toString('latin1') !== PDF_SIGNATURE) throw new Error('The certificate must be a PDF file.')
  await store.put(CMP_CERTIFICATE_FILE, pdf, 'application/pdf')
}
