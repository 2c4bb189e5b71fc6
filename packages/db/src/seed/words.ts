/**
 * Word lists and text templates for believable British listings: street and building names, advert
 * copy, feature bullets. Everything is chosen through the caller's seeded stream.
 */
import type { Random } from './random.ts'

const STREET_WORDS = [
  'Oak', 'Victoria', 'Mill', 'Church', 'Station', 'Park', 'High', 'Queen', 'King', 'Manor', 'Chapel',
  'School', 'Orchard', 'Willow', 'Elm', 'Ash', 'Beech', 'Birch', 'Cedar', 'Holly', 'Meadow', 'Springfield',
  'Grange', 'Westfield', 'Albert', 'Alexandra', 'George', 'Windsor', 'York', 'Clarence', 'Highfield',
  'Hillside', 'Brook', 'Fairfield', 'Rosemary', 'Lavender', 'Heather', 'Primrose', 'Hawthorn', 'Chestnut',
  'Sycamore', 'Poplar', 'Laburnum', 'Lime', 'Castle', 'Abbey', 'Priory', 'Bridge', 'Market', 'North',
  'South', 'West', 'East', 'Green', 'Cross', 'Forge', 'Wellington', 'Nelson', 'Grosvenor', 'Cavendish',
  'Belmont', 'Stanley', 'Richmond', 'Kingsley', 'Rectory', 'Vicarage', 'Farm', 'Woodland', 'Valley',
  'Riverside', 'Canal', 'Lodge', 'Old', 'Marlborough', 'Beaconsfield', 'Gladstone', 'Russell', 'Spencer',
  'Salisbury', 'Devonshire', 'Lancaster', 'Osborne', 'Shaftesbury', 'Wharf', 'Quarry', 'Common', 'Moor',
  'Heath', 'Field', 'Kiln', 'Tannery', 'Rope Walk', 'Cherry', 'Magnolia', 'Juniper', 'Foxglove', 'Bluebell',
  'Kestrel', 'Swallow', 'Wren', 'Larch', 'Alder', 'Hazel', 'Rowan', 'Yew', 'Maple', 'St John\u2019s',
  'St Mary\u2019s', 'St Peter\u2019s', 'Coronation', 'Jubilee', 'Elizabeth', 'Edward', 'Charles', 'William',
  'Princess', 'Prince\u2019s', 'Regent', 'Sandy', 'Long', 'Broad', 'Crown', 'Hall', 'Tower', 'Bank',
] as const

const STREET_SUFFIXES = [
  ['Road', 14], ['Lane', 8], ['Close', 8], ['Street', 9], ['Avenue', 6], ['Drive', 6], ['Way', 5],
  ['Crescent', 4], ['Grove', 4], ['Gardens', 4], ['Place', 2], ['Court', 2], ['Terrace', 3], ['Mews', 1],
  ['Rise', 2], ['View', 2], ['Walk', 1], ['Square', 1], ['Row', 1],
] as const satisfies ReadonlyArray<readonly [string, number]>

const BUILDING_SUFFIXES = ['House', 'Court', 'Lodge', 'Mansions', 'Point', 'Wharf', 'Heights', 'Place'] as const

/** A street name: 'Victoria Road'. Some words only pair well with some suffixes; these all read fine. */
export function toStreetName(rng: Random): string {
  const word = rng.pick(STREET_WORDS)
  if (word === 'High') return rng.chance(0.7) ? 'High Street' : 'High Road'
  return `${word} ${rng.weighted(STREET_SUFFIXES)}`
}

/** A block of flats: 'Mill Court'. */
export function toBuildingName(rng: Random): string {
  return `${rng.pick(STREET_WORDS)} ${rng.pick(BUILDING_SUFFIXES)}`
}

/** Commercial premises get a unit name. */
export function toUnitName(rng: Random): string {
  return rng.pick(['Unit', 'Suite']) + ` ${rng.int(1, 24)}`
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'] as const

/** 'four' for 4 (advert copy spells small numbers). */
export function toNumberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n)
}

/** 'Four' for 4. */
export function toTitleNumberWord(n: number): string {
  const w = toNumberWord(n)
  return w.charAt(0).toUpperCase() + w.slice(1)
}

