import { COMPANY_SETTING, parseCompanySettingValue, toFeeAmountText } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANY_PROFILE } from './company.ts'

describe('the company profile setting (109)', () => {
  it('accepts the demo agency’s details', () => {
    expect(parseCompanySettingValue(COMPANY_SETTING.COMPANY_PROFILE, DEMO_COMPANY_PROFILE)).toEqual({ success: true, value: DEMO_COMPANY_PROFILE })
  })

  it('refuses a profile with a malformed company number, VAT number and redress scheme, naming each field', () => {
    const result = parseCompanySettingValue(COMPANY_SETTING.COMPANY_PROFILE, {
      ...DEMO_COMPANY_PROFILE,
      company_number: '123',
      vat_number: '123456789',
      redress_scheme: { ...DEMO_COMPANY_PROFILE.redress_scheme, name: 'Ombudsman of Nowhere' },
    })
    expect(result.success).toBe(false)
    expect(!result.success && result.errors.map((e) => e.split(':')[0])).toEqual(['company_number', 'vat_number', 'redress_scheme.name'])
  })

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    ['an outside link', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>'],
    ['no svg at all', '<img src=x>'],
  ])('refuses a logo holding %s', (_what, logo) => {
    const result = parseCompanySettingValue(COMPANY_SETTING.COMPANY_PROFILE, { ...DEMO_COMPANY_PROFILE, logo_svg: logo })
    expect(!result.success && result.errors[0]?.startsWith('logo_svg: ')).toBe(true)
  })

  it('checks the site settings too, and lets a setting the site does not read through', () => {
    expect(parseCompanySettingValue(COMPANY_SETTING.PROPERTY_CARD_VARIANT, 'v9')).toMatchObject({ success: false })
    expect(parseCompanySettingValue(COMPANY_SETTING.PROPERTY_CARD_VARIANT, 'v2')).toEqual({ success: true, value: 'v2' })
    expect(parseCompanySettingValue(999, { anything: 1 })).toEqual({ success: true, value: { anything: 1 } })
  })
})

describe('toFeeAmountText', () => {
  it.each([
    [{ amount: { kind: 'fixed', pounds: 50 }, inc_vat: true }, '£50 inc. VAT'],
    [{ amount: { kind: 'fixed', pounds: 37.5 }, inc_vat: false }, '£37.50'],
    [{ amount: { kind: 'percent_of_rent', percent: 12 }, inc_vat: true }, '12% of the rent inc. VAT'],
    [{ amount: { kind: 'described', text: "One week's rent" }, inc_vat: false }, "One week's rent"],
  ] as const)('shows %j as %s', (fee, text) => {
    expect(toFeeAmountText(fee)).toBe(text)
  })
})
