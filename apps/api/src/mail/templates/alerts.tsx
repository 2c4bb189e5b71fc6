// @jsxRuntime automatic
// @jsxImportSource react
// (The dev server's tsx reads no tsconfig of this package: the pragmas choose React's automatic JSX for every compiler.)
import {
  AVAILABLE_PROPERTIES_LABELS,
  FURNISHING_LABELS,
  INCLUSION_FILTER_LABELS,
  INCLUSION_FILTERS,
  INCLUSION_LABELS,
  MUST_HAVE_LABELS,
  appliesToSearchType,
  SEARCH_TYPE_PROFILE,
  toAlertSummary,
  toDateTimeText,
  toE164Mobile,
  toGreeting,
  toOneLine,
  ALERT_PROPERTY_TYPES_LABEL,
  type AlertCriteria,
  type AlertSummary,
  type SearchType,
} from '@agency/domain'
import type { MailBranch, MailBrand } from '../brand.ts'
import { ButtonLink, Buttons, Facts, H1, H2, H3, MailLayout, OneLinkActions, P, TextLink } from '../components.tsx'
import { renderHtml, toText, toTextFooter, type RenderedMail } from '../render.ts'

/** What the alert confirmation e-mail says. */
export interface AlertConfirmationMailInput {
  brand: MailBrand
  link: string
  expiresInDays: number
  /** 'buying' or 'renting'. */
  looking: string
  /** The first name the person gave, greeted by it ('Hello Priya,'); none greets plainly. */
  name?: string | null
  /** The alert being confirmed, as the site words it (toAlertSummary). */
  alert: AlertSummary
}

/** The alert's facts as its card shows them: each place with its radius, the price, the room ranges, the property types. */
function toAlertLines(alert: AlertSummary): string[] {
  return [
    ...alert.places,
    alert.price,
    alert.bedrooms,
    alert.bathrooms,
    alert.receptions,
    ...(alert.propertyTypes.length ? [`${ALERT_PROPERTY_TYPES_LABEL}: ${alert.propertyTypes.join(', ')}`] : []),
  ]
}

/**
 * The double opt-in e-mail of an alert a visitor registered: whom it greets, which alert it confirms
 * (buying or renting, where, the price, rooms and types, worded as the alert's card), the link that
 * confirms it and logs them in, when it expires, and what to do if they did not register.
 */
export async function renderAlertConfirmationMail(input: AlertConfirmationMailInput): Promise<RenderedMail> {
  const { brand, link, expiresInDays, alert } = input
  const subject = `Please confirm your property alert with ${brand.agencyName}`
  const greeting = toGreeting(input.name)
  const intro = `Thank you for registering a Heads Up Property Alert for ${input.looking}. Please confirm it to start receiving suggested properties and price reductions.`
  const expiry = `This link expires in ${expiresInDays} days and can be used once.`
  const ignore = "If you didn't register, you can ignore this e-mail: nothing is sent to you unless you confirm."
  const reason = `You're receiving this because this e-mail address was given when a Heads Up Property Alert was registered on ${new URL(brand.origin).host}.`
  const lines = toAlertLines(alert)
  const text = toText([greeting, intro, ['Your alert', alert.name, ...lines], link, expiry, ignore, toTextFooter({ brand, reason })])
  const html = await renderHtml(
    <MailLayout brand={brand} title={subject} preview="Confirm your alert to start receiving properties." reason={reason}>
      <H1>Confirm your property alert</H1>
      <P>{greeting}</P>
      <P>{intro}</P>
      <H2>Your alert</H2>
      <P>
        <strong>{alert.name}</strong>
      </P>
      <Facts rows={lines.map((line) => ['', line] as const)} />
      <OneLinkActions href={link} label="Confirm my alert" expiry={expiry} ignore={ignore} />
    </MailLayout>,
  )
  return { subject, text, html }
}

/** One circumstance answer: the question as the form asks it and the answer as chosen or typed. */
export interface CircumstanceAnswer {
  question: string
  answer: string
}

/** A registration as its branch reads it. */
export interface RegistrationDetails {
  contactName: string
  email: string | null
  phone: string | null
  address: string | null
  /** 'Buyer' or 'Tenant'. */
  profile: string
  /** The circumstance answers, in the form's order (buying position, mortgage in principle, timescale first). */
  circumstances: CircumstanceAnswer[]
  /** The criteria as chosen, as labelled facts (toCriteriaFacts). */
  criteria: Array<readonly [string, string]>
  /** False for a registration that has no e-mail to confirm with (phone only). */
  confirmed: boolean
  /** The alert's other people, each as 'Name Surname (e-mail, phone)'. */
  others?: string[]
  registeredAt: Date
}

/** What a branch is told of a new registration. */
export interface BranchRegistrationMailInput extends RegistrationDetails {
  brand: MailBrand
  branch: MailBranch
}

