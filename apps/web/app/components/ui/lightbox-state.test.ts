import { describe, expect, it, vi } from 'vitest'
import { createLightboxRegistry } from './lightbox-state.ts'

describe('the lightbox registry (SPEC §4: no second lightbox over an open one)', () => {
  it('knows a lightbox is open until each opened one has closed', () => {
    const registry = createLightboxRegistry()
    expect(registry.isAnyOpen()).toBe(false)
    const closeGallery = registry.opened()
    const closePlan = registry.opened()
    expect(registry.isAnyOpen()).toBe(true)
    closeGallery()
    expect(registry.isAnyOpen()).toBe(true)
    closePlan()
    expect(registry.isAnyOpen()).toBe(false)
  })

  it('ignores a second close of the same lightbox', () => {
    const registry = createLightboxRegistry()
    const closeFirst = registry.opened()
    registry.opened()
    closeFirst()
    closeFirst()
    expect(registry.isAnyOpen()).toBe(true)
  })

  it('tells subscribers of each change, and no longer once they unsubscribe', () => {
    const registry = createLightboxRegistry()
    const listener = vi.fn()
    const unsubscribe = registry.subscribe(listener)
    const close = registry.opened()
    close()
    close()
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    registry.opened()
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
