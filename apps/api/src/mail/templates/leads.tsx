// @jsxRuntime automatic
// @jsxImportSource react
// (The dev server's tsx reads no tsconfig of this package: the pragmas choose React's automatic JSX for every compiler.)
import {
  I_WOULD_LIKE_OPTIONS,
  PROPERTY_TO_LET_OPTIONS,
  PROPERTY_TO_SELL_OPTIONS,
  SALUTATIONS,
  toDateTimeText,
  toGreeting,
  toOneLine,
  toOneLineName,
  toE164Mobile,
  toNationalMobile,
  toPriceLabel,
  toValuationOfLead,
  toValuationWants,
  toViewingTimeText,
  type LeadEnquiryPayload,
} from '@agency/domain'
import type { ReactNode } from 'react'
import type { MailBranch, MailBrand } from '../brand.ts'
import { ButtonLink, Buttons, Facts, H1, H2, Lines, MailLayout, P, PropertyCard, Quote, TextLink, toLines, type MailProperty } from '../components.tsx'
import { renderHtml, toText, toTextFooter, type RenderedMail } from '../render.ts'
import type { CircumstanceAnswer } from './alerts.tsx'

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value

/** A section of the branch's e-mail: a heading and its labelled facts (a null label is a sentence of its own). */
export interface LeadSection {
  heading: string | null
  facts: Array<readonly [label: string | null, value: string]>
}

/** Who sent an enquiry, with their title: 'Mrs Ann Lee'. */
function toFullName(payload: LeadEnquiryPayload): string {
  const salutation = SALUTATIONS.find((s) => s.salutation_id === payload.salutation_id)?.name ?? null
  return [salutation, payload.name, payload.surname].filter(Boolean).join(' ')
}

/** What was asked for, in the form's words: 'To view a property, More details'; a valuation request's 'A sales valuation'. */
function toWants(payload: LeadEnquiryPayload): string {
  const valuation = toValuationOfLead(payload)
  if (valuation !== null) return toValuationWants(valuation)
  return payload.i_would_like.map((v) => labelOf(I_WOULD_LIKE_OPTIONS, v)).join(', ')
}

/**
 * What the branch reads of an enquiry, most useful first: their position (the circumstance answers of
 * their alert, when the enquiry came from one, then a property to sell or let and a valuation); their
 * enquiry (the viewing time, their message); the property; then how to reach them. Only what was
 * given: no empty ids, no internal fields.
 */
export function toLeadSections(payload: LeadEnquiryPayload, propertyLink: string | null, circumstances: readonly CircumstanceAnswer[] = []): LeadSection[] {
  const searchType = payload.transaction_type_id === 2 ? 'lettings' : 'sales'
  const property = payload.property_address
    ? [
        [
          null,
          [payload.property_address, payload.price === null ? null : toPriceLabel(payload.price, searchType), payload.bedrooms === null ? null : `${payload.bedrooms} bedroom${payload.bedrooms === 1 ? '' : 's'}`]
            .filter(Boolean)
            .join(', '),
        ] as const,
        ...(propertyLink ? [['Property page', propertyLink] as const] : []),
      ]
    : []
  return [
    {
      heading: 'Their position',
      facts: [
        ...circumstances.map((c) => [c.question, c.answer] as const),
        // The valuation page does not ask these: its answers are its own, not the visitor's.
        ...(toValuationOfLead(payload) === null
          ? ([
              ['Property to sell', labelOf(PROPERTY_TO_SELL_OPTIONS, payload.i_have_a_property_to_sell)],
              ['Property to let', labelOf(PROPERTY_TO_LET_OPTIONS, payload.i_have_a_property_to_let)],
            ] as const)
          : []),
        ['Would like their property valued', payload.my_property_valued === 'yes' ? 'Yes' : 'No'],
      ],
    },
    {
      heading: 'Their enquiry',
      facts: [...(payload.viewing_lead_date ? [['Ideal viewing time', toViewingTimeText(payload.viewing_lead_date)] as const] : []), ['Message', payload.comment]],
    },
    ...(property.length ? [{ heading: 'The property', facts: property }] : []),
    {
      heading: 'How to reach them',
      facts: [
        ['E-mail', payload.email],
        ['Mobile phone', toNationalMobile(payload.mobile_phone)],
        ['Address', payload.contact_address.display_name],
      ],
    },
  ]
}

