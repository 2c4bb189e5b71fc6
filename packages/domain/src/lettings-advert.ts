/**
 * The Renters' Rights Act 2025 on lettings adverts in England (in force for adverts from 1 May 2026):
 * - an advert must state one specific rent: no 'POA', no range, no qualifier such as 'Offers over';
 * - the landlord or agent must not invite or encourage offers above that rent ('best and final
 *   offers', 'offers invited');
 * - an advert must not deter people because they have children or receive benefits ('No DSS',
 *   'no benefits', 'no children', 'professionals only'), with civil penalties of up to £7,000.
 * The feed import checks every letting in England against these rules and publishes none that
 * breaks one (packages/db blm/map.ts). Wales and Scotland have their own law, not checked here.
 *
 * The phrase lists are the maintained part: add a phrase as it is met. A phrase matches whole words,
 * whatever the case and punctuation ('No D.S.S.', 'NO-DSS', 'no dss!'), so 'no children' does not
 * match "no children's play area" and 'no benefits' does not match 'no benefits of…' only by luck:
 * keep phrases specific enough to read as a refusal.
 */
import { BLM_PRICE_QUALIFIERS } from './blm.ts'
import type { LettingsAdvertRule } from './lettings-advert-rules.ts'

/** Wording that invites or encourages offers above the advertised rent. */
export const BIDDING_PHRASES: readonly string[] = [
  'best and final offers',
  'best and final offer',
  'best and final',
  'offers invited',
  'inviting offers',
  'invite offers',
  'offers over',
  'offers in excess of',
  'offers above',
  'open to offers',
  'sealed bids',
  'sealed bid',
  'highest bidder',
  'highest offer',
  'bidding war',
  'rental bidding',
  'above asking rent',
  'above the asking rent',
]

/** Wording that deters people who receive benefits or have children (meant to exclude them). */
export const DETERRING_PHRASES: readonly string[] = [
  // Benefits
  'no dss',
  'dss not accepted',
  'no dss or housing benefit',
  'not suitable for dss',
  'no housing benefit',
  'housing benefit not accepted',
  'no benefits',
  'benefits not accepted',
  'no benefit claimants',
  'not suitable for benefit claimants',
  'no universal credit',
  'universal credit not accepted',
  'no lha',
  'no claimants',
  'professionals only',
  'professional only',
  'working professionals only',
  'professional tenants only',
  'working tenants only',
  'must be in full time employment',
  'employed tenants only',
  // Children
  'no children',
  'no kids',
  'no families',
  'children not accepted',
  'not suitable for children',
  'not suitable for families',
  'no under 18s',
  'adults only',
  'couples only',
  'single professional only',
]


/** A breach: which rule, in which feed field, and the words that break it. */
export interface LettingsAdvertBreach {
  rule: LettingsAdvertRule
  /** The BLM field: PRICE, PRICE_QUALIFIER, SUMMARY, DESCRIPTION or FEATUREn. */
  field: string
  /** The words as the advert has them ('No D.S.S.', 'Offers Over', '1,200-1,400'). */
  words: string
}

/** The PRICE_QUALIFIER codes that leave a rent one specific amount: 0 (Default) and 3 (Fixed Price). */
export const SPECIFIC_RENT_QUALIFIERS: readonly number[] = [0, 3]

/** Whose law a letting's advert falls under: the Act is England's. */
const ACT = "Renters' Rights Act 2025"

/** The report's message of a breach, naming the rule, the field and the words. */
export function toLettingsAdvertMessage(breach: LettingsAdvertBreach): string {
  const words = `'${breach.words}'`
  switch (breach.rule) {
    case 'rent_poa':
      return `not published: the rent is not stated (PRICE ${words}); a lettings advert must state one specific rent (${ACT})`
    case 'rent_range':
      return `not published: the rent is a range (PRICE ${words}); a lettings advert must state one specific rent (${ACT})`
    case 'rent_qualifier':
      return `not published: the rent is qualified as ${words} (PRICE_QUALIFIER); a lettings advert must state one specific rent, with no qualifier (${ACT})`
    case 'bidding_wording':
      return `not published: ${breach.field} invites offers above the rent (${words}); an agent must not invite or encourage bids above the advertised rent (${ACT})`
    case 'deterring_wording':
      return `not published: ${breach.field} deters tenants with children or who receive benefits (${words}); a lettings advert must not (${ACT})`
  }
}

