import { useEffect } from 'react'

/**
 * SPEC §7 'recording a potential viewing' (POST /api/potential_viewings): a logged-in applicant opened
 * this property page. Sent from the browser once the page runs, so the page never waits for it, a
 * prefetch or a crawler records nothing, and the request carries the page's own Origin. A failure is
 * ignored: it costs the visitor nothing. Renders nothing.
 */
export function PotentialViewing({ propertyId }: { propertyId: number }) {
  useEffect(() => {
    const controller = new AbortController()
    void fetch('/api/potential_viewings', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ property_profile_id: propertyId }),
      signal: controller.signal,
      keepalive: true,
    }).catch(() => undefined)
    return () => controller.abort()
  }, [propertyId])
  return null
}