/** A URL slug, as the site writes one (domain toUrlSlug). */
export { toUrlSlug as toSlug } from '@agency/domain'

/** What the copy needs to know about a property. */
export interface ListingFacts {
  sales: boolean
  kind: 'house' | 'flat' | 'bungalow' | 'park_home' | 'commercial' | 'land'
  /** Lower-case style noun: 'semi-detached house', 'flat', 'building plot'. */
  noun: string
  bedroom: number
  bathroom: number
  reception: number
  town: string
  street: string
  county: string | null
  hasGarden: boolean
  gardenLabel: string | null
  hasParking: boolean
  newHome: boolean
  sharedOwnership: boolean
  retirement: boolean
  furnishing: 'furnished' | 'part_furnished' | 'unfurnished' | null
  petsAllowed: boolean
  billsIncluded: boolean
  shortLet: boolean
  houseFlatShare: boolean
  tenure: string | null
  councilTaxBand: string | null
  epcRating: string | null
  availableFrom: string | null
  branchName: string
  agencyName: string
}

const ADJECTIVES = [
  'beautifully presented', 'well proportioned', 'deceptively spacious', 'immaculate', 'charming',
  'stylish', 'light and airy', 'superbly positioned', 'much improved', 'thoughtfully extended',
  'characterful', 'recently renovated', 'well maintained', 'contemporary', 'generously sized',
] as const

const SETTINGS = [
  'in a popular residential area of', 'in a sought-after position in', 'on a quiet tree-lined road in',
  'within easy walking distance of the centre of', 'in a convenient location close to the heart of',
  'on the edge of', 'in one of the most desirable parts of', 'in a peaceful cul-de-sac setting in',
] as const

const FURNISHING_WORDS = { furnished: 'furnished', part_furnished: 'part furnished', unfurnished: 'unfurnished' } as const

function sizeLabel(f: ListingFacts): string {
  if (f.kind === 'land' || f.kind === 'commercial') return f.noun
  if (f.bedroom === 0) return 'studio flat'
  return `${toNumberWord(f.bedroom)} bedroom ${f.noun}`
}

/** The advert heading: '4 bedroom detached house for sale', '2 bedroom flat to rent', 'Studio flat to rent'. */
export function toAdvertHeading(f: Pick<ListingFacts, 'sales' | 'kind' | 'noun' | 'bedroom'>): string {
  const what =
    f.kind === 'land' || f.kind === 'commercial'
      ? f.noun.charAt(0).toUpperCase() + f.noun.slice(1)
      : f.bedroom === 0
        ? 'Studio flat'
        : `${f.bedroom} bedroom ${f.noun}`
  return `${what} ${f.sales ? 'for sale' : 'to rent'}`
}

/** One or two sentences, often longer than a card shows (SPEC §9 cuts at 120 characters). */
export function toSummary(f: ListingFacts, rng: Random): string {
  const adj = rng.pick(ADJECTIVES)
  const what = sizeLabel(f)
  const article = /^[aeiou]/.test(adj) ? 'An' : 'A'
  if (f.kind === 'land') {
    return rng.pick([
      `A rare opportunity to acquire a ${f.noun} on the edge of ${f.town}, with far-reaching views and road frontage onto ${f.street}.`,
      `${f.noun.charAt(0).toUpperCase() + f.noun.slice(1)} extending to approximately ${rng.int(1, 40) / 2} acres, close to ${f.town} and offered with vacant possession.`,
    ])
  }
  if (f.kind === 'commercial') {
    return rng.pick([
      `${article} ${adj} ${f.noun} on ${f.street}, ${f.town}, suitable for a variety of uses (subject to planning) with good local footfall.`,
      `Prominent ${f.noun} in ${f.town} offering flexible accommodation, on-site facilities and excellent transport links.`,
    ])
  }
  const extras: string[] = []
  if (f.hasGarden && f.gardenLabel) extras.push(`${f.gardenLabel.toLowerCase()} garden`)
  if (f.hasParking) extras.push(rng.pick(['off-road parking', 'allocated parking', 'a driveway', 'a garage']))
  if (f.sales && rng.chance(0.3)) extras.push('no onward chain')
  const tail = extras.length ? ` with ${joinList(extras)}` : ''
  const first = `${article} ${adj} ${what} ${rng.pick(SETTINGS)} ${f.town}${tail}.`
  const seconds = f.sales
    ? [
        'An early viewing is highly recommended.',
        f.bedroom <= 2 ? 'Ideal for first-time buyers and investors alike.' : 'Perfect for a growing family.',
        'Close to well-regarded schools, shops and the station.',
        '',
      ]
    : [
        `Available${f.furnishing ? ` ${FURNISHING_WORDS[f.furnishing]}` : ''} from ${f.availableFrom ? toShortDate(f.availableFrom) : 'now'}.`,
        'Close to local amenities and transport links.',
        'Viewing is highly recommended.',
        '',
      ]
  const second = rng.pick(seconds)
  return second ? `${first} ${second}` : first
}

