import { describe, expect, it } from 'vitest'
import { canOpenGallery, galleryReducer, initGallery, toGalleryCounter, toGalleryKeyAction, toGallerySlideKind, toSwipeAction } from './gallery.ts'
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
  it.each([
    [-120, 10, 'next'],
    [90, -20, 'previous'],
    [-50, 0, 'next'],
    [-49, 0, null],
    [0, 0, null],
    [-80, 120, null],
    [60, 60, null],
  ])('a swipe of %s px sideways and %s px down gives %s', (dx, dy, type) => {
    expect(toSwipeAction(dx, dy)?.type ?? null).toBe(type)
  })
  it('turns the photo with the arrow keys and jumps with Home and End', () => {
    const state = run(initGallery(5), { ...open, index: 2 })
    const press = (key: string) => {
      const action = toGalleryKeyAction(key, state.total)
      return action ? toGalleryCounter(galleryReducer(state, action)) : null
    }
    expect(press('ArrowRight')).toBe('4/5')
    expect(press('ArrowLeft')).toBe('2/5')
    expect(press('Home')).toBe('1/5')
    expect(press('End')).toBe('5/5')
    expect(press('Escape')).toBeNull()
    expect(press('a')).toBeNull()
  })
  it('tells photos, videos and virtual tours apart', () => {
    expect(toGallerySlideKind({ isIframePlayable: false, isVirtualTour: false })).toBe('photo')
    expect(toGallerySlideKind({ isIframePlayable: true, isVirtualTour: false })).toBe('video')
    expect(toGallerySlideKind({ isIframePlayable: false, isVirtualTour: true })).toBe('tour')
  })
})
