import { describe, expect, it } from 'vitest'
import { toMediaVariantUrl, toPictureSet, toPictureSources } from './media.ts'

const MEDIUM = 'https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/medium'
// Sources name the media route's short URLs by path: the same key in base64url.
const PATH = '/api/m/PyqcTosdTm-nxQ2ei3psVA'

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

  it('offers AVIF first, then WebP, at every width up to the first that covers the largest needed', () => {
    expect(toPictureSources(MEDIUM, 640)).toEqual([
      { type: 'image/avif', srcSet: `${PATH}/320a 320w,${PATH}/480a 480w,${PATH}/640a 640w` },
      { type: 'image/webp', srcSet: `${PATH}/320w 320w,${PATH}/480w 480w,${PATH}/640w 640w` },
    ])
    expect(toPictureSources(MEDIUM)[1]?.srcSet.split(',').map((entry) => entry.split(' ')[1])).toEqual(['320w', '480w', '640w', '960w', '1280w', '1600w'])
    expect(toPictureSources(MEDIUM, 1200)[0]?.srcSet.split(',').map((entry) => entry.split(' ')[1])).toEqual(['320w', '480w', '640w', '960w', '1280w'])
    expect(toPictureSources(MEDIUM, 100)[0]?.srcSet).toBe(`${PATH}/320a 320w`)
  })

  it('gives the <img> JPEG copies: a srcset of the same widths, and the copy that covers the box as src, at the API\'s address', () => {
    const set = toPictureSet(MEDIUM, 1200)
    expect(set?.jpegSrcSet).toBe(`${PATH}/320j 320w,${PATH}/480j 480w,${PATH}/640j 640w,${PATH}/960j 960w,${PATH}/1280j 1280w`)
    expect(set?.jpegSrc).toBe('https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/card-jpeg')
    expect(toPictureSet('/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/card', 4000)?.jpegSrc).toBe('/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/full')
    expect(toPictureSet(MEDIUM, 3200)?.jpegSrcSet.endsWith(`${PATH}/1600j 1600w`)).toBe(true)
    expect(toPictureSet('https://www.youtube-nocookie.com/embed/abc')).toBeNull()
  })
})
