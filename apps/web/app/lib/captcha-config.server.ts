import type { CaptchaClientConfig } from '@agency/api-client'
import type { AppLoadContext } from 'react-router'
import { createSharedRead } from '#app/lib/shared-read.server.ts'

// Which captcha the forms show is the server's configuration, the same for every visitor until it
// restarts: the process keeps it for SHARED_READ_TTL_MS, so a property page or the login page costs
// no captcha call.
const sharedCaptchaConfig = createSharedRead(({ services }: AppLoadContext) => services.getCaptchaConfig())

/** The captcha the forms show: the login form's and the lead form's. None while the API cannot say, asking again for the next page. */
export function getCaptchaConfig(context: AppLoadContext): Promise<CaptchaClientConfig> {
  return sharedCaptchaConfig.get(context).catch((): CaptchaClientConfig => ({ provider: 'none' }))
}
