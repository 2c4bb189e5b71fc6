import { describe, expect, it } from 'vitest'
import { toMediaVariantUrl, toPictureSet } from './media.ts'

const MEDIUM = 'https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/medium'
// Srcsets name the media route's short URLs by path: the same key in base64url, the width alone.
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
    expect(toPictureSet('https://agency.example/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/blurred')).toBeNull()
  })

  it('offers every width up to the first that covers the largest needed, the format left to the browser', () => {
    expect(toPictureSet(MEDIUM, 640)?.srcSet).toBe(`${PATH}/320 320w,${PATH}/480 480w,${PATH}/640 640w`)
    const widthsOf = (maxWidth?: number) => toPictureSet(MEDIUM, maxWidth)?.srcSet.split(',').map((entry) => entry.split(' ')[1])
    expect(widthsOf()).toEqual(['320w', '480w', '640w', '960w', '1280w', '1600w'])
    expect(widthsOf(1200)).toEqual(['320w', '480w', '640w', '960w', '1280w'])
    expect(toPictureSet(MEDIUM, 100)?.srcSet).toBe(`${PATH}/320 320w`)
  })

  it('gives the <img> as src the JPEG copy that covers the box, by its short path', () => {
    expect(toPictureSet(MEDIUM, 1200)?.src).toBe(`${PATH}/640j`)
    expect(toPictureSet('/api/media/3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54/card', 4000)?.src).toBe(`${PATH}/1600j`)
    expect(toPictureSet('https://www.youtube-nocookie.com/embed/abc')).toBeNull()
  })
})
