import { DEFAULT_SITE_SETTINGS } from '@agency/domain'
import type { SiteSettings } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { UNUSED_SERVICES } from './unused-services.test-support.ts'

describe('getSiteSettings', () => {
  // The answer is kept for the whole process, and the web tests share one process: a module of its
  // own starts with nothing kept, as a server does.
  const fresh = async () => {
    vi.resetModules()
    return (await import('./site-settings.server.ts')).getSiteSettings
  }

  it('reads every setting with one call, shows the defaults while the database fails, and keeps only a real answer', async () => {
    const stored: SiteSettings = { ...DEFAULT_SITE_SETTINGS, agency_name: 'Smith & Sons', property_card_variant: 'v2' }
    const answers: Array<SiteSettings | Error> = [new Error('The database is busy'), stored]
    let calls = 0
    const services = {
      ...UNUSED_SERVICES,
      getSiteSettings: () => {
        const answer = answers[calls++] ?? stored
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
      },
    }
    const context: AppLoadContext = { services, publicUrl: 'https://agency.example', mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' } }
    const getSiteSettings = await fresh()

    expect(await getSiteSettings(context)).toEqual(DEFAULT_SITE_SETTINGS)
    expect(await getSiteSettings(context)).toEqual(stored)
    expect(await getSiteSettings(context)).toEqual(stored)
    expect(calls).toBe(2)
  })
})
