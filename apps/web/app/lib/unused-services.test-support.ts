import type { SiteServices } from '@agency/api/site-services'

/** Services for a loader test that calls none of them: a call fails the test, naming the service. */
export const UNUSED_SERVICES: SiteServices = {
  searchPropertyCards: () => Promise.reject(new Error('searchPropertyCards is not used by this test')),
  getProperty: () => Promise.reject(new Error('getProperty is not used by this test')),
}
