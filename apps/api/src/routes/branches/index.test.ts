import { branches, properties } from '@agency/db'
import { testDatabaseKinds } from '@agency/db/testing'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '#app/testing/api.ts'

describe.each(testDatabaseKinds())('GET /api/branches on %s', (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  it('lists every branch as a SPEC §3 map marker, in id order', async () => {
    const response = await api.app.inject('/api/branches')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.data.map((b: { id: number }) => b.id)).toEqual([1, 2, 3])
    expect(body.data[0]).toEqual({
      id: 1,
      name: 'Agency Leeds',
      branchName: 'Leeds',
      phone: '0113 496 0000',
      email: 'leeds@agency.example',
      address: '1 High Street, Leeds',
      lat: 53.7997,
      lng: -1.5492,
      button: true,
      buttonLabel: 'View on Google Map',
      businessLink: 'https://maps.example/leeds',
      markerImage: 'https://maps.example/marker.png',
      color: '#0b4f6c',
      version: 1,
    })
    expect(body.data[1].markerImage).toBeNull()
  })
})

describe.each(testDatabaseKinds())("a branch's page on %s", (kind) => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi(kind)
    await api.database.db
      .update(branches)
      .set({
        opening_hours: [
          { day: 'Monday', opens: '09:00', closes: '17:30' },
          { day: 'Saturday', opens: '09:30', closes: '16:00' },
        ],
        team: [{ name: 'Sarah Whitfield', role: 'Branch Manager' }],
      })
      .where(eq(branches.branch_id, 2))
    // Hours written by hand that do not read as hours: left out, not a broken page.
    await api.database.db.update(branches).set({ opening_hours: sql`'[{"day":"Funday","opens":"9","closes":"late"}]'::jsonb` }).where(eq(branches.branch_id, 3))
  })
  afterAll(async () => {
    await api?.close()
  })

  it('answers one branch with its opening hours and team', async () => {
    const response = await api.app.inject('/api/branches/2')
    expect(response.statusCode).toBe(200)
    const { data } = response.json()
    expect(data).toMatchObject({ id: 2, name: expect.stringMatching(/^Agency /), phone: '0113 496 0010' })
    expect(data.openingHours).toEqual([
      { day: 'Monday', opens: '09:00', closes: '17:30' },
      { day: 'Saturday', opens: '09:30', closes: '16:00' },
    ])
    expect(data.team).toEqual([{ name: 'Sarah Whitfield', role: 'Branch Manager' }])
    expect((await api.app.inject('/api/branches/1')).json().data).toMatchObject({ id: 1, openingHours: [], team: [] })
    expect((await api.app.inject('/api/branches/3')).json().data.openingHours).toEqual([])
  })

  it('answers 404 for a branch that does not exist and 400 for an address that names none', async () => {
    const missing = await api.app.inject('/api/branches/99')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Branch not found' })
    for (const bad of ['abc', '0x2', '-1', '02', '1.0', '%00', '2%00', '99999999999999999999']) expect((await api.app.inject(`/api/branches/${bad}`)).statusCode, bad).toBe(400)
    expect([400, 414]).toContain((await api.app.inject(`/api/branches/${'9'.repeat(400)}`)).statusCode)
    // An id of the right shape that no branch has is a 404, however large.
    expect((await api.app.inject('/api/branches/2147483647')).statusCode).toBe(404)
  })

  it("searches one branch's properties: every card is that branch's, and none of its properties is left out", async () => {
    const response = await api.app.inject('/api/properties?branch_id=2&page_size=100&include_medias=false')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    const [row] = await api.database.db
      .select({ n: count() })
      .from(properties)
      .where(and(eq(properties.branch_id, 2), eq(properties.transaction_type_id, 1), eq(properties.availability, 'available')))
    expect(body.total).toBe(row?.n)
    expect(body.total).toBeGreaterThan(0)
    expect(body.data.every((card: { branch_id: number | null }) => card.branch_id === 2)).toBe(true)
    const none = await api.app.inject('/api/properties?branch_id=99')
    expect(none.json().total).toBe(0)
    for (const bad of ['two', '%00', '3%00', '-3', '99999999999999999999', '3&branch_id=4']) {
      expect((await api.app.inject(`/api/properties?branch_id=${bad}`)).statusCode, bad).toBe(400)
    }
  })
})
