/**
 * Demo material information (National Trading Standards parts A–C) and EPC scores for a generated
 * property: values that read right for a UK home of its kind, with about one fact in ten left
 * unknown so the page's 'Ask the agent' shows as it would on a real listing. Drawn from their own
 * random stream, so adding them changed none of the other generated values.
 */
import { EPC_BANDS, FLOOD_RISK_AUTHORITIES, hasLeaseTerms, toEpcRating, type EpcRating, type UkCountry } from '@agency/domain'
import type { Random, Weighted } from './random.ts'

/** What the facts depend on. */
export interface MaterialFacts {
  sales: boolean
  kind: 'house' | 'flat' | 'bungalow' | 'park_home' | 'commercial' | 'land'
  styleId: number
  tenure: string | null
  epcRating: EpcRating | null
  newHome: boolean
  hasParking: boolean
  /** A town under 10,000 people, where homes are more often off the mains. */
  rural: boolean
  /** The nation the property is in (from its postcode): whose flood maps its flood risk comes from. */
  country: UkCountry
}

/** The generated columns. */
export interface MaterialColumns {
  epc_potential_rating: string | null
  epc_current_score: number | null
  epc_potential_score: number | null
  lease_years_remaining: number | null
  ground_rent: number | null
  service_charge: number | null
  construction: string | null
  electricity_supply: string | null
  water_supply: string | null
  sewerage: string | null
  heating: string | null
  broadband: string | null
  mobile_signal: string | null
  parking: string | null
  building_safety: string | null
  restrictions: string | null
  rights_and_easements: string | null
  flood_risk: string | null
  accessibility: string | null
}

const NONE_KNOWN = 'None known'
const COTTAGE_STYLE = 6
const OFFICE_STYLE = 20
const RETAIL_STYLE = 21
const BUILDING_PLOT_STYLE = 23

/** A fact that is sometimes not known to the agent. */
const known = <T>(rng: Random, value: T, share = 0.9): T | null => (rng.chance(share) ? value : null)

function toScores(rating: EpcRating | null, newHome: boolean, rng: Random) {
  if (!rating) return { epc_potential_rating: null, epc_current_score: null, epc_potential_score: null }
  const band = EPC_BANDS.find((b) => b.rating === rating)!
  const current = rng.int(band.min, band.max ?? 100)
  // Improvements an assessor lists (insulation, glazing, solar) lift most homes a band or two.
  // A few typical lifts rather than every number between, so that one chart picture serves many homes.
  const potential = Math.min(100, current + (newHome ? rng.pick([0, 2, 4]) : rng.pick([7, 11, 15, 19, 23])))
  return { epc_potential_rating: toEpcRating(potential), epc_current_score: current, epc_potential_score: potential }
}

const HEATING: Weighted<string> = [
  ['Gas central heating (combination boiler)', 55],
  ['Gas central heating (system boiler)', 15],
  ['Electric storage heaters', 8],
  ['Air source heat pump', 6],
  ['Oil-fired central heating', 5],
]
const BROADBAND: Weighted<string> = [
  ['Ultrafast fibre (FTTP), up to 1,000 Mbps', 45],
  ['Superfast fibre (FTTC), up to 80 Mbps', 45],
  ['Standard (ADSL), up to 17 Mbps', 10],
]
const MOBILE: Weighted<string> = [
  ['Good outdoor and indoor signal from EE, O2, Three and Vodafone', 60],
  ['Good outdoor signal from all four networks; indoor signal variable', 30],
  ['Limited indoor signal; good outdoor signal from EE and O2', 10],
]
/** Flood risk as the nation's flood maps put it (FLOOD_RISK_AUTHORITIES), with the body credited. */
const toFloodRisks = (country: UkCountry): Weighted<string> => {
  const source = FLOOD_RISK_AUTHORITIES[country]
  return [
    [`Very low risk from rivers, the sea and surface water (${source}); no flooding in the last five years`, 70],
    [`Low risk from surface water (${source}); no flooding in the last five years`, 22],
    [`Medium risk from surface water (${source}); no flooding in the last five years`, 8],
  ]
}

