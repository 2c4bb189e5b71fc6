/**
 * Demo contacts: a buyer and a tenant whose alerts match some of the seeded properties (so logging in
 * unlocks pre-market cards and shows match percentages), a vendor, a landlord, and a contact with two
 * alerts, one switched off. Anyone may log in as them through a login link sent to their address.
 */
import { randomBytes } from 'node:crypto'
import {
  APPLICANT_PROFILE,
  APPLICANT_STATUS,
  AlertCriteriaSchema,
  COMMUNICATION_METHOD,
  CONTACT_SOURCE_ONLINE_REGISTRATION,
  LETTINGS_PRICE_STEPS,
  SALES_PRICE_STEPS,
  SALUTATION,
  TRANSACTION_TYPE,
  type AlertCriteria,
  type TransactionTypeId,
} from '@agency/domain'
import { sql } from 'drizzle-orm'
import { queryRows, type Database, type Db } from '../client.ts'
import {
  communicationInfos,
  contactAddresses,
  contactApplicants,
  contactProfiles,
  contacts,
  contactSubscriptions,
  subscriptionTypes,
} from '../schema/index.ts'
import { seedAlertReferenceData } from '../seed/questions.ts'

/** The demo buyer's e-mail address: a buyer alert around the town with the most homes for sale. */
export const DEMO_BUYER_EMAIL = 'buyer@example.com'
/** The demo tenant's e-mail address: a tenant alert around the town with the most homes to let. */
export const DEMO_TENANT_EMAIL = 'tenant@example.com'
/** A vendor (no alert: sees locked properties as a visitor does). */
export const DEMO_VENDOR_EMAIL = 'vendor@example.com'
/** A landlord (no alert). */
export const DEMO_LANDLORD_EMAIL = 'landlord@example.com'
/** A buyer with a second, switched-off tenant alert, for the alert list and switching. */
export const DEMO_TWO_ALERTS_EMAIL = 'two.alerts@example.com'

/** The subscription the alert form's consent checkbox gives. */
export const DEMO_SUBSCRIPTION_TYPE = { subscription_type_id: 1, name: 'Property alerts and news' } as const

/** The radius of the demo alerts, in miles. */
const DEMO_RADIUS_MILES = 5

/** Options of the demo contacts. */
export interface SeedContactsOptions {
  /** Picks which of the busiest towns the second alert uses (default 1). */
  seed?: number
  /** The moment the contacts and alerts are dated (default: the start of the current UTC day). */
  now?: Date
}

/** What a run wrote. */
export interface SeedContactsSummary {
  /** True when contacts existed already and nothing was written. */
  skipped: boolean
  contacts: number
  applicants: number
}

/** A town of the catalogue with the figures an alert is built from. */
interface TownFigures extends Record<string, unknown> {
  town: string
  listings: number
  lat: number
  lng: number
  low_price: number
  high_price: number
  median_bedroom: number
}

async function busiestTowns(db: Db, transactionTypeId: TransactionTypeId, limit: number): Promise<TownFigures[]> {
  const rows = await queryRows<TownFigures>(
    db,
    sql`select town, count(*)::int as listings, avg(lat)::float8 as lat, avg(lng)::float8 as lng,
          percentile_disc(0.25) within group (order by price) as low_price,
          percentile_disc(0.75) within group (order by price) as high_price,
          percentile_disc(0.5) within group (order by bedroom) as median_bedroom
        from properties
        where transaction_type_id = ${transactionTypeId} and availability = 'available'
        group by town
        order by count(*) desc, town asc
        limit ${limit}`,
  )
  return rows.map((r) => ({
    ...r,
    listings: Number(r.listings),
    lat: Number(r.lat),
    lng: Number(r.lng),
    low_price: Number(r.low_price),
    high_price: Number(r.high_price),
    median_bedroom: Number(r.median_bedroom),
  }))
}

/** The gazetteer's entry for a town, when the places have been built. */
async function findPlace(db: Db, town: string): Promise<{ place_id: string; location: string } | null> {
  const [table] = await queryRows<{ name: string | null }>(db, sql`select to_regclass('public.places')::text as name`)
  if (!table?.name) return null
  const [row] = await queryRows<{ place_id: string; location: string }>(
    db,
    sql`select place_id, location from places
        where lower(name) = lower(${town}) and location_type in ('city', 'town')
        order by population desc nulls last, place_id
        limit 1`,
  )
  return row ?? null
}

const FALLBACK_TOWN: TownFigures = {
  town: 'Leeds',
  listings: 0,
  lat: 53.7997,
  lng: -1.5492,
  low_price: 0,
  high_price: 0,
  median_bedroom: 3,
}