/**
 * An alert's criteria as chosen, as labelled facts: each place with its radius, the price, the rooms
 * and what else was asked for. Only what narrows the search; rooms and price say 'any' when open.
 */
export function toCriteriaFacts(criteria: AlertCriteria, searchType: SearchType, propertyTypeNames: ReadonlyMap<number, string>): Array<readonly [string, string]> {
  // The places, price, rooms and types as the alert's card words them (toAlertSummary).
  const summary = toAlertSummary({ profile_id: SEARCH_TYPE_PROFILE[searchType], criteria }, propertyTypeNames)
  const rooms = (label: string, min: number | null, max: number | null, words: string) => (min === null && max === null ? [] : [[label, words] as const])
  const inclusions = INCLUSION_FILTERS.filter((f) => appliesToSearchType(f, searchType) && criteria[f] !== 'include').map(
    (f) => [INCLUSION_FILTER_LABELS[f], INCLUSION_LABELS[criteria[f]]] as const,
  )
  return [
    ['Locations', summary.places.join('; ') || 'Anywhere'],
    ['Price', summary.price],
    ...rooms('Bedrooms', criteria.min_bedroom, criteria.max_bedroom, summary.bedrooms),
    ...rooms('Bathrooms', criteria.min_bathroom, criteria.max_bathroom, summary.bathrooms),
    ...rooms('Reception rooms', criteria.min_reception, criteria.max_reception, summary.receptions),
    ...(summary.propertyTypes.length ? [[ALERT_PROPERTY_TYPES_LABEL, summary.propertyTypes.join(', ')] as const] : []),
    ...(criteria.must_haves.length ? [['Must have', criteria.must_haves.map((m) => MUST_HAVE_LABELS[m]).join(', ')] as const] : []),
    ...(searchType === 'lettings' && criteria.furnishing !== 'any' ? [['Furnishing', FURNISHING_LABELS[criteria.furnishing]] as const] : []),
    ...inclusions,
    ...(criteria.include_unavailable ? [[AVAILABLE_PROPERTIES_LABELS[searchType].replace(/\?$/, ''), 'Yes'] as const] : []),
  ]
}

const confirmation = (r: RegistrationDetails) => (r.confirmed ? 'Confirmed by e-mail or by a logged-in contact.' : 'No e-mail address: please call to confirm.')

/** The lines of one registration in the plain-text part: their position first, then what they look for, then how to reach them. */
function registrationLines(r: RegistrationDetails): string[] {
  return [
    `${r.contactName} (${r.profile.toLowerCase()}), registered ${toDateTimeText(r.registeredAt)}`,
    ...r.circumstances.map((c) => `${c.question} ${c.answer}`),
    ...r.criteria.map(([label, value]) => `${label}: ${value}`),
    `E-mail: ${r.email ?? 'none given'}`,
    `Mobile phone: ${r.phone ?? 'none given'}`,
    `Address: ${r.address ?? 'none given'}`,
    ...(r.others ?? []).map((other) => `Also on this alert: ${other}`),
    confirmation(r),
  ]
}

/** One registration in the HTML part: who, Reply and Call, their position, what they look for, how to reach them. */
function Registration({ r, subjectOfReply }: { r: RegistrationDetails; subjectOfReply: string }) {
  const tel = r.phone ? toE164Mobile(r.phone) : null
  const mailto = r.email ? `mailto:${r.email}?subject=${encodeURIComponent(subjectOfReply)}` : null
  return (
    <>
      <H2>
        {`${r.contactName} (${r.profile.toLowerCase()})`}
      </H2>
      <P small muted>
        {`Registered ${toDateTimeText(r.registeredAt)}. ${confirmation(r)}`}
      </P>
      {(mailto || tel) && (
        <Buttons>
          {mailto && <ButtonLink href={mailto}>Reply</ButtonLink>}
          {tel && (
            <ButtonLink href={`tel:${tel}`} secondary={mailto !== null}>
              {`Call ${r.phone}`}
            </ButtonLink>
          )}
        </Buttons>
      )}
      <H3>Their position</H3>
      {r.circumstances.length ? <Facts rows={r.circumstances.map((c) => [c.question, c.answer] as const)} /> : <P small muted>No circumstances given.</P>}
      <H3>What they are looking for</H3>
      <Facts rows={r.criteria} />
      <H3>How to reach them</H3>
      <Facts
        rows={[
          ['E-mail', r.email ? <TextLink href={`mailto:${r.email}`}>{r.email}</TextLink> : 'none given'],
          ['Mobile phone', r.phone ?? 'none given'],
          ['Address', r.address ?? 'none given'],
          ...(r.others ?? []).map((other) => ['Also on this alert', other] as const),
        ]}
      />
    </>
  )
}

