import { LABELS, PROPERTY_EVENT_LABELS, type PropertyEventKind } from '@agency/domain'
import { page } from './alerts.ts'
import { escapeHtml, type RenderedMail } from './magic-link.ts'

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
  agencyName: string
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
export function renderHeadsUpMail(input: HeadsUpMailInput): RenderedMail {
  const subject = toHeadsUpSubject(input.items)
  const intro = `Here ${input.items.length === 1 ? 'is a property' : 'are properties'} matching your Heads Up Property Alert for ${input.looking}.`
  const footer = "You're receiving this because you registered a Heads Up Property Alert and agreed to hear from us."
  const priceText = (item: HeadsUpItem) => (item.oldPrice ? `${item.price} (was ${item.oldPrice})` : item.price)
  const matchText = (item: HeadsUpItem) =>
    item.matchPercentage === null ? null : `${item.matchPercentage}% match${item.matchSummary ? `: ${item.matchSummary}` : ''}`
  const text = [
    `Hello ${input.name},`,
    '',
    intro,
    '',
    ...input.items.flatMap((item) => [
      `${PROPERTY_EVENT_LABELS[item.kind]}`,
      ...(item.isPreMarket ? [LABELS.PRE_MARKET_EARLY_ACCESS] : []),
      item.heading,
      item.address,
      priceText(item),
      ...(matchText(item) === null ? [] : [matchText(item)]),
      item.link,
      '',
    ]),
    `Update your alert: ${input.updateLink}`,
    `Switch this alert off: ${input.unsubscribeLink}`,
    '',
    footer,
    '',
    input.agencyName,
    '',
  ].join('\n')
  const e = escapeHtml
  const cards = input.items
    .map((item) => {
      const picture = item.imageUrl
        ? `<a href="${e(item.link)}"><img src="${e(item.imageUrl)}" alt="${e(item.heading)}" width="496" style="display:block;width:100%;max-width:496px;height:auto;border-radius:4px;border:0"></a>`
        : ''
      const price = item.oldPrice
        ? `<span style="text-decoration:line-through;color:#57534e">${e(item.oldPrice)}</span> <strong>${e(item.price)}</strong>`
        : `<strong>${e(item.price)}</strong>`
      return `<tr><td style="padding:0 0 24px">
<p style="margin:0 0 8px;font-size:13px;font-weight:bold;text-transform:uppercase;color:#0b4f6c">${e(PROPERTY_EVENT_LABELS[item.kind])}</p>
${item.isPreMarket ? `<p style="margin:0 0 8px;font-size:13px;font-weight:bold;color:#7c2d12">${e(LABELS.PRE_MARKET_EARLY_ACCESS)}</p>\n` : ''}${picture}
<p style="margin:12px 0 4px;font-size:18px">${price}</p>
<p style="margin:0 0 4px;font-weight:bold"><a href="${e(item.link)}" style="color:#1c1917">${e(item.heading)}</a></p>
<p style="margin:0 0 4px;color:#57534e">${e(item.address)}</p>
${matchText(item) === null ? '' : `<p style="margin:0 0 8px;font-size:14px">${e(matchText(item) ?? '')}</p>\n`}<p style="margin:0"><a href="${e(item.link)}" style="display:inline-block;padding:8px 16px;background:#0b4f6c;color:#ffffff;text-decoration:none;border-radius:4px">View property</a></p>
</td></tr>`
    })
    .join('\n')
  const html = page(
    subject,
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${e(input.agencyName)}</p>
<p style="margin:0 0 16px">${e(`Hello ${input.name},`)}</p>
<p style="margin:0 0 24px">${e(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${cards}
</table>
<p style="margin:0 0 8px;font-size:14px"><a href="${e(input.updateLink)}" style="color:#0b4f6c">Update your alert</a> · <a href="${e(input.unsubscribeLink)}" style="color:#0b4f6c">Switch this alert off</a></p>
<p style="margin:0;font-size:13px;color:#57534e">${e(footer)}</p>`,
  )
  return { subject, text, html }
}
