import type { CaptchaClientConfig } from '@agency/api-client'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { getCaptchaConfig } from './captcha-config.server.ts'
import { UNUSED_SERVICES } from './unused-services.test-support.ts'

describe('getCaptchaConfig', () => {
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

    expect(await getCaptchaConfig(context)).toEqual({ provider: 'none' })
    expect(await getCaptchaConfig(context)).toEqual(altcha)
    expect(await getCaptchaConfig(context)).toEqual(altcha)
    expect(calls).toBe(2)
  })
})
