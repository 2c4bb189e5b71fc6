import type { CaptchaClientConfig } from '@agency/api-client'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { UNUSED_SERVICES } from './unused-services.test-support.ts'

describe('getCaptchaConfig', () => {
  // The answer is kept for the whole process, and the web tests share one process: a module of its
  // own starts with nothing kept, as a server does.
  const fresh = async () => {
    vi.resetModules()
    return (await import('./captcha-config.server.ts')).getCaptchaConfig
  }

  it('reads the captcha once for many pages, shows none while the services fail, and keeps only a real answer', async () => {
    const altcha: CaptchaClientConfig = { provider: 'altcha', challenge_url: '/api/captcha/challenge' }
    const answers: Array<CaptchaClientConfig | Error> = [new Error('The database is busy'), altcha]
    let calls = 0
    const services = {
      ...UNUSED_SERVICES,
      getCaptchaConfig: () => {
        const answer = answers[calls++] ?? { provider: 'none' as const }
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
      },
    }
    const context: AppLoadContext = { services, publicUrl: 'https://agency.example', mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' } }
    const getCaptchaConfig = await fresh()

    expect(await getCaptchaConfig(context)).toEqual({ provider: 'none' })
    expect(await getCaptchaConfig(context)).toEqual(altcha)
    expect(await getCaptchaConfig(context)).toEqual(altcha)
    expect(calls).toBe(2)
  })
})