/** Material information for one property. */
export function toMaterialColumns(f: MaterialFacts, rng: Random): MaterialColumns {
  const scores = toScores(f.epcRating, f.newHome, rng)
  const flat = f.kind === 'flat'
  const leasehold = f.sales && hasLeaseTerms(f.tenure)
  const land = f.kind === 'land'
  const shareOfFreehold = f.tenure === 'Share of Freehold'
  const lease = leasehold
    ? {
        lease_years_remaining: known(rng, shareOfFreehold ? rng.pick([950, 975, 990]) : f.newHome ? rng.int(120, 125) : f.kind === 'park_home' ? rng.int(40, 99) : rng.pick([rng.int(68, 99), rng.int(100, 125), rng.int(150, 990)])),
        // Leases granted since 30 June 2022 carry a peppercorn (nil) ground rent.
        ground_rent: known(rng, shareOfFreehold || f.newHome ? 0 : rng.pick([0, 50, 100, 150, 250, 350])),
        service_charge: known(rng, flat ? Math.round(rng.int(600, 4_200) / 50) * 50 : f.kind === 'park_home' ? rng.int(150, 250) * 12 : rng.pick([0, 120, 240])),
      }
    : { lease_years_remaining: null, ground_rent: null, service_charge: null }
  if (land) {
    const plot = f.styleId === BUILDING_PLOT_STYLE
    return {
      ...scores,
      ...lease,
      construction: null,
      electricity_supply: known(rng, plot ? 'None connected; mains supply in the lane' : 'None connected', 0.7),
      water_supply: known(rng, plot ? 'None connected; mains water in the lane' : 'None connected', 0.7),
      sewerage: known(rng, plot ? 'None connected; mains sewer in the lane' : 'None connected', 0.7),
      heating: null,
      broadband: null,
      mobile_signal: known(rng, rng.weighted(MOBILE), 0.8),
      parking: null,
      building_safety: null,
      // The copy says a plot has outline planning permission and farmland none.
      restrictions: known(rng, plot ? 'Outline planning permission for one dwelling' : rng.pick(['Agricultural use only; no planning permission', 'Agricultural use only; an agricultural occupancy covenant applies'])),
      rights_and_easements: known(rng, rng.pick(plot ? ['Right of way over the shared access from the lane', NONE_KNOWN] : ['Public footpath crosses the land', 'Right of way for the neighbouring farm', NONE_KNOWN])),
      flood_risk: known(rng, rng.weighted(toFloodRisks(f.country))),
      accessibility: null,
    }
  }
  if (f.kind === 'commercial') return { ...scores, ...lease, ...toCommercialColumns(f, rng) }
  const cottage = f.styleId === COTTAGE_STYLE
  const offMains = f.rural && rng.chance(0.25)
  return {
    ...scores,
    ...lease,
    construction: known(
      rng,
      f.kind === 'park_home'
        ? 'Non-standard: timber-framed park home to BS 3632'
        : cottage
          ? 'Solid stone walls under a slate roof'
          : f.newHome
            ? 'Timber frame with brick outer skin under a tiled roof'
            : rng.chance(0.95)
              ? 'Standard: brick and block cavity walls under a tiled roof'
              : 'Non-standard: concrete (PRC) construction',
    ),
    electricity_supply: known(rng, rng.chance(0.12) ? 'Mains electricity, with solar panels (owned outright)' : 'Mains electricity', 0.95),
    water_supply: known(rng, offMains && rng.chance(0.3) ? 'Private supply (borehole)' : 'Mains water', 0.95),
    sewerage: known(rng, offMains ? rng.pick(['Septic tank', 'Private sewage treatment plant']) : 'Mains drainage'),
    heating: known(rng, flat && rng.chance(0.15) ? 'Communal heating' : offMains ? 'Oil-fired central heating' : f.newHome ? 'Air source heat pump' : rng.weighted(HEATING)),
    broadband: known(rng, f.newHome ? 'Ultrafast fibre (FTTP), up to 1,000 Mbps' : rng.weighted(BROADBAND)),
    mobile_signal: known(rng, rng.weighted(MOBILE), 0.8),
    parking: known(
      rng,
      f.hasParking
        ? flat
          ? rng.pick(['Allocated space in a gated car park', 'Allocated space', 'Underground parking space'])
          : rng.pick(['Driveway for two cars', 'Garage and driveway', 'Driveway', 'Double garage and driveway'])
        : rng.pick(['On-street parking', 'Residents\u2019 permit parking', 'No parking']),
    ),
    building_safety: known(
      rng,
      flat
        ? rng.pick(['No cladding; an EWS1 form is not required', 'EWS1 form (option A1) held', 'Sprinklers and fire doors throughout the building'])
        : 'No known building safety issues',
    ),
    restrictions: known(
      rng,
      cottage
        ? rng.pick(['Grade II listed', 'In a conservation area'])
        : flat
          ? rng.pick(['Lease forbids subletting for short lets; pets with the freeholder\u2019s consent', 'Lease forbids short lets', NONE_KNOWN])
          : rng.pick([NONE_KNOWN, NONE_KNOWN, NONE_KNOWN, 'In a conservation area', 'Covenant: no business use and no caravans on the drive', 'Tree preservation order on the oak in the front garden']),
    ),
    rights_and_easements: known(
      rng,
      rng.pick([NONE_KNOWN, NONE_KNOWN, 'Shared access over the neighbouring driveway', 'Right of way for the neighbours along the rear path', 'Utility company easement for a substation cable']),
    ),
    flood_risk: known(rng, rng.weighted(toFloodRisks(f.country))),
    accessibility: known(
      rng,
      f.kind === 'bungalow' || f.kind === 'park_home'
        ? 'Level access and step-free accommodation on one floor'
        : flat
          ? rng.pick(['Lift to every floor; level access from the street', 'Stairs only; no lift', 'Ground floor with level access'])
          : rng.pick(['Stairs to the first floor; one step at the front door', 'Level access to the ground floor; downstairs WC', 'Stairs to the first floor']),
      0.7,
    ),
  }
}

