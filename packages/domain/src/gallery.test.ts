import { describe, expect, it } from 'vitest'
import { canOpenGallery, galleryReducer, initGallery, toGalleryCounter } from './gallery.ts'
import type { GalleryAction, GalleryState } from './gallery.ts'

const run = (state: GalleryState, ...actions: GalleryAction[]) => actions.reduce(galleryReducer, state)
const open = { type: 'opened', isLocked: false, isOtherLightboxOpen: false } as const

describe('gallery (SPEC §2, §4)', () => {
  it('counts photos as index/total', () => {
    expect(toGalleryCounter({ index: 2, total: 12 })).toBe('3/12')
    expect(toGalleryCounter({ index: 0, total: 0 })).toBe('0/0')
  })
  it('wraps next past the last photo and previous before the first', () => {
    const last = run(initGallery(12), { ...open, index: 11 })
    expect(toGalleryCounter(last)).toBe('12/12')
    expect(toGalleryCounter(run(last, { type: 'next' }))).toBe('1/12')
    expect(toGalleryCounter(run(initGallery(12), open, { type: 'previous' }))).toBe('12/12')
    expect(toGalleryCounter(run(initGallery(12), open, { type: 'moved', index: 14 }))).toBe('3/12')
  })
  it.each([
    [false, false, true],
    [true, false, false],
    [false, true, false],
  ])('locked %s, other lightbox open %s: can open %s', (isLocked, isOtherLightboxOpen, can) => {
    expect(canOpenGallery({ isLocked, isOtherLightboxOpen })).toBe(can)
    expect(run(initGallery(3), { type: 'opened', isLocked, isOtherLightboxOpen }).open).toBe(can)
  })
  it('does not open without photos, and closes', () => {
    expect(run(initGallery(0), open).open).toBe(false)
    expect(run(initGallery(3), open, { type: 'closed' })).toEqual({ open: false, index: 0, total: 3 })
    expect(run(initGallery(0), { type: 'next' }).index).toBe(0)
  })
})
