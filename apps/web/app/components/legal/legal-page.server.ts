import type { CompanyProfile } from '@agency/domain'
import { data, type AppLoadContext } from 'react-router'
import { getCaptchaConfig } from '#app/lib/captcha-config.server.ts'
import { getCompanyProfile } from '#app/lib/company.server.ts'
import { toCataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { toPublicUrl } from '#app/lib/urls.ts'

/** What every legal page's loader answers. */
export interface LegalPageData {
  company: CompanyProfile
  canonicalUrl: string
  /** The maps' tile server (MAP_TILE_URL): a third party the privacy and cookie pages name. */
  mapTileUrl: string
  /** Whether the forms show Google reCAPTCHA (a third party that sets its own cookies). */
  usesRecaptcha: boolean
}

/**
 * A legal page's data: the company details it is written from, and its canonical address. While the
 * details are not set (`npm run settings -- 109 …`) the page does not exist: 404, rather than a
 * privacy notice or fees page with no controller or no fees.
 */
export async function loadLegalPage(request: Request, context: AppLoadContext, path: string) {
  const [company, captcha] = await Promise.all([getCompanyProfile(context), getCaptchaConfig(context)])
  if (!company) throw data('Page not found', { status: 404 })
  return data<LegalPageData>({ company, canonicalUrl: toPublicUrl(context.publicUrl, path), mapTileUrl: context.mapTiles.url, usesRecaptcha: captcha.provider === 'recaptcha' }, { headers: toCataloguePageHeaders(request) })
}