/** Three to five paragraphs of advert copy, separated by blank lines. */
export function toDescription(f: ListingFacts, rng: Random): string {
  const paragraphs: string[] = [introParagraph(f, rng)]
  if (f.kind !== 'land') paragraphs.push(accommodationParagraph(f, rng))
  if (f.kind === 'land') paragraphs.push(landParagraph(f, rng))
  else if (f.hasGarden || f.hasParking || rng.chance(0.5)) paragraphs.push(outsideParagraph(f, rng))
  paragraphs.push(locationParagraph(f, rng))
  if (!f.sales || rng.chance(0.6)) paragraphs.push(termsParagraph(f, rng))
  return paragraphs.join('\n\n')
}

function introParagraph(f: ListingFacts, rng: Random): string {
  const adj = rng.pick(ADJECTIVES)
  const what = sizeLabel(f)
  const verb = f.sales ? 'for sale' : 'to let'
  const opening = rng.pick([
    `${f.agencyName} are delighted to offer ${verb} this ${adj} ${what}, ${rng.pick(SETTINGS)} ${f.town}.`,
    `Offered ${verb} through our ${f.branchName} office, this ${adj} ${what} stands ${rng.pick(SETTINGS)} ${f.town}.`,
    `Situated on ${f.street}, this ${adj} ${what} is ${rng.pick(SETTINGS)} ${f.town}.`,
    `We are pleased to bring to the market this ${adj} ${what} on ${f.street}, ${f.town}.`,
  ])
  const extra: string[] = []
  if (f.newHome) extra.push('Built to a high specification, the property comes with the balance of a ten-year new home warranty.')
  if (f.sharedOwnership) extra.push(`Offered on a shared ownership basis, the price shown is for a ${rng.pick([25, 30, 40, 50, 60, 75])}% share, with rent payable on the remainder.`)
  if (f.retirement) extra.push('The property is reserved for those aged 60 and over, with a house manager on site and a 24-hour careline.')
  if (f.houseFlatShare) extra.push('Rooms are let individually, sharing a kitchen, lounge and bathroom with other professional tenants.')
  if (extra.length === 0) {
    extra.push(
      rng.pick([
        'It has been carefully maintained by the current owners and offers well-planned accommodation throughout.',
        'The property benefits from gas central heating and double glazing, and has been tastefully decorated throughout.',
        'Internally the accommodation is bright and flexible, with a layout that suits modern living.',
        'Period features blend with modern fittings, giving the home plenty of character.',
        'The home has been extended and improved over the years and is ready to move straight into.',
      ]),
    )
  }
  return `${opening} ${extra.join(' ')}`
}

