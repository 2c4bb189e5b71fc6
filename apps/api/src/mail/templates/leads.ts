import {
  I_WOULD_LIKE_OPTIONS,
  PROPERTY_TO_LET_OPTIONS,
  PROPERTY_TO_SELL_OPTIONS,
  SALUTATIONS,
  type LeadEnquiryPayload,
} from '@agency/domain'
import { page } from './alerts.ts'
import { escapeHtml, type RenderedMail } from './magic-link.ts'

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value

/** The SPEC §3 lead fields as labelled lines, in the form's order: what the branch reads. */
export function toLeadLines(payload: LeadEnquiryPayload, propertyLink: string | null): string[] {
  const salutation = SALUTATIONS.find((s) => s.salutation_id === payload.salutation_id)?.name ?? String(payload.salutation_id)
  const money = (n: number | null) => (n === null ? 'not given' : `£${n.toLocaleString('en-GB')}${payload.transaction_type_id === 2 ? ' pcm' : ''}`)
  return [
    `I would like: ${payload.i_would_like.map((v) => labelOf(I_WOULD_LIKE_OPTIONS, v)).join(', ')}`,
    `Salutation: ${salutation}`,
    `Name: ${payload.name}`,
    `Surname: ${payload.surname}`,
    `Ideal viewing time: ${payload.viewing_lead_date?.replace('T', ' ') ?? 'not asked for'}`,
    `Message: ${payload.comment}`,
    `E-mail: ${payload.email}`,
    `Mobile phone: ${payload.mobile_phone}`,
    `Address: ${payload.contact_address.display_name}`,
    `Property to sell: ${labelOf(PROPERTY_TO_SELL_OPTIONS, payload.i_have_a_property_to_sell)}`,
    `Property to let: ${labelOf(PROPERTY_TO_LET_OPTIONS, payload.i_have_a_property_to_let)}`,
    `Would like the property valued: ${payload.my_property_valued === 'yes' ? 'Yes' : 'No'}`,
    `Property: ${payload.property_address ?? 'none (no property page)'}`,
    `Property link: ${propertyLink ?? 'none'}`,
    `Property id: ${payload.property_profile_id ?? 'none'}`,
    `Transaction: ${payload.transaction_type_id === 2 ? 'Lettings' : 'Sales'}`,
    `Price: ${money(payload.price)}`,
    `Bedrooms: ${payload.bedrooms ?? 'not given'}`,
    `Sent from: ${payload.url}`,
    `Consent: ${payload.confirm}`,
    `Applicant id: ${payload.contact_applicant_id ?? 'none'}`,
  ]
}

/** What the branch is told of an enquiry. */
export interface BranchLeadMailInput {
  branchName: string
  leadId: string
  payload: LeadEnquiryPayload
  /** The absolute link to the property page, when the enquiry is about a property. */
  propertyLink: string | null
  /** False for a visitor: the contact is new and unconfirmed, whatever its e-mail address. */
  loggedIn: boolean
}

/** The branch's notification of a lead enquiry: every field and a link to the property. */
export function renderBranchLeadMail(input: BranchLeadMailInput): RenderedMail {
  const { payload } = input
  const about = payload.property_address ? ` about ${payload.property_address}` : ''
  const subject = `New enquiry from ${payload.name} ${payload.surname}${about}`
  const who = input.loggedIn ? 'Sent by a logged-in contact.' : 'Sent by a visitor who was not logged in: the details are as typed and unconfirmed.'
  const lines = toLeadLines(payload, input.propertyLink)
  const text = [`${input.branchName},`, '', `A new enquiry has arrived (reference ${input.leadId}).`, who, '', ...lines, ''].join('\n')
  const e = escapeHtml
  const link = input.propertyLink
    ? `<p style="margin:16px 0 0"><a href="${e(input.propertyLink)}" style="color:#0b4f6c">View the property</a></p>`
    : ''
  const html = page(
    subject,
    `<p style="margin:0 0 16px">${e(`${input.branchName},`)}</p>
<p style="margin:0 0 16px">${e(`A new enquiry has arrived (reference ${input.leadId}).`)} ${e(who)}</p>
<ul style="margin:0;padding-left:20px">${lines.map((l) => `<li>${e(l)}</li>`).join('')}</ul>${link}`,
  )
  return { subject, text, html }
}

/** What the sender's acknowledgement says. */
export interface LeadAcknowledgementMailInput {
  agencyName: string
  branchName: string | null
  branchPhone: string | null
  payload: LeadEnquiryPayload
  /**
   * Whether the address is a logged-in contact's own. A visitor's is not confirmed: the e-mail then
   * repeats nothing the visitor typed (name, message, address), so a stranger's address cannot be
   * sent the agency's e-mail with words of someone else's choosing.
   */
  confirmed: boolean
}

/** The acknowledgement to the sender: their enquiry arrived, what they asked, who will answer. */
export function renderLeadAcknowledgementMail(input: LeadAcknowledgementMailInput): RenderedMail {
  const { payload, agencyName } = input
  const subject = `We have received your enquiry – ${agencyName}`
  const about = input.confirmed && payload.property_address ? ` about ${payload.property_address}` : ''
  const intro = `Thank you for your enquiry${about}. ${input.branchName ? `Our ${input.branchName} branch` : 'We'} will be in touch soon.`
  const asked = `You asked: ${payload.i_would_like.map((v) => labelOf(I_WOULD_LIKE_OPTIONS, v)).join(', ')}.`
  const viewing = payload.viewing_lead_date ? `Your ideal viewing time: ${payload.viewing_lead_date.replace('T', ' ')}.` : null
  const call = input.branchPhone ? `If you would rather talk, call us on ${input.branchPhone}.` : null
  const ignore = "If you didn't send this enquiry, please ignore this e-mail."
  const message = input.confirmed ? `Your message: ${payload.comment}` : null
  const paragraphs = [intro, asked, viewing, message, call, ignore].filter((p): p is string => p !== null)
  const greeting = input.confirmed ? `Hello ${payload.name},` : 'Hello,'
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), agencyName, ''].join('\n')
  const e = escapeHtml
  const html = page(
    subject,
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${e(agencyName)}</p>
<p style="margin:0 0 16px">${e(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${e(p)}</p>`).join('\n')}`,
  )
  return { subject, text, html }
}