/** What the branch is told of an enquiry. */
export interface BranchLeadMailInput {
  brand: MailBrand
  branch: MailBranch
  leadId: string
  payload: LeadEnquiryPayload
  /** The absolute link to the property page, when the enquiry is about a property. */
  propertyLink: string | null
  /** False for a visitor: the contact is new and unconfirmed, whatever its e-mail address. */
  loggedIn: boolean
  /** The circumstance answers of the alert the enquiry came from, if any. */
  circumstances?: readonly CircumstanceAnswer[]
  sentAt: Date
}

/**
 * The branch's notification of a lead enquiry: who wants what, Reply and Call buttons, their
 * position, their enquiry, the property with its link, and how to reach them (toLeadSections).
 * Replying goes to the person (Reply-To).
 */
export async function renderBranchLeadMail(input: BranchLeadMailInput): Promise<RenderedMail> {
  const { payload, brand, branch } = input
  // A subject is one line whatever was typed (toOneLine): a line break could start a header.
  const about = payload.property_address ? ` about ${toOneLine(payload.property_address)}` : ''
  const subject = `${toValuationOfLead(payload) === null ? 'New enquiry' : 'New valuation request'} from ${toOneLineName(payload.name)} ${toOneLineName(payload.surname)}${about}`
  const who = input.loggedIn ? 'Sent by a logged-in contact.' : 'Sent by a visitor who was not logged in: the details are as typed and unconfirmed.'
  const summary = `${toFullName(payload)} would like: ${toWants(payload)}.`
  const sections = toLeadSections(payload, input.propertyLink, input.circumstances)
  const sent = `Sent ${toDateTimeText(input.sentAt)} from ${payload.url}. ${who} Reference ${input.leadId}.`
  const reason = `You're receiving this because the enquiry is for the ${branch.name} branch.`
  const text = toText([
    `${branch.name},`,
    summary,
    ...sections.map((section) => [...(section.heading ? [section.heading] : []), ...section.facts.map(([label, value]) => (label ? `${label}: ${value}` : value))]),
    sent,
    toTextFooter({ brand, branch, reason }),
  ])
  // The number as the domain writes a mobile for dialling ('+447400123456'); none when it reads as no mobile.
  const tel = toE164Mobile(payload.mobile_phone)
  const valueOf = (label: string | null, value: string): ReactNode => {
    if (label === 'Property page') return <TextLink href={value}>View the property</TextLink>
    if (label === 'E-mail') return <TextLink href={`mailto:${value}`}>{value}</TextLink>
    // The message as the person wrote it, its line breaks kept.
    if (label === 'Message') return <Lines text={value} />
    return value
  }
  const html = await renderHtml(
    <MailLayout brand={brand} title={subject} preview={summary} branch={branch} reason={reason}>
      <P>{`${branch.name},`}</P>
      <H1>{summary}</H1>
      <Buttons>
        <ButtonLink href={`mailto:${payload.email}?subject=${encodeURIComponent(`Your enquiry to ${brand.agencyName}`)}`}>Reply</ButtonLink>
        {tel && (
          <ButtonLink href={`tel:${tel}`} secondary>
            {`Call ${toNationalMobile(payload.mobile_phone)}`}
          </ButtonLink>
        )}
      </Buttons>
      {sections.map((section, index) => (
        <div key={index}>
          {section.heading && <H2>{section.heading}</H2>}
          <Facts rows={section.facts.map(([label, value]) => [label ?? '', valueOf(label, value)] as const)} />
        </div>
      ))}
      <P small muted>
        {sent}
      </P>
    </MailLayout>,
  )
  return { subject, text, html, headers: { 'Reply-To': payload.email } }
}

