import { describe, expect, it } from 'vitest'
import { createAddressProvider } from './config.ts'
import { createIdealPostcodesAddressProvider, type AddressFetch } from './ideal-postcodes-provider.ts'

const HIT = {
  udprn: 23747771,
  line_1: 'Flat 2',
  line_2: '12 Kent Road',
  line_3: '',
  post_town: 'HARROGATE',
  postcode: 'HG1 2LE',
  latitude: 53.9912,
  longitude: -1.5521,
}

function fakeFetch(respond: () => Response) {
  const urls: string[] = []
  const fetch: AddressFetch = async (url) => {
    urls.push(url)
    return respond()
  }
  return { fetch, urls }
}

function recordingLog() {
  const errors: Array<{ details: object; message: string }> = []
  return { errors, log: { error: (details: object, message: string) => errors.push({ details, message }) } }
}

describe('the Ideal Postcodes address provider', () => {
  it('asks the address search and answers suggestions in the API’s shape', async () => {
    const { fetch, urls } = fakeFetch(() => Response.json({ code: 2000, message: 'Success', result: { hits: [HIT] } }))
    const provider = createIdealPostcodesAddressProvider({ apiKey: 'ak_test', fetch, log: recordingLog().log })
    expect(await provider.search(' 12 kent road ', 5)).toEqual([
      {
        suggestion_id: 'ideal-postcodes:23747771',
        display_name: 'Flat 2, 12 Kent Road, HARROGATE HG1 2LE',
        address_line_1: 'Flat 2',
        town: 'HARROGATE',
        postcode: 'HG1 2LE',
        lat: 53.9912,
        lng: -1.5521,
      },
    ])
    expect(urls).toEqual(['https://api.ideal-postcodes.co.uk/v1/addresses?api_key=ak_test&query=12+kent+road&limit=5'])
  })

  it('asks nothing for a blank keyword', async () => {
    const { fetch, urls } = fakeFetch(() => Response.json({}))
    expect(await createIdealPostcodesAddressProvider({ apiKey: 'k', fetch, log: recordingLog().log }).search('  ')).toEqual([])
    expect(urls).toEqual([])
  })

  it('logs a failure without the key and answers no suggestions', async () => {
    const { errors, log } = recordingLog()
    const { fetch } = fakeFetch(() => Response.json({ code: 4010, message: 'Invalid key' }, { status: 401 }))
    expect(await createIdealPostcodesAddressProvider({ apiKey: 'secret-key', fetch, log }).search('kent road')).toEqual([])
    expect(errors).toHaveLength(1)
    expect(errors[0]!.message).toBe('address search failed')
    expect(JSON.stringify(errors[0]!.details)).not.toContain('secret-key')
  })
})

describe('createAddressProvider', () => {
  const db = {} as never
  it('needs a key for Ideal Postcodes', () => {
    expect(() => createAddressProvider({ ADDRESS_PROVIDER: 'ideal-postcodes' }, { db, log: recordingLog().log })).toThrow(
      'IDEAL_POSTCODES_API_KEY: IDEAL_POSTCODES_API_KEY is required when ADDRESS_PROVIDER is ideal-postcodes',
    )
    expect(() => createAddressProvider({ ADDRESS_PROVIDER: 'royal-mail' }, { db, log: recordingLog().log })).toThrow('Invalid address provider configuration')
  })

  it('uses Ideal Postcodes when configured, and the offline provider otherwise', async () => {
    const { fetch, urls } = fakeFetch(() => Response.json({ result: { hits: [] } }))
    const chosen = createAddressProvider({ ADDRESS_PROVIDER: 'ideal-postcodes', IDEAL_POSTCODES_API_KEY: 'k' }, { db, log: recordingLog().log, fetch })
    await chosen.search('hg1')
    expect(urls).toHaveLength(1)
    expect(createAddressProvider({ ADDRESS_PROVIDER: ' ' }, { db, log: recordingLog().log })).toBeDefined()
  })
})
