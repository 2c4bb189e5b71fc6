import { useEffect } from 'react'
import type { CaptchaClientConfig } from '@agency/api-client'
import { parseLeadEnquiry } from '@agency/domain'
import type { ParseFailure } from '@agency/domain'
import { useCaptchaToken } from '#app/components/account/use-captcha-token.ts'
import { toLeadFormInput } from '#app/components/lead/lead-form-values.ts'
import type { LeadFormValues } from '#app/components/lead/lead-form-values.ts'
import { FORM_TOASTS, FormToaster } from '#app/components/ui/form-toast.tsx'

/** What the lead form does once the visitor shows intent: check, solve the captcha, warn. */
export interface LeadFormTools {
  /** SPEC §5: what fails, each field's message in SPEC's order (the first is the toast's), or null when the form passes. */
  check: (values: LeadFormValues) => ParseFailure | null
  /** A captcha token for one post (the login form's captcha). */
  takeToken: () => Promise<string>
  /** SPEC §8: a warning toast, in the place of the form's last one. */
  warn: (message: string) => void
  dismiss: () => void
}

/**
 * The lead form's interactive part, loaded on intent (the form's first focus or touch): the domain
 * checks (zod), the captcha solver and the toasts stay out of the property page's first load. The
 * captcha starts solving as soon as this mounts, so it is usually ready when the visitor sends.
 */
export default function LeadFormExtras({ captcha, onReady }: { captcha: CaptchaClientConfig; onReady: (tools: LeadFormTools) => void }) {
  const { take } = useCaptchaToken(captcha)
  useEffect(() => {
    onReady({
      check: (values) => {
        const parsed = parseLeadEnquiry(toLeadFormInput(values))
        return parsed.success ? null : parsed
      },
      takeToken: take,
      warn: FORM_TOASTS.lead.warn,
      dismiss: FORM_TOASTS.lead.dismiss,
    })
  }, [onReady, take])
  return <FormToaster />
}
