/**
 * What each company setting may hold, for whatever writes one (`npm run settings`): a value that does
 * not fit is refused with the schema's reasons instead of being stored and silently replaced by its
 * default when read.
 */
import { z } from 'zod'
import { COMPANY_SETTING } from './catalogue.ts'
import { CompanyProfileSchema } from './company-profile.schema.ts'
import { REGISTER_VARIANTS } from './constants.ts'
import { RedirectTargetsSchema } from './redirects.ts'
import { SITE_SETTING_IDS } from './site-settings.ts'
import { SiteSettingsSchema } from './site-settings.schema.ts'

const SCHEMAS = new Map<number, z.ZodType>([
  ...Object.entries(SITE_SETTING_IDS).map(([name, id]) => [id, SiteSettingsSchema.shape[name as keyof typeof SITE_SETTING_IDS]] as const),
  [COMPANY_SETTING.REDIRECT_TARGETS, RedirectTargetsSchema],
  [COMPANY_SETTING.REGISTER_VARIANT_MOBILE, z.enum(REGISTER_VARIANTS)],
  [COMPANY_SETTING.COMPANY_PROFILE, CompanyProfileSchema],
])

/**
 * A company setting's value checked against its schema: the value, or the reasons it was refused
 * ('path: message' each). A setting id the site does not know is accepted as any JSON.
 */
export function parseCompanySettingValue(settingId: number, value: unknown): { success: true; value: unknown } | { success: false; errors: string[] } {
  const schema = SCHEMAS.get(settingId)
  if (!schema) return { success: true, value }
  const parsed = schema.safeParse(value)
  if (parsed.success) return { success: true, value: parsed.data }
  return { success: false, errors: parsed.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(value)'}: ${issue.message}`) }
}
