import { testDatabaseKinds } from '@agency/db/testing'
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
