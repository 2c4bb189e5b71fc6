/**
 * Word lists and text templates for believable British listings: street and building names, advert
 * copy, feature bullets. Everything is chosen through the caller's seeded stream.
 */
import { withIndefiniteArticle, type LocalTax } from '@agency/domain'
import type { Random } from './random.ts'
import { allRooms, type Accommodation, type CommercialUse } from './rooms.ts'

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
  /** The tax on the property by its type and nation: council tax, domestic rates, business rates or none (land). */
  localTax: LocalTax | null
  /** What commercial premises are used as; null for a home or land. */
  use: CommercialUse | null
  /** Commercial premises' floor area in square feet; null otherwise. */
  floorAreaSqFt: number | null
  /** Land's area in acres; null otherwise. */
  acres: number | null
  epcRating: string | null
  /** A let's date of availability still to come; null for one free now (or a sale). */
  availableFrom: string | null
  branchName: string
  agencyName: string
  /** The rooms, floor by floor, that the plans draw: the copy names only these. */
  accommodation: Accommodation
}

const ADJECTIVES = [
  'beautifully presented', 'well proportioned', 'deceptively spacious', 'immaculate', 'charming',
  'stylish', 'light and airy', 'much improved', 'thoughtfully extended',
  'characterful', 'recently renovated', 'well maintained', 'contemporary', 'generously sized',
] as const

const SETTINGS = [
  'in a popular residential area of', 'in a sought-after position in', 'on a quiet tree-lined road in',
  'within easy walking distance of the centre of', 'in a convenient location close to the heart of',
  'on the edge of', 'in a peaceful cul-de-sac setting in', 'a short walk from the station in',
  'close to the parks and schools of', 'in an established neighbourhood of',
] as const

const FURNISHING_WORDS = { furnished: 'furnished', part_furnished: 'part furnished', unfurnished: 'unfurnished' } as const

function sizeLabel(f: ListingFacts): string {
  if (f.kind === 'land') return landNoun(f)
  if (f.kind === 'commercial') return f.noun
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
  if (f.kind === 'land') return landSummary(f, rng)
  if (f.kind === 'commercial') return commercialSummary(f, rng)
  const extras: string[] = []
  if (f.hasGarden && f.gardenLabel) extras.push(`${f.gardenLabel.toLowerCase()} garden`)
  if (f.hasParking) extras.push(rng.pick(['off-road parking', 'allocated parking', 'a driveway', 'a garage']))
  if (f.sales && rng.chance(0.3)) extras.push('no onward chain')
  const tail = extras.length ? ` with ${joinList(extras)}` : ''
  const notes = highlights(f, rng)
  const has = notes.length ? joinList(notes.slice(0, 2)) : ''
  const What = what.charAt(0).toUpperCase() + what.slice(1)
  const level = f.accommodation.level
  const frames: string[] = [
    `${article} ${adj} ${what} ${rng.pick(SETTINGS)} ${f.town}${tail}.`,
    `${What} on ${f.street}, ${f.town}${tail}.`,
  ]
  if (has) {
    frames.push(
      `Set on ${f.street}, this ${adj} ${what} offers ${has}.`,
      `With ${has}, this ${what} is ${rng.pick(SETTINGS)} ${f.town}.`,
      `This ${what} on ${f.street} has been ${rng.pick(['modernised', 'well looked after', 'much improved', 'carefully updated'])} and offers ${has}.`,
      `Well placed for ${f.town}\u2019s shops and station, this ${adj} ${what} has ${has}.`,
      `${What} with ${has}, ${rng.pick(SETTINGS)} ${f.town}.`,
    )
  }
  if (level) frames.push(`${level.replace(' floor', '-floor')} ${what} on ${f.street}, ${f.town}${has ? `, with ${has}` : ''}.`)
  const first = rng.pick(frames)
  const seconds = f.sales
    ? [
        'An early viewing is highly recommended.',
        f.bedroom <= 2 ? 'Ideal for first-time buyers and investors alike.' : 'Perfect for a growing family.',
        'Close to well-regarded schools, shops and the station.',
        '',
      ]
    : [
        `Available${f.furnishing ? ` ${FURNISHING_WORDS[f.furnishing]}` : ''} ${toAvailability(f)}.`,
        'Close to local amenities and transport links.',
        'Viewing is highly recommended.',
        '',
      ]
  const second = rng.pick(seconds)
  return second ? `${first} ${second}` : first
}

