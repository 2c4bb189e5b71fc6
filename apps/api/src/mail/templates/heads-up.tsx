// @jsxRuntime automatic
// @jsxImportSource react
// (The dev server's tsx reads no tsconfig of this package: the pragmas choose React's automatic JSX for every compiler.)
import { LABELS, PROPERTY_EVENT_LABELS, toGreeting, type PropertyEventKind } from '@agency/domain'
import type { MailBranch, MailBrand } from '../brand.ts'
import { ButtonLink, Buttons, H1, MailLayout, P, PropertyCard, TextLink } from '../components.tsx'
import { renderHtml, toText, toTextFooter, type RenderedMail } from '../render.ts'

/** One property of a Heads Up e-mail. */
export interface HeadsUpItem {
  kind: PropertyEventKind
  heading: string
  address: string
  /** The price as the site shows it ('£450,000', '£1,250 PCM'), with its qualifier when there is one. */
  price: string
  /** The price before a reduction, as the site shows it. */
  oldPrice: string | null
  /** The match percentage the site would show on the card; null when it shows none. */
  matchPercentage: number | null
  /** What matched and what did not ('In Didsbury · price within range · 1 bedroom fewer'). */
  matchSummary?: string
  /** Whether the property is still pre-market (locked for visitors): marked as early access. */
  isPreMarket?: boolean
  link: string
  /** Absolute URL of the card picture; null when the property has none. */
  imageUrl: string | null
}

/** What a Heads Up e-mail says. */
export interface HeadsUpMailInput {
  brand: MailBrand
  /** The alert's branch (the nearest to its first location), named in the footer. */
  branch: MailBranch | null
  name: string
  /** 'buying' or 'renting'. */
  looking: string
  /** The properties, pre-market ones first. */
  items: readonly HeadsUpItem[]
  updateLink: string
  unsubscribeLink: string
}

/** The subject of a Heads Up e-mail: what the one property is, or how many there are. */
export function toHeadsUpSubject(items: readonly HeadsUpItem[]): string {
  const [first] = items
  if (items.length === 1 && first) {
    // The pre-market label is itself a Heads Up ('Heads Up: before it goes…'): the subject says so once.
    const label = PROPERTY_EVENT_LABELS[first.kind].replace(/^Heads Up: /, '')
    const what = first.kind === 'price_reduced' ? `Price reduced: ${first.heading}, now ${first.price}` : `${label}: ${first.heading}`
    return `Heads Up: ${what}`
  }
  const preMarket = items.filter((i) => i.kind === 'pre_market').length
  return `Heads Up: ${items.length} properties for you${preMarket ? `, ${preMarket} before the open market` : ''}`
}

/**
 * The Heads Up e-mail of an alert: each property with its picture, price (old and new for a reduction),
 * heading, address, match percentage and link; then links to update the alert and to switch it off.
 */
export async function renderHeadsUpMail(input: HeadsUpMailInput): Promise<RenderedMail> {
  const { brand, branch } = input
  const subject = toHeadsUpSubject(input.items)
  const greeting = toGreeting(input.name)
  const intro = `Here ${input.items.length === 1 ? 'is a property' : 'are properties'} matching your Heads Up Property Alert for ${input.looking}.`
  const reason = "You're receiving this because you registered a Heads Up Property Alert and agreed to hear from us."
  const unsubscribe = { href: input.unsubscribeLink, label: 'Switch this alert off' }
  const priceText = (item: HeadsUpItem) => (item.oldPrice ? `${item.price} (was ${item.oldPrice})` : item.price)
  const matchText = (item: HeadsUpItem) =>
    item.matchPercentage === null ? null : `${item.matchPercentage}% match${item.matchSummary ? `: ${item.matchSummary}` : ''}`
  const text = toText([
    greeting,
    intro,
    ...input.items.map((item) => [
      PROPERTY_EVENT_LABELS[item.kind],
      ...(item.isPreMarket ? [LABELS.PRE_MARKET_EARLY_ACCESS] : []),
      item.heading,
      item.address,
      priceText(item),
      ...(matchText(item) === null ? [] : [matchText(item) ?? '']),
      item.link,
    ]),
    `Update your alert: ${input.updateLink}`,
    toTextFooter({ brand, branch, reason, unsubscribe }),
  ])
  const html = await renderHtml(
    <MailLayout brand={brand} title={subject} preview={intro} branch={branch} reason={reason} unsubscribe={unsubscribe}>
      <H1>{input.items.length === 1 ? 'A property for you' : `${input.items.length} properties for you`}</H1>
      <P>{greeting}</P>
      <P>{intro}</P>
      {input.items.map((item, index) => (
        <PropertyCard
          key={index}
          property={{
            label: PROPERTY_EVENT_LABELS[item.kind],
            badge: item.isPreMarket ? LABELS.PRE_MARKET_EARLY_ACCESS : null,
            heading: item.heading,
            address: item.address,
            price: item.price,
            oldPrice: item.oldPrice,
            note: matchText(item),
            link: item.link,
            imageUrl: item.imageUrl,
          }}
        />
      ))}
      <Buttons>
        <ButtonLink href={input.updateLink} secondary>
          Update your alert
        </ButtonLink>
      </Buttons>
      <P small muted>
        Not what you are looking for? <TextLink href={input.updateLink}>Change the places, price or rooms</TextLink> and the next e-mail will follow.
      </P>
    </MailLayout>,
  )
  return { subject, text, html }
}