const COMMERCIAL_BROADBAND: Weighted<string> = [
  ['Full fibre (FTTP), up to 1,000 Mbps; a leased line can be installed', 60],
  ['Superfast fibre (FTTC), up to 80 Mbps; a leased line can be installed', 40],
]

type CommercialUse = 'office' | 'retail' | 'industrial'

/** What the planning consent or the deeds restrict, by the unit's use. */
const COMMERCIAL_RESTRICTIONS: Record<CommercialUse, readonly string[]> = {
  office: ['Planning consent for office use', NONE_KNOWN],
  retail: ['Planning consent for retail use; other uses subject to planning', 'Trading hours limited to 7am to 11pm by the planning consent', NONE_KNOWN],
  industrial: ['Planning consent for industrial and storage use; no retail sales', 'Deliveries limited to 7am to 7pm by the planning consent', NONE_KNOWN],
}

/** The rights of way and shared use over the unit or its land, by the unit's use. */
const COMMERCIAL_RIGHTS: Record<CommercialUse, readonly string[]> = {
  office: ['Shared use of the entrance, stairs and car park', NONE_KNOWN],
  retail: ['Right of way over the rear service road', 'Flats above have access over the rear yard', NONE_KNOWN],
  industrial: ['Shared use of the estate roads', 'Right of way over the estate road and service yard', NONE_KNOWN],
}

/** The services and facts of an office (style 20), a shop (21) or an industrial unit (22), as a commercial agent states them. */
function toCommercialColumns(f: MaterialFacts, rng: Random): Omit<MaterialColumns, keyof ReturnType<typeof toScores> | 'lease_years_remaining' | 'ground_rent' | 'service_charge'> {
  const office = f.styleId === OFFICE_STYLE
  const retail = f.styleId === RETAIL_STYLE
  const use: CommercialUse = office ? 'office' : retail ? 'retail' : 'industrial'
  return {
    construction: known(
      rng,
      office
        ? rng.pick(['Brick-clad steel frame under a flat roof', 'Traditional brick construction under a pitched slate roof'])
        : retail
          ? 'Ground-floor shop in a brick-built parade'
          : 'Steel portal frame with insulated profiled cladding to the walls and roof',
    ),
    electricity_supply: known(rng, office || retail ? 'Mains electricity' : 'Mains electricity, three-phase supply', 0.95),
    water_supply: known(rng, 'Mains water', 0.95),
    sewerage: known(rng, 'Mains drainage'),
    heating: known(
      rng,
      office
        ? rng.pick(['Air conditioning (heating and cooling)', 'Gas-fired central heating with comfort cooling'])
        : retail
          ? 'Air conditioning to the sales area; electric heating elsewhere'
          : 'Gas-fired warm air heaters to the warehouse; electric heating to the office',
    ),
    broadband: known(rng, rng.weighted(COMMERCIAL_BROADBAND)),
    mobile_signal: known(rng, rng.weighted(MOBILE), 0.8),
    parking: known(
      rng,
      office
        ? f.hasParking
          ? `${rng.int(2, 12)} allocated spaces in the car park`
          : 'No on-site parking; public car parks nearby'
        : retail
          ? f.hasParking
            ? 'Shared customer car park at the front; loading from the rear service road'
            : 'Pay and display parking nearby; loading from the rear service road'
          : f.hasParking
            ? 'Yard to the front for loading and parking'
            : 'Shared estate parking',
    ),
    building_safety: known(
      rng,
      rng.pick(['Fire risk assessment held; fire alarm and emergency lighting tested', 'Asbestos management survey held; none found', 'No known building safety issues']),
    ),
    restrictions: known(rng, rng.pick(COMMERCIAL_RESTRICTIONS[use])),
    rights_and_easements: known(rng, rng.pick(COMMERCIAL_RIGHTS[use])),
    flood_risk: known(rng, rng.weighted(toFloodRisks(f.country))),
    accessibility: known(
      rng,
      office
        ? rng.pick(['Level access to the ground floor; accessible WC', 'Passenger lift to every floor; accessible WC'])
        : retail
          ? 'Level access from the street; accessible WC'
          : 'Level access to the warehouse and the office',
      0.7,
    ),
  }
}