/** What the sender's acknowledgement says. */
export interface LeadAcknowledgementMailInput {
  brand: MailBrand
  /** The branch that answers: named, its phone given, and the e-mail's Reply-To. */
  branch: MailBranch | null
  payload: LeadEnquiryPayload
  /** The property the enquiry is about, as its page shows it (never a pre-market one: commands.ts). */
  property: MailProperty | null
}

/** The plain-text part's quote of what a person wrote: each of its lines after '> '. */
const toQuotedText = (text: string) => toLines(text).map((line) => `> ${line}`.trimEnd())

/**
 * The acknowledgement to the sender, a copy of their enquiry as the site's success popup promises:
 * greeted by name, the property with its picture, price and link, what they asked for (a viewing and
 * its time, more details, a valuation), their message quoted as they wrote it, the contact details
 * they gave, and who will answer; replying reaches the branch (Reply-To).
 */
export async function renderLeadAcknowledgementMail(input: LeadAcknowledgementMailInput): Promise<RenderedMail> {
  const { payload, brand, branch, property } = input
  const subject = `We have received your enquiry – ${brand.agencyName}`
  const about = property?.address ?? payload.property_address
  const intro = `Thank you for your enquiry${about ? ` about ${about}` : ''}. ${branch ? `Our ${branch.name} branch` : 'We'} will be in touch soon. This is a copy of what you sent us.`
  const enquiry: Array<readonly [string, string]> = [
    ['You asked for', toWants(payload)],
    ...(payload.viewing_lead_date ? [['Your ideal viewing time', toViewingTimeText(payload.viewing_lead_date)] as const] : []),
  ]
  const details: Array<readonly [string, string]> = [
    ['Name', toOneLine(toFullName(payload))],
    ['E-mail', payload.email],
    ['Mobile phone', toNationalMobile(payload.mobile_phone)],
    ['Address', payload.contact_address.display_name],
  ]
  const call = branch ? `If you would rather talk, call us on ${branch.phone}, or reply to this e-mail.` : null
  const ignore = "If you didn't send this enquiry, please ignore this e-mail."
  const greeting = toGreeting(payload.name)
  const reason = `You're receiving this because an enquiry was sent with this e-mail address on ${new URL(brand.origin).host}.`
  const text = toText([
    greeting,
    intro,
    property && [property.heading, property.address, property.price, property.link],
    ['Your enquiry', ...enquiry.map(([label, value]) => `${label}: ${value}`), 'Your message:', ...toQuotedText(payload.comment)],
    ['Your contact details', ...details.map(([label, value]) => `${label}: ${value}`)],
    call,
    ignore,
    toTextFooter({ brand, branch, reason }),
  ])
  const html = await renderHtml(
    <MailLayout brand={brand} title={subject} preview={intro} branch={branch} reason={reason}>
      <H1>Thank you for your enquiry</H1>
      <P>{greeting}</P>
      <P>{intro}</P>
      {property && <PropertyCard property={{ ...property, action: 'View the property' }} />}
      <H2>Your enquiry</H2>
      <Facts rows={enquiry} />
      <P small muted>
        Your message
      </P>
      <Quote text={payload.comment} />
      <H2>Your contact details</H2>
      <Facts rows={details.map(([label, value]) => [label, label === 'E-mail' ? <TextLink href={`mailto:${value}`}>{value}</TextLink> : value] as const)} />
      {call && <P>{call}</P>}
      <P small muted>
        {ignore}
      </P>
    </MailLayout>,
  )
  return { subject, text, html, ...(branch ? { headers: { 'Reply-To': branch.email } } : {}) }
}