/** Three to five paragraphs of advert copy, separated by blank lines. */
export function toDescription(f: ListingFacts, rng: Random): string {
  if (f.kind === 'land' || f.kind === 'commercial') return toNonResidentialDescription(f, rng)
  const paragraphs: string[] = [introParagraph(f, rng)]
  paragraphs.push(accommodationParagraph(f, rng))
  if (f.hasGarden || f.hasParking || rng.chance(0.5)) paragraphs.push(outsideParagraph(f, rng))
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
    `Tucked away on ${f.street}, this ${adj} ${what} sits ${rng.pick(SETTINGS)} ${f.town}.`,
    `Our ${f.branchName} team are pleased to offer this ${adj} ${what} ${verb} on ${f.street}.`,
    `This ${adj} ${what} on ${f.street} is offered ${verb} ${rng.pick(SETTINGS)} ${f.town}.`,
  ])
  const extra: string[] = []
  if (f.newHome) extra.push('Built to a high specification, the property comes with the balance of a ten-year new home warranty.')
  if (f.sharedOwnership) extra.push(`Offered on a shared ownership basis, the price shown is for a ${rng.pick([25, 30, 40, 50, 60, 75])}% share, with rent payable on the remainder.`)
  if (f.retirement) extra.push('The property is reserved for those aged 60 and over, with a house manager on site and a 24-hour careline.')
  if (f.houseFlatShare) extra.push('Rooms are let individually, sharing the kitchen, living room and bathroom with other professional tenants.')
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

/** What stands out about a home, in the words a listing would use: its rooms, garden and parking. */
function highlights(f: ListingFacts, rng: Random): string[] {
  const names = new Set(allRooms(f.accommodation).map((r) => r.name))
  const out: string[] = []
  if (names.has('WC')) out.push('a downstairs WC')
  if (names.has('Dining Room')) out.push('a separate dining room')
  if (names.has('Conservatory')) out.push('a conservatory')
  if (names.has('Utility Room')) out.push('a utility room')
  if (names.has('Kitchen / Breakfast Room')) out.push('a kitchen/breakfast room')
  if (names.has('Kitchen / Diner')) out.push('an open-plan kitchen/diner')
  if (names.has('En Suite')) out.push('an en suite to the principal bedroom')
  if (names.has('Study')) out.push('a study')
  if (f.hasGarden && f.gardenLabel) out.push(withIndefiniteArticle(`${f.gardenLabel.toLowerCase()} garden`))
  if (f.hasParking) out.push(rng.pick(['off-road parking', 'a driveway', 'allocated parking']))
  return rng.sample(out, Math.min(out.length, 3))
}

function accommodationParagraph(f: ListingFacts, rng: Random): string {
  const floors = f.accommodation.floors
  const phrases = (rooms: ReadonlyArray<{ phrase: string }>) => rooms.map((r) => r.phrase).filter((p) => p !== '')
  const isBedroom = (name: string) => /^Bedroom \d/.test(name)
  const bedroomWords = (n: number) => (n === 1 ? 'a double bedroom' : `${toNumberWord(n)} bedrooms`)
  if (f.kind === 'house') {
    const [ground, first, second] = floors
    const groundText = `${rng.pick(['The accommodation briefly comprises', 'On the ground floor there is', 'The ground floor offers'])} ${joinList(phrases(ground?.rooms ?? []))}.`
    const up = first?.rooms ?? []
    const upBedrooms = up.filter((r) => isBedroom(r.name)).length
    const extraBedrooms = (second?.rooms ?? []).filter((r) => isBedroom(r.name)).length
    const baths = [...phrases(up), ...phrases(second?.rooms ?? [])]
    const upText = `${rng.pick(['Upstairs there are', 'On the first floor there are', 'The first floor has'])} ${bedroomWords(upBedrooms)}${extraBedrooms ? ` (with ${toNumberWord(extraBedrooms)} more on the second floor)` : ''}${baths.length > 1 ? ',' : ' and'} ${joinList(baths)}.`
    return `${groundText} ${upText}`
  }
  const rooms = floors[0]?.rooms ?? []
  const bedrooms = rooms.filter((r) => isBedroom(r.name)).length
  const living = phrases(rooms.filter((r) => !isBedroom(r.name) && !/Bathroom|En Suite|Shower Room/.test(r.name)))
  const baths = phrases(rooms.filter((r) => /Bathroom|En Suite|Shower Room/.test(r.name)))
  const level = f.accommodation.level
  const lead =
    f.kind === 'flat'
      ? level
        ? `Set on the ${level.toLowerCase()}, the ${f.bedroom === 0 ? 'studio' : 'flat'} comprises`
        : `The ${f.bedroom === 0 ? 'studio' : 'flat'} comprises`
      : rng.pick(['Arranged on one level, the accommodation comprises', 'All on one floor, the home offers'])
  if (f.bedroom === 0) return `${lead} ${joinList([...living, ...baths])}.`
  return `${lead} ${joinList(living)}. There ${bedrooms === 1 ? 'is' : 'are'} ${bedroomWords(bedrooms)}${baths.length > 1 ? ',' : ' and'} ${joinList(baths)}.`
}

