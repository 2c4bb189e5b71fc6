import { COMPANY_SETTING, CompanyProfileSchema, SITE_SETTING_IDS, toSiteSettings, type CompanyProfile, type CompanySetting, type SiteSettings } from '@agency/domain'
import { branches, companySettings, propertyStyles, propertyTypes, type Db } from '@agency/db'
import { asc, eq, inArray } from 'drizzle-orm'

/** Property types in id order (SPEC §7 reads them with __limit=250). */
export function listPropertyTypes(db: Db, limit: number) {
  return db.select().from(propertyTypes).orderBy(asc(propertyTypes.property_type_id)).limit(limit)
}

/** Property styles in id order. */
export function listPropertyStyles(db: Db, limit: number) {
  return db.select().from(propertyStyles).orderBy(asc(propertyStyles.property_style_id)).limit(limit)
}

/** Every branch, in id order. */
export function listBranches(db: Db) {
  return db.select().from(branches).orderBy(asc(branches.branch_id))
}

/** One branch; null for an unknown id. */
export async function getBranch(db: Db, branchId: number) {
  const [row] = await db.select().from(branches).where(eq(branches.branch_id, branchId))
  return row ?? null
}

const PUBLIC_SETTING_IDS = new Set<number>(Object.values(COMPANY_SETTING))

/**
 * A company setting the site reads; null for unknown ids. Only the settings named in the domain
 * contract are public, so a setting added later for the server alone is not exposed by accident.
 */
export async function getCompanySetting(db: Db, settingId: number): Promise<CompanySetting | null> {
  if (!PUBLIC_SETTING_IDS.has(settingId)) return null
  const [row] = await db
    .select({ setting_id: companySettings.setting_id, value: companySettings.value })
    .from(companySettings)
    .where(eq(companySettings.setting_id, settingId))
  // jsonb holds JSON by construction.
  return row ? { setting_id: row.setting_id, value: row.value as CompanySetting['value'] } : null
}

/** Every setting the site reads, each its default when not set or malformed (one query). */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db
    .select({ setting_id: companySettings.setting_id, value: companySettings.value })
    .from(companySettings)
    .where(inArray(companySettings.setting_id, Object.values(SITE_SETTING_IDS)))
  return toSiteSettings(new Map(rows.map((row) => [row.setting_id, row.value])))
}

/**
 * The agency's company and compliance details (company setting 109), or null when none is stored or
 * the stored value does not fit the schema (`npm run settings` refuses such a value; an older or
 * hand-written row is not trusted either).
 */
export async function getCompanyProfile(db: Db): Promise<CompanyProfile | null> {
  const [row] = await db
    .select({ value: companySettings.value })
    .from(companySettings)
    .where(eq(companySettings.setting_id, COMPANY_SETTING.COMPANY_PROFILE))
  const parsed = CompanyProfileSchema.safeParse(row?.value)
  return parsed.success ? parsed.data : null
}
