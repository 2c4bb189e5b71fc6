import type { Db } from '@agency/db'
import { describe, expect, it, vi } from 'vitest'
import { createPlacesProvider } from './config.ts'

// The providers touch the database only when searching; these tests never get that far with it.
const db = {} as Db
const log = { error: vi.fn() }

describe('createPlacesProvider', () => {
  it('uses Google when PLACES_PROVIDER is google and a key is set', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }))
    const provider = createPlacesProvider({ PLACES_PROVIDER: 'google', GOOGLE_PLACES_API_KEY: 'key-1' }, { db, log, fetch })
    expect(await provider.search('Leeds')).toEqual([])
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]?.[0]).toBe('https://places.googleapis.com/v1/places:autocomplete')
  })

  it('refuses PLACES_PROVIDER=google without a key', () => {
    expect(() => createPlacesProvider({ PLACES_PROVIDER: 'google', GOOGLE_PLACES_API_KEY: ' ' }, { db, log })).toThrow(
      'Invalid places configuration:\n  GOOGLE_PLACES_API_KEY: GOOGLE_PLACES_API_KEY is required when PLACES_PROVIDER is google',
    )
  })

  it('refuses a provider it does not know', () => {
    expect(() => createPlacesProvider({ PLACES_PROVIDER: 'bing' }, { db, log })).toThrow(
      'Invalid places configuration:\n  PLACES_PROVIDER: Invalid option: expected one of "database"|"google"',
    )
  })

  it('uses the database by default, and when the variables are empty', async () => {
    const fetch = vi.fn()
    // A database that reports being asked: the provider searching it is the database provider.
    const asked = new Proxy({} as Db, {
      get: () => {
        throw new Error('the database was asked')
      },
    })
    for (const env of [{}, { PLACES_PROVIDER: '', GOOGLE_PLACES_API_KEY: '' }, { PLACES_PROVIDER: 'database' }, { GOOGLE_PLACES_API_KEY: 'key-1' }]) {
      const provider = createPlacesProvider(env, { db: asked, log, fetch })
      await expect(provider.search('Leeds'), JSON.stringify(env)).rejects.toThrow('the database was asked')
      await expect(provider.details('gb:town:2644688'), JSON.stringify(env)).rejects.toThrow('the database was asked')
    }
    expect(fetch).not.toHaveBeenCalled()
  })
})
