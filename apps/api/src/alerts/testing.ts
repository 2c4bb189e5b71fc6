/**
 * Rows the alert delivery tests build on: a property at a known place and alerts around it, written
 * straight to the database (the registration flow has its own tests).
 */
import { AlertCriteriaSchema, type AlertCriteriaInput, type AlertFrequency } from '@agency/domain'
import { communicationInfos, contactApplicants, contacts, outbox, properties, propertyMedias, type Db } from '@agency/db'
import { eq } from 'drizzle-orm'

/** Where the test properties stand: far from every fixture town, so only they are matched. */
export const PLACE = { location: 'Kirkby Stephen', place_id: 'test-kirkby-stephen', lat: 54.472, lng: -2.348 } as const

let serial = 0

/** A property for sale at PLACE (1 mile north with `northMiles`), with a photo; answers its id. */
export async function insertProperty(db: Db, fields: Partial<typeof properties.$inferInsert> & { northMiles?: number } = {}): Promise<number> {
  const { northMiles = 0, ...rest } = fields
  serial++
  const [row] = await db
    .insert(properties)
    .values({
      transaction_type_id: 1,
      property_type_id: 1,
      property_style_id: null,
      slug: `test-house-${serial}`,
      advert_heading: `A detached house, number ${serial}`,
      summary: 'A detached house.',
      description: 'Three bedrooms.',
      bedroom: 3,
      bathroom: 2,
      reception: 1,
      price: 300_000,
      price_qualifier: 'Guide Price',
      has_garden: true,
      has_parking: false,
      address_line_1: `${serial} Market Street`,
      town: 'Kirkby Stephen',
      postcode: 'CA17 4QT',
      display_address: 'Market Street, Kirkby Stephen',
      lat: PLACE.lat + northMiles / 69.09,
      lng: PLACE.lng,
      ...rest,
    })
    .returning({ id: properties.property_profile_id })
  await db.insert(propertyMedias).values({ property_profile_id: row!.id, position: 0, kind: 'photo', file: 'pool/photo-0.jpg' })
  return row!.id
}

/** What a test alert is made of. */
export interface TestAlertOptions {
  criteria?: AlertCriteriaInput
  profile_id?: 3 | 5
  status?: 1 | 2
  confirmed?: boolean
  /** null: a contact with a phone number only. */
  email?: string | null
  frequency?: AlertFrequency
}

/** A test alert as written. */
export interface TestAlert {
  id: number
  contact_id: number
  applicant_key: string
  unsubscribe_token: string
  email: string | null
}

/** A buyer's alert within 3 miles of PLACE, £200,000 to £400,000, confirmed and ON, unless told otherwise. */
export async function insertAlert(db: Db, options: TestAlertOptions = {}): Promise<TestAlert> {
  serial++
  const email = options.email === undefined ? `buyer${serial}@example.com` : options.email
  const [contact] = await db.insert(contacts).values({ name: `Buyer${serial}`, surname: 'Test' }).returning()
  await db.insert(communicationInfos).values(
    email
      ? { contact_id: contact!.contact_id, communication_method_id: 1, value: email, preferred: true }
      : { contact_id: contact!.contact_id, communication_method_id: 2, value: '07700 900123', preferred: true },
  )
  const criteria = AlertCriteriaSchema.parse({
    locations: [{ ...PLACE, distance: 3 }],
    min_price: 200_000,
    max_price: 400_000,
    ...options.criteria,
  })
  const [row] = await db
    .insert(contactApplicants)
    .values({
      applicant_key: `key-${serial}-${Math.random().toString(36).slice(2)}`,
      contact_id: contact!.contact_id,
      profile_id: options.profile_id ?? 3,
      contact_applicant_status_id: options.status ?? 1,
      criteria,
      is_confirmed: options.confirmed ?? true,
      ...(options.frequency ? { alert_frequency: options.frequency } : {}),
    })
    .returning()
  return { id: row!.contact_applicant_id, contact_id: contact!.contact_id, applicant_key: row!.applicant_key, unsubscribe_token: row!.unsubscribe_token, email }
}

/** The Heads Up e-mails in the outbox, oldest first. */
export async function headsUpMails(db: Db) {
  return (await db.select().from(outbox).where(eq(outbox.kind, 'alert_heads_up'))).sort((a, b) => a.id - b.id)
}
