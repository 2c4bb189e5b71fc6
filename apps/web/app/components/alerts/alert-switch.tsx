import { useEffect } from 'react'
import { ALERT_PATHS, APPLICANT_STATUS, isApplicantDisabled, toToggledStatus } from '@agency/domain'
import type { ApplicantView } from '@agency/domain'
import { useFetcher } from 'react-router'
import { toAlertName } from '#app/components/alerts/alert-card.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { FORM_TOASTS } from '#app/components/ui/form-toast.tsx'
import { Switch } from '#app/components/ui/switch.tsx'

/** The page whose action changes an alert's status (SPEC §7 PATCH contact_applicants/status). */
export const ALERT_STATUS_ACTION = ALERT_PATHS.MY_ALERTS

/** What the status action answers. */
export interface AlertStatusAnswer {
  message: string
  changed: number | null
}

/**
 * SPEC §2/§4 the on/off switch of an alert card: a status update, then 'Alert has been updated'. It
 * shows the new state at once and takes the server's after it answers; without JavaScript it is a
 * form post to the alert list.
 */
export function AlertSwitch({ alert }: { alert: ApplicantView }) {
  const fetcher = useFetcher<AlertStatusAnswer>()
  const pending = fetcher.formData ? fetcher.formData.get('status') === String(APPLICANT_STATUS.ON) : null
  const on = pending ?? !isApplicantDisabled(alert)
  const answer = fetcher.data
  useEffect(() => {
    if (fetcher.state !== 'idle' || !answer?.message) return
    // A refusal (no alert changed) is a warning, not the success's words.
    if (answer.changed === null) FORM_TOASTS.alertStatus.warn(answer.message)
    else FORM_TOASTS.alertStatus.success(answer.message)
  }, [answer, fetcher.state])
  return (
    <fetcher.Form method="post" action={ALERT_STATUS_ACTION} className="alert-switch-form">
      <input type="hidden" name="contact_applicant_id" value={alert.contact_applicant_id} />
      <input type="hidden" name="status" value={toToggledStatus({ ...alert, contact_applicant_status_id: on ? APPLICANT_STATUS.ON : APPLICANT_STATUS.OFF })} />
      <Switch type="submit" checked={on} label={ALERT_COPY.ALERT_SWITCH(toAlertName(alert))} stateLabels={{ on: ALERT_COPY.ALERT_ON, off: ALERT_COPY.ALERT_OFF }} />
    </fetcher.Form>
  )
}