function stepDown(steps: readonly number[], value: number): number {
  return [...steps].reverse().find((s) => s <= value) ?? steps[0]!
}

function stepUp(steps: readonly number[], value: number): number {
  return steps.find((s) => s >= value) ?? steps[steps.length - 1]!
}

/**
 * An alert around a town: its centre (the mean position of its listings) with a 5-mile radius, the
 * middle half of its prices widened to the price steps, and at least one bedroom fewer than its median.
 */
async function toCriteria(db: Db, figures: TownFigures, transactionTypeId: TransactionTypeId): Promise<AlertCriteria> {
  const sales = transactionTypeId === TRANSACTION_TYPE.SALES
  const steps = sales ? SALES_PRICE_STEPS : LETTINGS_PRICE_STEPS
  const hasPrices = figures.high_price > 0
  const minPrice = hasPrices ? stepDown(steps, figures.low_price) : sales ? 200_000 : 800
  const maxPrice = hasPrices ? stepUp(steps, figures.high_price) : sales ? 400_000 : 1_500
  const place = await findPlace(db, figures.town)
  return AlertCriteriaSchema.parse({
    locations: [
      {
        location: place?.location ?? figures.town,
        place_id: place?.place_id ?? `demo:${figures.town.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        location_type: 'town',
        lat: Math.round(figures.lat * 1e5) / 1e5,
        lng: Math.round(figures.lng * 1e5) / 1e5,
        distance: DEMO_RADIUS_MILES,
      },
    ],
    min_price: minPrice,
    max_price: maxPrice,
    min_bedroom: Math.max(1, figures.median_bedroom - 1),
  })
}

interface DemoContact {
  salutation_id: number
  name: string
  surname: string
  email: string
  mobile: string
  street: string
  profiles: number[]
  applicants: Array<{ profile_id: number; status: number; criteria: AlertCriteria }>
}

/** An unguessable applicant key: it opens the alert without login (API.md), so it is never derived. */
function newApplicantKey(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Adds the demo contacts unless there are contacts already. Run after the catalogue is seeded: the
 * alerts are built around its busiest towns. The same catalogue gives the same contacts and criteria;
 * only the applicant keys are random, as they must be.
 */
export async function seedDemoContacts(database: Database, options: SeedContactsOptions = {}): Promise<SeedContactsSummary> {
  const seed = options.seed ?? 1
  const now = options.now ?? startOfUtcDay(new Date())

  return database.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    const [existing] = await queryRows<{ any: boolean }>(db, sql`select exists(select 1 from contacts) as any`)
    if (existing?.any) return { skipped: true, contacts: 0, applicants: 0 }

    const salesTowns = await busiestTowns(db, TRANSACTION_TYPE.SALES, 3)
    const lettingsTowns = await busiestTowns(db, TRANSACTION_TYPE.LETTINGS, 3)
    const salesTown = salesTowns[0] ?? FALLBACK_TOWN
    const lettingsTown = lettingsTowns[0] ?? FALLBACK_TOWN
    const otherSalesTown = salesTowns[1 + (Math.abs(seed) % Math.max(1, salesTowns.length - 1))] ?? salesTown
    const otherLettingsTown = lettingsTowns[1 + (Math.abs(seed) % Math.max(1, lettingsTowns.length - 1))] ?? lettingsTown

    const buyerCriteria = await toCriteria(db, salesTown, TRANSACTION_TYPE.SALES)
    const tenantCriteria = await toCriteria(db, lettingsTown, TRANSACTION_TYPE.LETTINGS)
    const secondBuyerCriteria = await toCriteria(db, otherSalesTown, TRANSACTION_TYPE.SALES)
    const secondTenantCriteria = await toCriteria(db, otherLettingsTown, TRANSACTION_TYPE.LETTINGS)

    const people: DemoContact[] = [
      {
        salutation_id: SALUTATION.MR,
        name: 'James',
        surname: 'Whitaker',
        email: DEMO_BUYER_EMAIL,
        mobile: '07700 900101',
        street: `14 Station Road, ${salesTown.town}`,
        profiles: [APPLICANT_PROFILE.BUYER],
        applicants: [{ profile_id: APPLICANT_PROFILE.BUYER, status: APPLICANT_STATUS.ON, criteria: buyerCriteria }],
      },
      {
        salutation_id: SALUTATION.MS,
        name: 'Priya',
        surname: 'Shah',
        email: DEMO_TENANT_EMAIL,
        mobile: '07700 900102',
        street: `3 Mill Lane, ${lettingsTown.town}`,
        profiles: [APPLICANT_PROFILE.TENANT],
        applicants: [{ profile_id: APPLICANT_PROFILE.TENANT, status: APPLICANT_STATUS.ON, criteria: tenantCriteria }],
      },
      {
        salutation_id: SALUTATION.MRS,
        name: 'Margaret',
        surname: 'Ellis',
        email: DEMO_VENDOR_EMAIL,
        mobile: '07700 900103',
        street: `27 Church Street, ${salesTown.town}`,
        profiles: [APPLICANT_PROFILE.VENDOR],
        applicants: [],
      },
      {
        salutation_id: SALUTATION.DR,
        name: 'Oliver',
        surname: 'Grant',
        email: DEMO_LANDLORD_EMAIL,
        mobile: '07700 900104',
        street: `8 Park Avenue, ${lettingsTown.town}`,
        profiles: [APPLICANT_PROFILE.LANDLORD],
        applicants: [],
      },
      {
        salutation_id: SALUTATION.MISS,
        name: 'Sophie',
        surname: 'Turner',
        email: DEMO_TWO_ALERTS_EMAIL,
        mobile: '07700 900105',
        street: `52 High Street, ${otherSalesTown.town}`,
        profiles: [APPLICANT_PROFILE.BUYER, APPLICANT_PROFILE.TENANT],
        applicants: [
          { profile_id: APPLICANT_PROFILE.TENANT, status: APPLICANT_STATUS.OFF, criteria: secondTenantCriteria },
          { profile_id: APPLICANT_PROFILE.BUYER, status: APPLICANT_STATUS.ON, criteria: secondBuyerCriteria },
        ],
      },
    ]

    await db.insert(subscriptionTypes).values(DEMO_SUBSCRIPTION_TYPE).onConflictDoNothing()
    await seedAlertReferenceData(db)
    const answers: Record<number, Record<string, number>> = {
      [APPLICANT_PROFILE.BUYER]: await demoAnswers(db, APPLICANT_PROFILE.BUYER),
      [APPLICANT_PROFILE.TENANT]: await demoAnswers(db, APPLICANT_PROFILE.TENANT),
    }

    let applicantCount = 0
    for (const person of people) {
      const [row] = await db
        .insert(contacts)
        .values({
          salutation_id: person.salutation_id,
          name: person.name,
          surname: person.surname,
          contact_source_id: CONTACT_SOURCE_ONLINE_REGISTRATION,
          created_at: now,
          updated_at: now,
        })
        .returning({ contact_id: contacts.contact_id })
      if (!row) throw new Error('The contact insert returned no row')
      const contactId = row.contact_id
      await db.insert(communicationInfos).values([
        { contact_id: contactId, communication_method_id: COMMUNICATION_METHOD.EMAIL, value: person.email, preferred: true },
        { contact_id: contactId, communication_method_id: COMMUNICATION_METHOD.MOBILE_PHONE, value: person.mobile, preferred: false },
      ])
      const town = person.street.split(', ').at(-1) ?? null
      await db.insert(contactAddresses).values({
        contact_id: contactId,
        position: 0,
        display_name: person.street,
        address_line_1: person.street.split(', ')[0] ?? null,
        town,
      })
      await db.insert(contactProfiles).values(person.profiles.map((profile_id) => ({ contact_id: contactId, profile_id })))
      if (person.applicants.length > 0) {
        await db
          .insert(contactSubscriptions)
          .values({ contact_id: contactId, subscription_type_id: DEMO_SUBSCRIPTION_TYPE.subscription_type_id, created_at: now })
        // Dated a minute apart, in list order, so "newest first" is the same on every run.
        await db.insert(contactApplicants).values(
          person.applicants.map((a, i) => {
            const created = new Date(now.getTime() + i * 60_000)
            return {
              applicant_key: newApplicantKey(),
              contact_id: contactId,
              profile_id: a.profile_id,
              contact_applicant_status_id: a.status,
              criteria: a.criteria,
              question_answers: answers[a.profile_id] ?? {},
              created_at: created,
              updated_at: created,
            }
          }),
        )
        applicantCount += person.applicants.length
      }
    }
    return { skipped: false, contacts: people.length, applicants: applicantCount }
  })
}

/** Answers of a demo alert: the first option of every question that has options. */
async function demoAnswers(db: Db, profileId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ contact_question_id: number; option_id: number }>(
    db,
    sql`select q.contact_question_id, min(o.contact_question_option_id)::int as option_id
        from contact_questions q join contact_question_options o on o.contact_question_id = q.contact_question_id and o.position = 0
        where q.profile_id = ${profileId}
        group by q.contact_question_id`,
  )
  return Object.fromEntries(rows.map((r) => [String(r.contact_question_id), Number(r.option_id)]))
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
}