function accommodationParagraph(f: ListingFacts, rng: Random): string {
  if (f.kind === 'commercial') {
    return rng.pick([
      `The premises provide approximately ${rng.int(8, 60) * 50} sq ft of open-plan space with a kitchenette, WC facilities and a separate meeting room. There is suspended ceiling lighting, perimeter trunking and gas-fired heating.`,
      `Accommodation is arranged over ${rng.pick(['one floor', 'two floors', 'ground and first floors'])} and includes a sales area, a store room, staff facilities and a rear loading door.`,
    ])
  }
  const rooms: string[] = []
  rooms.push(rng.pick(['an entrance hall', 'a welcoming reception hall', 'a porch leading to the hallway']))
  if (f.reception >= 1) {
    rooms.push(
      rng.pick([
        'a sitting room with a feature fireplace',
        'a bay-fronted living room',
        'a spacious lounge with French doors',
        'a living room with a large picture window',
      ]),
    )
  }
  if (f.reception >= 2) rooms.push(rng.pick(['a separate dining room', 'a family room', 'a study']))
  if (f.reception >= 3) rooms.push('a further reception room, ideal as a playroom or home office')
  rooms.push(
    rng.pick([
      'a modern fitted kitchen with integrated appliances',
      'an open-plan kitchen/diner',
      'a kitchen/breakfast room with a range of wall and base units',
      'a recently refitted kitchen with quartz worktops',
    ]),
  )
  if (f.kind === 'house' && rng.chance(0.5)) rooms.push(rng.pick(['a utility room', 'a downstairs WC', 'a conservatory']))
  const ground = `The accommodation briefly comprises ${joinList(rooms)}.`
  let sleeping: string
  if (f.bedroom === 0) {
    sleeping = 'The studio combines living and sleeping areas, with a separate shower room.'
  } else {
    const where = f.kind === 'house' ? 'On the first floor there are' : 'There are'
    const bedrooms = f.bedroom === 1 ? 'a double bedroom' : `${toNumberWord(f.bedroom)} bedrooms`
    const ensuite = f.bathroom >= 2 ? ', the principal bedroom with an en suite shower room' : ''
    const bath = f.bathroom >= 3 ? `, and ${toNumberWord(f.bathroom - 1)} further bathrooms` : rng.pick([', and a family bathroom', ', and a modern bathroom with shower over the bath'])
    sleeping = `${where} ${bedrooms}${ensuite}${bath}.`
  }
  return `${ground} ${sleeping}`
}

function outsideParagraph(f: ListingFacts, rng: Random): string {
  const parts: string[] = []
  if (f.hasGarden) {
    const label = (f.gardenLabel ?? 'private').toLowerCase()
    parts.push(
      rng.pick([
        `Outside, the ${label} garden is mainly laid to lawn with well-stocked borders and a paved seating area.`,
        `The ${label} garden enjoys a sunny aspect and offers a patio, lawn and timber shed.`,
        `There is a ${label} garden, low maintenance and ideal for entertaining.`,
      ]),
    )
  }
  if (f.hasParking) {
    parts.push(
      rng.pick([
        'A driveway provides off-road parking for two cars.',
        'There is an allocated parking space, with visitor parking nearby.',
        'A single garage with power and light sits to the side.',
        'Parking is available on the block-paved driveway.',
      ]),
    )
  } else {
    parts.push(rng.pick(['Unrestricted on-street parking is available.', 'Permit parking is available from the council.']))
  }
  return parts.join(' ')
}

function landParagraph(f: ListingFacts, rng: Random): string {
  return rng.pick([
    `The land is currently laid to pasture and is bounded by mature hedgerows, with gated access from ${f.street}. Mains services are understood to be available nearby.`,
    `Outline planning permission has been granted for a detached dwelling. Interested parties should make their own enquiries of the local planning authority.`,
    `The plot is level and well drained, with a water supply to a trough and a field shelter. It would suit equestrian or amenity use.`,
  ])
}

function locationParagraph(f: ListingFacts, rng: Random): string {
  const where = f.county ? `${f.town}, ${f.county}` : f.town
  return rng.pick([
    `${where} offers a wide choice of shops, caf\u00e9s and restaurants, with well-regarded primary and secondary schools close by. The railway station and main road links are within easy reach.`,
    `The property is within walking distance of local shops, a supermarket and green open spaces. ${f.town} has regular bus services and good access to the motorway network.`,
    `Residents enjoy a friendly community with a weekly market, leisure centre and riverside walks. Commuters are well served by the station, with direct trains to the nearest city.`,
    `Set close to parks and playing fields, the home is ideally placed for families, with nurseries and schools nearby and the town centre a short drive away.`,
  ])
}

