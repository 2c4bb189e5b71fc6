import { describe, expect, it } from 'vitest'
import { pickPictureFormat } from './picture-format.ts'

describe('the format of a picture whose URL leaves it to the browser', () => {
  it.each([
    ['Chromium', 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif'],
    ['Firefox', 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5', 'avif'],
    ['Safari 16', 'image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5', 'avif'],
    ['a browser that reads WebP only', 'image/webp,*/*', 'webp'],
    ['an old browser', '*/*', 'jpeg'],
    ['one that names only image/*', 'image/*', 'jpeg'],
    ['a client that sends no Accept', undefined, 'jpeg'],
    ['AVIF refused', 'image/avif;q=0,image/webp', 'webp'],
    ['WebP preferred', 'image/avif;q=0.5, image/webp;q=0.9', 'webp'],
    ['names in capitals and spaces', ' IMAGE/AVIF ; q=1 , image/webp', 'avif'],
    ['a q that is no number', 'image/avif;q=high,image/webp', 'webp'],
  ])('takes %s (%s) as %s', (_name, accept, format) => {
    expect(pickPictureFormat(accept)).toBe(format)
  })
})
