import { describe, expect, it } from 'vitest'
import { toMediaVariantUrl, toPictureSources } from './media.ts'

const MEDIUM = 'https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/medium'

describe('picture variants of a media URL', () => {
  it('names another variant of the same picture', () => {
    expect(toMediaVariantUrl(MEDIUM, 'thumb')).toBe('https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/thumb')
    expect(toMediaVariantUrl('/api/media/c81e728d-9d4c-4f6a-8b1e-2a3b4c5d6e7f/full', 'card-avif')).toBe('/api/media/c81e728d-9d4c-4f6a-8b1e-2a3b4c5d6e7f/card-avif')
  })

  it('leaves alone a URL that is not a picture of the media route', () => {
    expect(toMediaVariantUrl('https://www.youtube-nocookie.com/embed/abc', 'thumb')).toBeNull()
    expect(toMediaVariantUrl('https://agency.example/api/media/e3/pdf', 'thumb')).toBeNull()
    expect(toMediaVariantUrl('https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/blurred', 'thumb')).toBeNull()
    expect(toPictureSources('https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/blurred')).toEqual([])
  })

  it('offers AVIF first, then WebP, at every width up to the largest needed', () => {
    expect(toPictureSources(MEDIUM, 640)).toEqual([
      { type: 'image/avif', srcSet: 'https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/thumb-avif 320w, https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/card-avif 640w' },
      { type: 'image/webp', srcSet: 'https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/thumb 320w, https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/card 640w' },
    ])
    expect(toPictureSources(MEDIUM)[1]?.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '640w', '960w', '1600w'])
    expect(toPictureSources(MEDIUM, 100)[0]?.srcSet).toBe('https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/thumb-avif 320w')
  })
})
