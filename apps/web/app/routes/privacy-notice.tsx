import { loadLegalPage } from '#app/components/legal/legal-page.server.ts'
import { LEGAL_PATHS } from '#app/components/legal/legal-paths.ts'
import { PrivacyNotice } from '#app/components/legal/privacy-notice.tsx'
import { getAgencyName, toCanonicalLink, toTitle } from '#app/lib/meta.ts'
import { cataloguePageHeaders } from '#app/lib/page-headers.server.ts'
import { useSiteSettings } from '#app/lib/use-root-data.ts'
import { toTileHost } from '#app/components/legal/tile-host.ts'
import type { Route } from './+types/privacy-notice'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLegalPage(request, context, LEGAL_PATHS.privacy)
}

export const headers = cataloguePageHeaders

const TITLE = 'Privacy notice'

/** The privacy notice every form links beside its submit button. */
export default function PrivacyNoticeRoute({ loaderData }: Route.ComponentProps) {
  const { agency_name: agencyName } = useSiteSettings()
  return (
    <div className="container page legal-page">
      <h1>{TITLE}</h1>
      <p>This notice explains what personal data this website collects, why, and what you can do about it.</p>
      <PrivacyNotice company={loaderData.company} agencyName={agencyName} mapTileHost={toTileHost(loaderData.mapTileUrl)} />
    </div>
  )
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: toTitle(TITLE, getAgencyName(matches)) }, { name: 'description', content: 'What personal data we collect, why, how long we keep it, and your rights.' }, ...(loaderData ? [toCanonicalLink(loaderData.canonicalUrl)] : [])]
}
