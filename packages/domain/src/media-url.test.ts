import { describe, expect, it } from 'vitest'
import { fromShortMediaKey, parseShortMediaVariant, toShortMediaKey, toShortMediaPath, toShortMediaVariant } from './media-url.ts'

describe('short media URLs', () => {
  it.each([
    ['3f2a9c4e-8b1d-4e6f-a7c5-0d9e8b7a6c54', 'PyqcTosdTm-nxQ2ei3psVA'],
    ['ffffffff-ffff-4fff-bfff-ffffffffffff', '________T_-__________w'],
    ['00000000-0000-4000-8000-000000000000', 'AAAAAAAAQACAAAAAAAAAAA'],
  ])('writes media key %s as %s and reads it back', (key, short) => {
    expect(toShortMediaKey(key)).toBe(short)
    expect(fromShortMediaKey(short)).toBe(key)
  })

  it('refuses what is not a media key, either way', () => {
    expect(toShortMediaKey('3F2A9C4E-8B1D-4E6F-A7C5-0D9E8B7A6C54')).toBeNull()
    expect(toShortMediaKey('3f2a9c4e-8b1d-1e6f-a7c5-0d9e8b7a6c54')).toBeNull()
    // Too short, a character outside base64url, bits beyond the 128th, and a UUID that is not version 4.
    expect(fromShortMediaKey('PyqcTosdTm-nxQ2ei3psV')).toBeNull()
    expect(fromShortMediaKey('PyqcTosdTm+nxQ2ei3psVA')).toBeNull()
    expect(fromShortMediaKey('PyqcTosdTm-nxQ2ei3psVB')).toBeNull()
    expect(fromShortMediaKey('PyqcTosdEm-nxQ2ei3psVA')).toBeNull()
  })

  it('names a copy by its width and format', () => {
    expect(toShortMediaVariant(640, 'avif')).toBe('640a')
    expect(toShortMediaVariant(1280, 'webp')).toBe('1280w')
    expect(toShortMediaVariant(320, 'jpeg')).toBe('320j')
    expect(parseShortMediaVariant('1600j')).toEqual({ width: 1600, format: 'jpeg' })
    expect(parseShortMediaVariant('480w')).toEqual({ width: 480, format: 'webp' })
    for (const name of ['500a', '640x', '500', 'card', '0640a', '0640', '640aa', '']) expect(parseShortMediaVariant(name)).toBeNull()
    expect(toShortMediaPath('PyqcTosdTm-nxQ2ei3psVA', 960, 'avif')).toBe('/api/m/PyqcTosdTm-nxQ2ei3psVA/960a')
  })

  it('names a copy by its width alone when the browser\'s Accept is to choose the format', () => {
    expect(toShortMediaVariant(640, null)).toBe('640')
    expect(parseShortMediaVariant('640')).toEqual({ width: 640, format: null })
    expect(parseShortMediaVariant('1600')).toEqual({ width: 1600, format: null })
    expect(toShortMediaPath('PyqcTosdTm-nxQ2ei3psVA', 320, null)).toBe('/api/m/PyqcTosdTm-nxQ2ei3psVA/320')
  })
})
