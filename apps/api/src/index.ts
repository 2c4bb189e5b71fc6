export { api, buildApp, type ApiOptions } from './app.ts'
export {
  runAlertDelivery,
  startAlertWorker,
  type AlertDeliveryOptions,
  type AlertDeliveryResult,
  type AlertWorker,
} from './alerts/delivery.ts'
export { DEFAULT_FEEDS_OPTIONS, type FeedsOptions } from './routes/feeds/index.ts'
export { DEFAULT_LEAD_ENQUIRY_LIMITS, type LeadEnquiryLimits } from './services/leads.ts'
export { canSeeLocked } from './access.ts'
export { acceptsGzip } from './kept-answer.ts'
export { entityTag, gzipEntityTag, isVisitorRequest, notModified } from './http-cache.ts'
export type { PageRequest, SiteServicesFactory, SiteServicesHooks } from './services/create-site-services.ts'
export type { SiteServices } from './services/site-services.ts'
export {
  createFixedCaptchaVerifier,
  createMailTransport,
  loadAccountsEnv,
  type AccountsEnv,
  startWorker,
  type AccountsOptions,
  type MailConfig,
  type Worker,
} from './accounts.ts'
export { DEFAULT_QUESTION_SETTINGS, type QuestionSettings } from './accounts.ts'
