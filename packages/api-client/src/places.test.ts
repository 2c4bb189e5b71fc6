import { describe, expect, it } from 'vitest'
import { ApiClientError, createApiClient, createPlacesApi, isNotFoundError } from './index.ts'
import { API_ANSWERS, MANCHESTER as manchester } from './testing.ts'

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A fake fetch answering one canned response and recording the URL it was asked for. */
function fakeFetch(response: Response) {
  const urls: string[] = []
  const fetch = async (url: string) => {
    urls.push(url)
    return response
  }
  return { fetch, urls }
}

// The full client (server) and the places-only client (browser) must answer alike.
const clients = [
  ['createApiClient', (fetch: ReturnType<typeof fakeFetch>['fetch']) => createApiClient({ baseUrl: '/api', fetch })],
  ['createPlacesApi', (fetch: ReturnType<typeof fakeFetch>['fetch']) => createPlacesApi({ baseUrl: '/api/', fetch })],
] as const

describe.each(clients)('place search and details through %s', (_name, create) => {
  function answering(response: Response) {
    const { fetch, urls } = fakeFetch(response)
    return { api: create(fetch), urls }
  }

  it('searches places by keyword and unwraps the list', async () => {
    const places = API_ANSWERS.placeSearch.body.data
    const { api, urls } = answering(json({ data: places }))
    expect(await api.searchPlaces('manc & co')).toEqual(places)
    expect(urls).toEqual(['/api/places?keyword=manc+%26+co'])
  })

  it('fetches a place by its id, escaping it in the path, without adding a radius', async () => {
    const { api, urls } = answering(json({ data: manchester }))
    expect(await api.getPlace('gb:postcode:M1 1AE')).toEqual(manchester)
    expect(urls).toEqual(['/api/places/gb%3Apostcode%3AM1%201AE'])
  })

  it('throws a 404 for an unknown place id', async () => {
    const { api } = answering(json(API_ANSWERS.placeNotFound.body, API_ANSWERS.placeNotFound.status))
    const error = await api.getPlace('gb:town:0').catch((e: unknown) => e)
    expect(isNotFoundError(error)).toBe(true)
    expect(error).toMatchObject({ status: 404, message: 'Place not found' })
  })

  it('reports an answer that breaks the contract as 502', async () => {
    const { api } = answering(json({ data: [{ name: 'Manchester' }] }))
    const error = await api.searchPlaces('manc').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect(error).toMatchObject({ status: 502, message: 'GET /places answered a body that does not match the contract' })
  })

  it('passes on the 400 of an over-long keyword with its field errors', async () => {
    const { body, status } = API_ANSWERS.keywordTooLong
    const { api } = answering(json(body, status))
    const error = await api.searchPlaces('x'.repeat(257)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect(error).toMatchObject({ status: 400, body })
  })
})