function termsParagraph(f: ListingFacts, rng: Random): string {
  if (!f.sales) {
    const parts = [
      `Available from ${f.availableFrom ? toShortDate(f.availableFrom) : 'now'}${f.furnishing ? `, offered ${FURNISHING_WORDS[f.furnishing]}` : ''}.`,
      f.petsAllowed ? 'Pets will be considered.' : 'Sorry, no pets.',
    ]
    if (f.billsIncluded) parts.push('The rent includes gas, electricity, water and broadband.')
    if (f.shortLet) parts.push('Short lets of one to six months are considered.')
    parts.push(`Council tax band ${f.councilTaxBand ?? 'to be confirmed'}. A deposit of five weeks\u2019 rent is payable.`)
    return parts.join(' ')
  }
  const parts: string[] = []
  if (f.tenure) parts.push(`Tenure: ${f.tenure}.`)
  if (f.councilTaxBand) parts.push(`Council tax band ${f.councilTaxBand}.`)
  parts.push(
    rng.pick([
      `Viewing is strictly by appointment through our ${f.branchName} office.`,
      `To arrange a viewing, please contact our ${f.branchName} team.`,
      'Early viewing is advised to avoid disappointment.',
    ]),
  )
  return parts.join(' ')
}

/** Five to eight feature bullets. */
export function toFeatures(f: ListingFacts, rng: Random): string[] {
  const must: string[] = []
  const optional: string[] = []
  if (f.kind === 'land') {
    must.push('Approximately ' + rng.int(1, 20) + ' acres', 'Road frontage')
    optional.push('Far-reaching views', 'Mature hedgerows', 'Gated access', 'Water supply', 'Suitable for equestrian use', 'Planning potential (subject to consents)', 'Vacant possession')
  } else if (f.kind === 'commercial') {
    must.push(`Approximately ${rng.int(8, 60) * 50} sq ft`, 'Flexible open-plan space')
    optional.push('Kitchenette', 'WC facilities', 'Gas-fired heating', 'Good footfall', 'Close to the town centre', 'Loading access', 'Suitable for a variety of uses')
  } else {
    must.push(f.bedroom === 0 ? 'Studio' : `${toTitleNumberWord(f.bedroom)} bedroom${f.bedroom === 1 ? '' : 's'}`)
    if (f.bathroom >= 2) must.push(`${toTitleNumberWord(f.bathroom)} bathrooms`)
    if (f.hasGarden && f.gardenLabel) must.push(`${f.gardenLabel} garden`)
    if (f.hasParking) must.push(rng.pick(['Off-road parking', 'Allocated parking', 'Garage and driveway']))
    optional.push(
      'Gas central heating', 'Double glazing throughout', 'Modern fitted kitchen', 'Close to local schools',
      'Walking distance to the station', 'Recently redecorated', 'Good transport links', 'Popular location',
    )
    if (f.reception >= 2) optional.push('Two reception rooms')
    if (f.kind === 'house') optional.push('Downstairs WC', 'Utility room', 'Loft storage')
    if (f.kind === 'flat') optional.push('Lift access', 'Secure entry system', 'Bike store')
    if (f.sales) optional.push('No onward chain', 'Ideal first-time buy')
    else {
      optional.push('Available now', 'Professional tenants preferred')
      if (f.furnishing) must.push(FURNISHING_WORDS[f.furnishing].replace(/^./, (c) => c.toUpperCase()))
      if (f.petsAllowed) optional.push('Pets considered')
      if (f.billsIncluded) must.push('Bills included')
    }
    if (f.newHome) must.push('New build')
    if (f.retirement) must.push('Over 60s only')
    if (f.sharedOwnership) must.push('Shared ownership')
  }
  if (f.epcRating) optional.push(`EPC rating ${f.epcRating}`)
  if (f.councilTaxBand) optional.push(`Council tax band ${f.councilTaxBand}`)
  const target = rng.int(5, 8)
  const chosen = must.slice(0, target)
  for (const o of rng.sample(optional, target - chosen.length)) chosen.push(o)
  return chosen
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })

/** '14 March' from '2026-03-14'. */
function toShortDate(isoDate: string): string {
  return SHORT_DATE.format(new Date(`${isoDate}T00:00:00Z`))
}
