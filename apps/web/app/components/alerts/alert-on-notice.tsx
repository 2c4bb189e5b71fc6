import { useSearchParams } from 'react-router'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { ALERT_ON, PAGE_PARAMS } from '#app/components/search/search-url.ts'

/** The address of an alert's matches that tells the person, once there, that the alert is on. */
export function withAlertOn(searchUrl: string): string {
  const url = new URL(searchUrl, 'http://list.invalid')
  url.searchParams.set(PAGE_PARAMS.ALERT, ALERT_ON)
  return `${url.pathname}${url.search}`
}

/**
 * Above the matches of an alert just confirmed: that it is on, and what happens next. The list is
 * the alert's own search, so what the person sees is what they will be told about.
 */
export function AlertOnNotice() {
  const [params] = useSearchParams()
  if (params.get(PAGE_PARAMS.ALERT) !== ALERT_ON) return null
  return (
    <div className="notice alert-on-notice" role="status">
      <p>
        <strong>{ALERT_COPY.ALERT_IS_ON}</strong> {ALERT_COPY.ALERT_IS_ON_DETAIL}
      </p>
    </div>
  )
}
