export { api, buildApp, type ApiOptions } from './app.ts'
export { canSeeLocked } from './access.ts'
export {
  createFixedCaptchaVerifier,
  createMailTransport,
  loadAccountsEnv,
  startWorker,
  type AccountsOptions,
  type MailConfig,
  type Worker,
} from './accounts.ts'
