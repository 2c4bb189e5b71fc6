import type { ApiClient, CaptchaClientConfig } from '@agency/api-client'
import { ApiClientError } from '@agency/api-client'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { getCaptchaConfig } from './captcha-config.server.ts'
import { UNUSED_SERVICES } from './unused-services.test-support.ts'

describe('getCaptchaConfig', () => {
  it('reads the captcha once for many pages, shows none while the API fails, and keeps only a real answer', async () => {
    const altcha: CaptchaClientConfig = { provider: 'altcha', challenge_url: '/api/captcha/challenge' }
    const answers: Array<CaptchaClientConfig | Error> = [new ApiClientError(503, { message: 'Service Unavailable' }), altcha]
    let calls = 0
    const api = {
      getCaptchaConfig: () => {
        const answer = answers[calls++] ?? { provider: 'none' }
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
      },
    } as Partial<ApiClient> as ApiClient
    const context: AppLoadContext = { api, services: UNUSED_SERVICES, publicUrl: 'https://agency.example', mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' } }

    expect(await getCaptchaConfig(context)).toEqual({ provider: 'none' })
    expect(await getCaptchaConfig(context)).toEqual(altcha)
    expect(await getCaptchaConfig(context)).toEqual(altcha)
    expect(calls).toBe(2)
  })
})