/** A branch's e-mail of one or more registrations. */
async function renderBranchMail(input: {
  brand: MailBrand
  branch: MailBranch
  subject: string
  heading: string
  intro: string
  registrations: RegistrationDetails[]
}): Promise<RenderedMail> {
  const { brand, branch, subject, heading, intro, registrations } = input
  const reason = `You're receiving this because the ${branch.name} branch is the nearest to the alert's first location.`
  const text = toText([`${branch.name},`, intro, ...registrations.map(registrationLines), toTextFooter({ brand, branch, reason })])
  const html = await renderHtml(
    <MailLayout brand={brand} title={subject} preview={intro} branch={branch} reason={reason}>
      <H1>{heading}</H1>
      <P>{`${branch.name},`}</P>
      <P>{intro}</P>
      {registrations.map((r, index) => (
        <Registration key={index} r={r} subjectOfReply={`Your Heads Up Property Alert with ${brand.agencyName}`} />
      ))}
    </MailLayout>,
  )
  return { subject, text, html }
}

/** The branch's notice of a registration (SPEC §7 unknown_user_branch: the branch nearest the first location). */
export function renderBranchRegistrationMail(input: BranchRegistrationMailInput): Promise<RenderedMail> {
  const { brand, branch, ...registration } = input
  return renderBranchMail({
    brand,
    branch,
    subject: `New ${input.profile.toLowerCase()} alert registration: ${toOneLine(input.contactName)}`,
    heading: 'New alert registration',
    intro: 'A Heads Up Property Alert has been registered near your branch.',
    registrations: [registration],
  })
}

/**
 * The branch's digest of the registrations it is to call: visitors' registrations with a phone and no
 * e-mail, unconfirmed, gathered over BRANCH_DIGEST_WINDOW_MS into one e-mail (commands.ts), so a
 * script registering a hundred phone numbers costs the branch one e-mail, not a hundred.
 */
export function renderBranchDigestMail(input: { brand: MailBrand; branch: MailBranch; registrations: RegistrationDetails[] }): Promise<RenderedMail> {
  const count = input.registrations.length
  return renderBranchMail({
    ...input,
    subject: count === 1 ? 'New alert registration to call: 1 phone number' : `New alert registrations to call: ${count} phone numbers`,
    heading: count === 1 ? 'An alert registration to call' : `${count} alert registrations to call`,
    intro:
      count === 1
        ? 'A Heads Up Property Alert has been registered near your branch with a phone number and no e-mail address.'
        : `${count} Heads Up Property Alerts have been registered near your branch with a phone number and no e-mail address.`,
  })
}

/** What the e-mail after switching an alert off from its e-mail says. */
export interface AlertSwitchedOffMailInput {
  brand: MailBrand
  /** The alert's branch (the nearest to its first location), named in the footer. */
  branch: MailBranch | null
  name: string
  /** 'buying' or 'renting'. */
  looking: string
  /** The alert's places with their radius and its price, as labelled facts (toCriteriaFacts' first rows). */
  criteria: Array<readonly [string, string]>
  /** Where the person switches it on again: their alerts on the site (after logging in). */
  myAlertsLink: string
  switchedOffAt: Date
}

/**
 * The one e-mail after an alert is switched off from its e-mail's unsubscribe link (or a mail client's
 * one-click unsubscribe): which alert, that nothing more comes from it, that the person's other alerts
 * go on, and how to switch it on again. It carries no unsubscribe link of its own and asks nothing.
 */
export async function renderAlertSwitchedOffMail(input: AlertSwitchedOffMailInput): Promise<RenderedMail> {
  const { brand, branch } = input
  const subject = `Your property alert with ${brand.agencyName} is switched off`
  const greeting = toGreeting(input.name)
  const intro = `As you asked on ${toDateTimeText(input.switchedOffAt)}, your Heads Up Property Alert for ${input.looking} is switched off: you will receive no more e-mails from it. Any other alerts you have with ${brand.agencyName} are not changed.`
  const again = 'Changed your mind? You can switch it on again from your alerts at any time.'
  const reason = `You're receiving this because a Heads Up Property Alert you registered with ${brand.agencyName} was switched off. It is the last e-mail from that alert.`
  const text = toText([
    greeting,
    intro,
    input.criteria.map(([label, value]) => `${label}: ${value}`),
    `${again} ${input.myAlertsLink}`,
    toTextFooter({ brand, branch, reason }),
  ])
  const html = await renderHtml(
    <MailLayout brand={brand} title={subject} preview="You will receive no more e-mails from this alert." branch={branch} reason={reason}>
      <H1>Your alert is switched off</H1>
      <P>{greeting}</P>
      <P>{intro}</P>
      <Facts rows={input.criteria} />
      <P>{again}</P>
      <Buttons>
        <ButtonLink href={input.myAlertsLink} secondary>
          My alerts
        </ButtonLink>
      </Buttons>
    </MailLayout>,
  )
  return { subject, text, html }
}
