import { properties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

const INVALID = 'The given data was invalid.'
const ID_MESSAGE = 'An id must be a positive whole number written in decimal digits.'
/** Odd ways of writing an id, each of which once named a record (0x1 and 1e2 as 1 and 100). */
const ODD_IDS = ['0x1', '1e2', '%2B1', '%201', '1%20', '001', '01', '1.0', '0', '-1', '2147483648', '9007199254740991', '99999999999999999999']

describe.each(testDatabaseKinds())('ids in the API are decimal digits only, on %s', (kind) => {
  let api: TestApi
  let propertyId: number
  beforeAll(async () => {
    api = await createTestApi(kind)
    const [first] = await api.database.db
      .select({ id: properties.property_profile_id })
      .from(properties)
      .where(eq(properties.is_locked, false))
      .orderBy(asc(properties.property_profile_id))
      .limit(1)
    if (!first) throw new Error('the fixture has no visible property')
    propertyId = first.id
  })
  afterAll(async () => {
    await api?.close()
  })

  it('answers a property by its canonical id', async () => {
    const response = await api.app.inject(`/api/properties/${propertyId}`)
    expect(response.statusCode).toBe(200)
    expect(response.json().data.property_profile_id).toBe(propertyId)
  })

  it.each(ODD_IDS)('refuses the property id %s with 400 and the field error', async (id) => {
    const response = await api.app.inject(`/api/properties/${id}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: INVALID, errors: { property_profile_id: [ID_MESSAGE] } })
  })

  it('refuses a leading zero on an id that exists', async () => {
    const response = await api.app.inject(`/api/properties/0${propertyId}`)
    expect(response.statusCode).toBe(400)
  })

  it.each(ODD_IDS)('refuses the company setting id %s with 400', async (id) => {
    const response = await api.app.inject(`/api/company_settings/${id}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: INVALID, errors: { setting_id: [ID_MESSAGE] } })
  })

  it('refuses an odd contact id with 400 before asking for a session', async () => {
    for (const id of ODD_IDS) {
      const response = await api.app.inject(`/api/contacts/${id}`)
      expect(response.statusCode, id).toBe(400)
      expect(response.json(), id).toEqual({ message: INVALID, errors: { contact_id: [ID_MESSAGE] } })
    }
    expect((await api.app.inject('/api/contacts/1')).statusCode).toBe(401)
  })

  it.each(['1e0', '0x1', '%2B1', '%201', '01', '1.0', '0'])('refuses transaction_type_id=%s with 400', async (value) => {
    const response = await api.app.inject(`/api/properties?transaction_type_id=${value}`)
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toEqual(['transaction_type_id'])
  })

  it('takes transaction_type_id 1 and 2, and refuses 3', async () => {
    expect((await api.app.inject('/api/properties?transaction_type_id=1')).statusCode).toBe(200)
    expect((await api.app.inject('/api/properties?transaction_type_id=2')).statusCode).toBe(200)
    expect((await api.app.inject('/api/properties?transaction_type_id=3')).statusCode).toBe(400)
  })

  it.each(['01', '%201', '1%20', '1:01', '1:1,%2B2', '0x1', '1e2'])('refuses property_types=%s with 400', async (value) => {
    const response = await api.app.inject(`/api/properties?property_types=${value}`)
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toEqual(['property_types'])
  })

  it('takes property types and styles in their canonical form', async () => {
    expect((await api.app.inject('/api/properties?property_types=1:1,2&property_types=3')).statusCode).toBe(200)
  })
})
