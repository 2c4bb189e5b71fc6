import { useEffect } from 'react'
import type { CaptchaClientConfig } from '@agency/api-client'
import { useCaptchaToken } from '#app/components/account/use-captcha-token.ts'

/**
 * The login form's captcha for another form, loaded when that form is first used (its solver stays
 * out of the page's first load): it starts solving at once and hands the form its `take`, which gives
 * one token per post ('' when it could not be solved: the page then asks a question).
 */
export default function CaptchaTools({ captcha, onReady }: { captcha: CaptchaClientConfig; onReady: (take: () => Promise<string>) => void }) {
  const { take } = useCaptchaToken(captcha)
  useEffect(() => onReady(take), [onReady, take])
  return null
}
