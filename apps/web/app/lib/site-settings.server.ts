import { DEFAULT_SITE_SETTINGS } from '@agency/domain'
import type { SiteSettings } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { createSharedRead } from '#app/lib/shared-read.server.ts'

// Settings are the same for every visitor and change only through `npm run settings`: the process
// keeps them for SHARED_READ_TTL_MS, so a page costs no settings read (README: company settings).
const sharedSettings = createSharedRead(({ api }: AppLoadContext) => api.getSiteSettings())

/**
 * Every company setting the site reads (GET /api/site_settings, one call), read at most once per
 * SHARED_READ_TTL_MS by the whole process. When the API cannot be reached the page shows the
 * defaults rather than an error, and asks again for the next page.
 */
export function getSiteSettings(context: AppLoadContext): Promise<SiteSettings> {
  return sharedSettings.get(context).catch(() => DEFAULT_SITE_SETTINGS)
}
