import { describe, expect, it } from 'vitest'
import { ApiClientError } from './client.ts'
import { createMapApi, parseMarkersAnswer } from './map-api.ts'
import { API_ANSWERS } from './testing.ts'

const answering = (status: number, body: unknown) => {
  const urls: string[] = []
  const fetch = async (input: string | URL | Request) => {
    urls.push(String(input))
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  return { fetch, urls }
}

describe('createMapApi', () => {
  it('asks for the markers of the list query and reads the answer', async () => {
    const { fetch, urls } = answering(200, API_ANSWERS.markers.body)
    const answer = await createMapApi({ baseUrl: '/api/', fetch }).searchPropertyMarkers(new URLSearchParams('transaction_type_id=1&bounds=53.7,-1.7,54,-1.4'))
    expect(urls).toEqual(['/api/properties/markers?transaction_type_id=1&bounds=53.7%2C-1.7%2C54%2C-1.4'])
    expect(answer).toEqual(API_ANSWERS.markers.body)
  })

  it('throws the API error with its status', async () => {
    const { fetch } = answering(400, { message: 'The given data was invalid.', errors: { bounds: ['x'] } })
    const error = await createMapApi({ baseUrl: '/api', fetch }).searchPropertyMarkers(new URLSearchParams()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect((error as ApiClientError).status).toBe(400)
  })

  it('refuses an answer that does not match the contract', () => {
    const marker = API_ANSWERS.markers.body.data[0]!
    expect(parseMarkersAnswer({ ...API_ANSWERS.markers.body, data: [{ ...marker, lat: '53' }] })).toBeNull()
    expect(parseMarkersAnswer({ data: [] })).toBeNull()
    expect(parseMarkersAnswer(null)).toBeNull()
  })
})