/** Text as phrases are matched: lower case, dots inside abbreviations dropped, other punctuation a space. */
function toMatchText(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[’'`]/g, '')
      // Letters spelt with dots are one word: 'D.S.S.' → 'dss', 'P.O.A' → 'poa'.
      .replace(/\b(?:[a-z]\.){2,}[a-z]?\.?/g, (letters) => letters.replaceAll('.', ''))
      .replace(/[^a-z0-9£]+/g, ' ')
      .trim()
  )
}

/**
 * The phrase of `phrases` found first in `text`, as whole words (the longer one where two start at
 * the same word: 'working professionals only' before 'professionals only'), quoted as the text has it.
 */
function findPhrase(text: string, phrases: readonly string[]): string | null {
  const plain = ` ${toMatchText(text)} `
  let best: { at: number; key: string } | null = null
  for (const phrase of phrases) {
    const key = toMatchText(phrase)
    const at = plain.indexOf(` ${key} `)
    if (at < 0) continue
    if (!best || at < best.at || (at === best.at && key.length > best.key.length)) best = { at, key }
  }
  return best ? (findOriginalWords(text, best.key) ?? best.key) : null
}

/** The stretch of the original text whose match text is `key` (so the report quotes the advert's own words). */
function findOriginalWords(text: string, key: string): string | null {
  const words = text.split(/\s+/).filter(Boolean)
  const length = key.split(' ').length
  // A phrase spans as many words as it has, or fewer when punctuation joined them ('no-DSS').
  for (let size = 1; size <= length + 1; size++) {
    for (let i = 0; i + size <= words.length; i++) {
      const stretch = words.slice(i, i + size).join(' ')
      // Quoted without the punctuation around it, but with an abbreviation's dots ('D.S.S.').
      if (toMatchText(stretch) === key) return stretch.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '').replace(/(?<![.\s]\p{L})\.$/u, '')
    }
  }
  return null
}

/** A PRICE that is not a number because it is a range: '1,200-1,400', '£1200 to £1400'. */
const RANGE = /^\s*£?\s*\d[\d,.]*\s*(?:-|–|—|to)\s*£?\s*\d[\d,.]*\s*$/i
/** A PRICE that states no rent: empty, 0, 'POA', 'Price on application'. */
const NO_RENT = /^\s*(?:0+(?:\.0+)?|p\.?\s*o\.?\s*a\.?|price on application|tbc|tba)?\s*$/i

/**
 * The breaches of a letting's advert: its PRICE and PRICE_QUALIFIER (one specific rent), then the
 * bidding and deterring wording of its summary, description and features (one breach per rule and
 * field, the first phrase found). An empty list: the advert may be published.
 */
export function findLettingsAdvertBreaches(advert: {
  price: string
  priceQualifier: number | null
  texts: ReadonlyArray<{ field: string; text: string }>
}): LettingsAdvertBreach[] {
  const breaches: LettingsAdvertBreach[] = []
  const price = advert.price.trim()
  if (NO_RENT.test(price)) breaches.push({ rule: 'rent_poa', field: 'PRICE', words: price || '(empty)' })
  else if (RANGE.test(price)) breaches.push({ rule: 'rent_range', field: 'PRICE', words: price })
  if (advert.priceQualifier !== null && !SPECIFIC_RENT_QUALIFIERS.includes(advert.priceQualifier)) {
    const label = BLM_PRICE_QUALIFIERS[advert.priceQualifier] ?? `code ${advert.priceQualifier}`
    breaches.push({ rule: label === 'POA' ? 'rent_poa' : 'rent_qualifier', field: 'PRICE_QUALIFIER', words: label })
  }
  for (const { field, text } of advert.texts) {
    const bidding = findPhrase(text, BIDDING_PHRASES)
    if (bidding) breaches.push({ rule: 'bidding_wording', field, words: bidding })
    const deterring = findPhrase(text, DETERRING_PHRASES)
    if (deterring) breaches.push({ rule: 'deterring_wording', field, words: deterring })
  }
  return breaches
}
