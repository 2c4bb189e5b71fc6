import { describe, expect, it } from 'vitest'
import { loadAccountsEnv } from './accounts.ts'

describe('loadAccountsEnv', () => {
  it('defaults to the file transport, the agency sender, no captcha keys and four questions an hour, none beside reCAPTCHA', () => {
    expect(loadAccountsEnv({}, { dataDir: '/srv/data' })).toEqual({
      mail: { transport: 'file', smtpUrl: undefined, from: '"Hartwell & Co" <no-reply@hartwellandco.co.uk>', dataDir: '/srv/data', logLinks: false },
      captcha: { recaptchaSecret: undefined, recaptchaSiteKey: undefined, altchaHmacKey: undefined },
      questions: { acceptWithRecaptcha: false, perIpHour: 6 },
    })
  })

  it('sends through SMTP when SMTP_URL is set, and logs links only in development', () => {
    const env = loadAccountsEnv({ SMTP_URL: 'smtp://mail.example:2525', MAIL_FROM: 'Lettings <lettings@example.com>', NODE_ENV: 'development' }, { dataDir: 'd' })
    expect(env.mail).toEqual({ transport: 'smtp', smtpUrl: 'smtp://mail.example:2525', from: 'Lettings <lettings@example.com>', dataDir: 'd', logLinks: true })
    expect(loadAccountsEnv({ SMTP_URL: 'smtp://mail.example', MAIL_TRANSPORT: 'file' }, { dataDir: 'd' }).mail.transport).toBe('file')
  })

  it('takes ALTCHA_HMAC_KEY as the captcha key', () => {
    expect(loadAccountsEnv({ ALTCHA_HMAC_KEY: 'k'.repeat(32) }, { dataDir: 'd' }).captcha.altchaHmacKey).toBe('k'.repeat(32))
  })

  it('refuses incomplete or malformed settings', () => {
    expect(() => loadAccountsEnv({ MAIL_TRANSPORT: 'smtp' }, { dataDir: 'd' })).toThrow('SMTP_URL is required with MAIL_TRANSPORT=smtp')
    expect(() => loadAccountsEnv({ SMTP_URL: 'http://mail.example' }, { dataDir: 'd' })).toThrow('SMTP_URL must start with smtp:// or smtps://')
    expect(() => loadAccountsEnv({ RECAPTCHA_SECRET: 'x' }, { dataDir: 'd' })).toThrow('RECAPTCHA_SITE_KEY is required with RECAPTCHA_SECRET')
    expect(() => loadAccountsEnv({ ALTCHA_HMAC_KEY: 'short' }, { dataDir: 'd' })).toThrow('ALTCHA_HMAC_KEY')
  })
})
