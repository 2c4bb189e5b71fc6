import type { SiteServices } from '@agency/api/site-services'

/** Services for a loader test that calls none of them: a call fails the test, naming the service. */
export const UNUSED_SERVICES: SiteServices = {
  searchPropertyCards: () => Promise.reject(new Error('searchPropertyCards is not used by this test')),
  getProperty: () => Promise.reject(new Error('getProperty is not used by this test')),
  getSimilarProperties: () => Promise.reject(new Error('getSimilarProperties is not used by this test')),
  getNearbyPlaces: () => Promise.reject(new Error('getNearbyPlaces is not used by this test')),
  searchPlaces: () => Promise.reject(new Error('searchPlaces is not used by this test')),
  findNearestSpellings: () => Promise.reject(new Error('findNearestSpellings is not used by this test')),
  getPlace: () => Promise.reject(new Error('getPlace is not used by this test')),
  getSitemapPage: () => Promise.reject(new Error('getSitemapPage is not used by this test')),
  getRedirect: () => Promise.reject(new Error('getRedirect is not used by this test')),
  getCaptchaConfig: () => Promise.reject(new Error('getCaptchaConfig is not used by this test')),
  issueCaptchaQuestion: () => Promise.reject(new Error('issueCaptchaQuestion is not used by this test')),
  getCurrentContact: () => Promise.reject(new Error('getCurrentContact is not used by this test')),
  getSavedPropertyIds: () => Promise.reject(new Error('getSavedPropertyIds is not used by this test')),
  getCompanySetting: () => Promise.reject(new Error('getCompanySetting is not used by this test')),
  getContactQuestions: () => Promise.reject(new Error('getContactQuestions is not used by this test')),
  getSubscriptionTypes: () => Promise.reject(new Error('getSubscriptionTypes is not used by this test')),
  getAlertByKey: () => Promise.reject(new Error('getAlertByKey is not used by this test')),
  getMyApplicants: () => Promise.reject(new Error('getMyApplicants is not used by this test')),
  getSiteSettings: () => Promise.reject(new Error('getSiteSettings is not used by this test')),
  getCompanyProfile: () => Promise.reject(new Error('getCompanyProfile is not used by this test')),
  listBranches: () => Promise.reject(new Error('listBranches is not used by this test')),
  getBranch: () => Promise.reject(new Error('getBranch is not used by this test')),
}
