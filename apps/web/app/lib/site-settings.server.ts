import { DEFAULT_SITE_SETTINGS } from '@agency/domain'
import type { SiteSettings } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { createSharedRead } from '#app/lib/shared-read.server.ts'
import type { PageSettings } from '#app/lib/use-root-data.ts'

// Settings are the same for every visitor and change only through `npm run settings`: the process
// keeps them for SHARED_READ_TTL_MS, so a page costs no settings read (docs/guide.md: company settings).
const sharedSettings = createSharedRead(({ services }: AppLoadContext) => services.getSiteSettings())

/**
 * Every company setting the site reads (the site's services, as GET /api/site_settings), read at most
 * once per SHARED_READ_TTL_MS by the whole process. When the database cannot be reached the page shows the
 * defaults rather than an error, and asks again for the next page.
 */
export function getSiteSettings(context: AppLoadContext): Promise<SiteSettings> {
  return sharedSettings.get(context).catch(() => DEFAULT_SITE_SETTINGS)
}

/**
 * The settings every page's data carries (use-root-data.ts PageSettings): promo cards are left out
 * unless the grid that shows them (v2) is the company's choice.
 */
export async function getPageSettings(context: AppLoadContext): Promise<PageSettings> {
  const { registration_text: _text, register_variant: _variant, ...settings } = await getSiteSettings(context)
  return settings.property_card_variant === 'v2' ? settings : { ...settings, promo_cards: [] }
}
