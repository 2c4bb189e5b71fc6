import {
  I_WOULD_LIKE_OPTIONS,
  PROPERTY_TO_LET_OPTIONS,
  PROPERTY_TO_SELL_OPTIONS,
  SALUTATIONS,
  toE164Mobile,
  toViewingTimeText,
  type LeadEnquiryPayload,
} from '@agency/domain'
import { page } from './alerts.ts'
import { escapeHtml, type RenderedMail } from './magic-link.ts'

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value

/** A section of the branch's e-mail: a heading and its lines. */
export interface LeadSection {
  heading: string | null
  lines: string[]
}

/**
 * What the branch reads of an enquiry, most useful first: who wants what and when, their message;
 * their position (a property to sell or let, a valuation); the property; then how to reach them.
 * Only what was given: no empty ids, no internal fields.
 */
export function toLeadSections(payload: LeadEnquiryPayload, propertyLink: string | null): LeadSection[] {
  const salutation = SALUTATIONS.find((s) => s.salutation_id === payload.salutation_id)?.name ?? null
  const money = (n: number) => `£${n.toLocaleString('en-GB')}${payload.transaction_type_id === 2 ? ' pcm' : ''}`
  const fullName = [salutation, payload.name, payload.surname].filter(Boolean).join(' ')
  const wants = payload.i_would_like.map((v) => labelOf(I_WOULD_LIKE_OPTIONS, v)).join(', ')
  const property = payload.property_address
    ? [
        [payload.property_address, payload.price === null ? null : money(payload.price), payload.bedrooms === null ? null : `${payload.bedrooms} bedroom${payload.bedrooms === 1 ? '' : 's'}`]
          .filter(Boolean)
          .join(', '),
        ...(propertyLink ? [propertyLink] : []),
      ]
    : []
  return [
    {
      heading: null,
      lines: [
        `${fullName} would like: ${wants}.`,
        ...(payload.viewing_lead_date ? [`Ideal viewing time: ${toViewingTimeText(payload.viewing_lead_date)}`] : []),
        `Message: ${payload.comment}`,
      ],
    },
    {
      heading: 'Their position',
      lines: [
        `Property to sell: ${labelOf(PROPERTY_TO_SELL_OPTIONS, payload.i_have_a_property_to_sell)}`,
        `Property to let: ${labelOf(PROPERTY_TO_LET_OPTIONS, payload.i_have_a_property_to_let)}`,
        `Would like their property valued: ${payload.my_property_valued === 'yes' ? 'Yes' : 'No'}`,
      ],
    },
    ...(property.length ? [{ heading: 'The property', lines: property }] : []),
    {
      heading: 'How to reach them',
      lines: [`E-mail: ${payload.email}`, `Mobile phone: ${payload.mobile_phone}`, `Address: ${payload.contact_address.display_name}`],
    },
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

/**
 * The branch's notification of a lead enquiry: who wants what, Reply and Call buttons, their
 * position, the property with its link, and how to reach them (toLeadSections).
 */
export function renderBranchLeadMail(input: BranchLeadMailInput): RenderedMail {
  const { payload } = input
  const about = payload.property_address ? ` about ${payload.property_address}` : ''
  const subject = `New enquiry from ${payload.name} ${payload.surname}${about}`
  const who = input.loggedIn ? 'Sent by a logged-in contact.' : 'Sent by a visitor who was not logged in: the details are as typed and unconfirmed.'
  const sections = toLeadSections(payload, input.propertyLink)
  const footer = `Reference ${input.leadId}, sent from ${payload.url}. ${who}`
  const text = [
    `${input.branchName},`,
    '',
    ...sections.flatMap((section) => [...(section.heading ? [section.heading] : []), ...section.lines, '']),
    footer,
    '',
  ].join('\n')
  const e = escapeHtml
  // The number as the domain writes a mobile for dialling ('+447400123456'); none when it reads as no mobile.
  const tel = toE164Mobile(payload.mobile_phone)
  const button = (href: string, label: string) =>
    `<a href="${e(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 20px;background:#0b4f6c;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${e(label)}</a>`
  const line = (l: string) => (input.propertyLink && l === input.propertyLink ? `<a href="${e(l)}" style="color:#0b4f6c">View the property</a>` : e(l))
  const html = page(
    subject,
    `<p style="margin:0 0 16px">${e(`${input.branchName},`)}</p>
${sections
  .map(
    (section, index) =>
      `${section.heading ? `<h2 style="margin:24px 0 8px;font-size:16px">${e(section.heading)}</h2>` : ''}<p style="margin:0 0 12px">${section.lines.map(line).join('<br>')}</p>${
        index === 0 ? `<p style="margin:0 0 8px">${button(`mailto:${payload.email}`, 'Reply')}${tel ? button(`tel:${tel}`, 'Call') : ''}</p>` : ''
      }`,
  )
  .join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#57534e">${e(footer)}</p>`,
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
  const viewing = payload.viewing_lead_date ? `Your ideal viewing time: ${toViewingTimeText(payload.viewing_lead_date)}.` : null
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