function outsideParagraph(f: ListingFacts, rng: Random): string {
  const parts: string[] = []
  if (f.hasGarden) {
    const label = (f.gardenLabel ?? 'private').toLowerCase()
    parts.push(
      rng.pick([
        `Outside, the ${label} garden is mainly laid to lawn with well-stocked borders and a paved seating area.`,
        `The ${label} garden enjoys a sunny aspect and offers a patio, lawn and timber shed.`,
        `There is ${withIndefiniteArticle(label)} garden, low maintenance and ideal for entertaining.`,
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
      `Available ${toAvailability(f)}${f.furnishing ? `, offered ${FURNISHING_WORDS[f.furnishing]}` : ''}.`,
      f.petsAllowed ? 'Pets will be considered.' : 'Sorry, no pets.',
    ]
    if (f.billsIncluded) parts.push('The rent includes gas, electricity, water and broadband.')
    if (f.shortLet) parts.push('Short lets of one to six months are considered.')
    parts.push(`${f.localTax === 'domestic rates' ? 'Domestic rates are payable on the capital value.' : `Council tax band ${f.councilTaxBand ?? 'to be confirmed'}.`} A deposit of five weeks\u2019 rent is payable.`)
    return parts.join(' ')
  }
  const parts: string[] = []
  if (f.tenure) parts.push(`Tenure: ${f.tenure}.`)
  if (f.councilTaxBand) parts.push(`Council tax band ${f.councilTaxBand}.`)
  else if (f.localTax === 'domestic rates') parts.push('Domestic rates are payable on the capital value.')
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
    must.push(`Approximately ${toAcres(f)}`)
    if (f.noun === 'building plot') {
      must.push('Outline planning permission for a detached dwelling')
      optional.push('Road frontage', 'Mains services in the lane', 'Level site', 'Edge of town location', 'Vacant possession')
    } else {
      must.push('Laid to pasture')
      optional.push('Gated access from the lane', 'Mature hedgerow boundaries', 'Suitable for grazing or equestrian use', 'Far-reaching views', 'Vacant possession')
    }
  } else if (f.kind === 'commercial') {
    must.push(`Approximately ${toSqFt(f)}`)
    if (f.use === 'retail') {
      must.push('Glazed shop frontage')
      optional.push('Open sales area', 'Rear store room', 'Staff room and WC', 'Established trading position', 'Rear loading', 'Suitable for a range of uses (subject to planning)')
    } else if (f.use === 'industrial') {
      must.push('Roller shutter loading door')
      optional.push('Clear-span warehouse', 'Trade counter', 'Office and WC', 'Three-phase power', f.hasParking ? 'Yard and parking' : 'Shared estate parking', 'Good access to the main road network')
    } else {
      must.push('Open-plan office space')
      optional.push('Meeting room', 'Kitchenette', 'Air conditioning', 'LED lighting', f.hasParking ? 'Allocated parking spaces' : 'Public car parks nearby', 'Close to the town centre')
    }
    optional.push(f.sales ? 'Vacant possession' : 'New lease available')
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
    const names = new Set(allRooms(f.accommodation).map((r) => r.name))
    if (names.has('WC')) must.push('Downstairs WC')
    if (names.has('Utility Room')) optional.push('Utility room')
    if (names.has('Conservatory')) optional.push('Conservatory')
    if (f.kind === 'house') optional.push('Loft storage')
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

/** When a let is free, as an advert says it: 'from 14 March', or 'now' for no date. */
function toAvailability(f: ListingFacts): string {
  return f.availableFrom ? `from ${toShortDate(f.availableFrom)}` : 'now'
}

/** Land as a listing names it: 'building plot', 'parcel of agricultural land'. */
function landNoun(f: ListingFacts): string {
  return f.noun === 'agricultural land' ? 'parcel of agricultural land' : f.noun
}

/** '0.35 acres', '12.5 acres'. */
function toAcres(f: ListingFacts): string {
  const acres = f.acres ?? 1
  return `${acres} acre${acres === 1 ? '' : 's'}`
}

/** '1,250 sq ft'. */
function toSqFt(f: ListingFacts): string {
  return `${(f.floorAreaSqFt ?? 0).toLocaleString('en-GB')} sq ft`
}

const COMMERCIAL_ADJECTIVES = ['well-presented', 'modern', 'recently refurbished', 'well-located', 'self-contained', 'prominent'] as const

/** Where premises of each use stand. */
const COMMERCIAL_SETTINGS: Record<CommercialUse, readonly string[]> = {
  office: ['in an established business location in', 'close to the centre of', 'within walking distance of the station in'],
  retail: ['in a busy parade of shops in', 'in an established trading position in', 'on a main shopping street in'],
  industrial: ['on an established industrial estate in', 'on a business park on the edge of', 'close to the main road network in'],
}

function commercialSummary(f: ListingFacts, rng: Random): string {
  const use = f.use ?? 'office'
  const adj = rng.pick(COMMERCIAL_ADJECTIVES)
  const Adj = adj.charAt(0).toUpperCase() + adj.slice(1)
  const size = toSqFt(f)
  const first =
    use === 'retail'
      ? rng.pick([
          `${Adj} retail unit of approximately ${size} with a glazed frontage on ${f.street}, ${rng.pick(COMMERCIAL_SETTINGS.retail)} ${f.town}.`,
          `Ground-floor shop on ${f.street}, ${f.town}, with an open sales area of approximately ${size}, a store room and a staff room.`,
        ])
      : use === 'industrial'
        ? rng.pick([
            `${Adj} industrial unit of approximately ${size} on ${f.street}, ${f.town}, with a roller shutter loading door and three-phase power.`,
            `Warehouse and trade counter premises extending to approximately ${size}, ${rng.pick(COMMERCIAL_SETTINGS.industrial)} ${f.town}.`,
          ])
        : rng.pick([
            `${Adj} office suite of approximately ${size} on ${f.street}, ${rng.pick(COMMERCIAL_SETTINGS.office)} ${f.town}.`,
            `Open-plan office space of approximately ${size} with a meeting room and kitchenette, on ${f.street}, ${f.town}.`,
          ])
  const second = f.sales
    ? rng.pick(['Offered with vacant possession.', 'Suitable for owner-occupiers and investors.', ''])
    : rng.pick([`Available ${toAvailability(f)} on a new lease.`, 'Flexible lease terms considered.', ''])
  return second ? `${first} ${second}` : first
}

function landSummary(f: ListingFacts, rng: Random): string {
  const area = toAcres(f)
  if (f.noun === 'building plot') {
    return rng.pick([
      `A building plot of approximately ${area} on ${f.street}, on the edge of ${f.town}, with outline planning permission for a detached dwelling.`,
      `Building plot extending to approximately ${area}, with road frontage onto ${f.street} and outline planning permission for a detached dwelling.`,
    ])
  }
  return rng.pick([
    `A parcel of agricultural land extending to approximately ${area} on the edge of ${f.town}, laid to pasture with gated access from ${f.street}.`,
    `Agricultural land of approximately ${area} close to ${f.town}, bounded by mature hedgerows and offered with vacant possession.`,
  ])
}

/** An office's, a shop's, a warehouse's or land's advert: what it is, its space or planning, its setting and its terms. */
function toNonResidentialDescription(f: ListingFacts, rng: Random): string {
  const verb = f.sales ? 'for sale' : 'to let'
  const what = sizeLabel(f)
  const paragraphs: string[] = []
  if (f.kind === 'land') {
    const opening = rng.pick([
      `${f.agencyName} are pleased to offer ${verb} this ${what} on ${f.street}, on the edge of ${f.town}.`,
      `Offered ${verb} through our ${f.branchName} office, this ${what} lies off ${f.street}, on the edge of ${f.town}.`,
    ])
    paragraphs.push(`${opening} It extends to approximately ${toAcres(f)}.`)
    paragraphs.push(
      f.noun === 'building plot'
        ? `Outline planning permission has been granted for a detached dwelling; the consent and its conditions are available from the agent. The plot is level, with road frontage onto ${f.street}, and mains water and electricity are understood to be in the lane. Interested parties should make their own enquiries of the local planning authority.`
        : `The land is laid to pasture and bounded by mature hedgerows, with gated access from ${f.street}. No services are connected. It would suit grazing or equestrian use; any other use would need planning permission.`,
    )
    paragraphs.push(`${f.town} is a short drive away${f.county ? `, with the ${f.county} countryside all around` : ''}.`)
  } else {
    const use = f.use ?? 'office'
    const adj = rng.pick(COMMERCIAL_ADJECTIVES)
    paragraphs.push(
      `${rng.pick([
        `${f.agencyName} are pleased to offer ${verb} this ${adj} ${what} on ${f.street}, ${rng.pick(COMMERCIAL_SETTINGS[use])} ${f.town}.`,
        `Offered ${verb} through our ${f.branchName} office, this ${adj} ${what} stands on ${f.street}, ${rng.pick(COMMERCIAL_SETTINGS[use])} ${f.town}.`,
      ])} ${
        use === 'retail'
          ? 'The unit has a full-height glazed frontage and a clear sales floor, and would suit a range of retail or service uses (subject to planning).'
          : use === 'industrial'
            ? 'Of steel portal frame construction, the unit has a clear working height of about six metres, a roller shutter loading door and a three-phase power supply.'
            : 'The suite has been refurbished to a good standard, with LED lighting, air conditioning and perimeter trunking.'
      }`,
    )
    const rooms = (f.accommodation.floors[0]?.rooms ?? []).map((r) => r.phrase).filter((p) => p !== '')
    paragraphs.push(`The premises provide approximately ${toSqFt(f)} on the ground floor, comprising ${joinList(rooms)}.`)
    paragraphs.push(
      use === 'industrial'
        ? f.hasParking
          ? 'A concrete yard to the front gives loading and parking for several vehicles.'
          : 'Parking is in the shared estate car park, with loading from the estate road.'
        : use === 'retail'
          ? f.hasParking
            ? 'Customers can park in the shared car park at the front, and deliveries are taken from the rear service road.'
            : 'Pay and display parking is close by, and deliveries are taken from the rear service road.'
          : f.hasParking
            ? 'Allocated parking spaces in the car park come with the suite.'
            : 'There is no on-site parking; public car parks and bus routes are close by.',
    )
    paragraphs.push(`${f.county ? `${f.town}, ${f.county},` : f.town} is well connected, with the town centre, the railway station and the main road network close at hand.`)
  }
  paragraphs.push(nonResidentialTerms(f, rng))
  return paragraphs.join('\n\n')
}

function nonResidentialTerms(f: ListingFacts, rng: Random): string {
  const parts: string[] = []
  if (f.sales) {
    if (f.tenure) parts.push(`Tenure: ${f.tenure}.`)
  } else {
    parts.push(`Available ${toAvailability(f)} on a new lease, for a term to be agreed. A rent deposit is payable.`)
  }
  if (f.localTax === 'business rates') parts.push('Business rates are payable; the agent can give the rateable value.')
  parts.push(rng.pick([`Viewing is strictly by appointment through our ${f.branchName} office.`, `To arrange a viewing, please contact our ${f.branchName} team.`]))
  return parts.join(' ')
}
