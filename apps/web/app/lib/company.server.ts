import type { CompanyProfile } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { createSharedRead } from '#app/lib/shared-read.server.ts'

// The company details are the same for every visitor and change only through `npm run settings`:
// the process keeps them as it keeps the settings (site-settings.server.ts).
const sharedProfile = createSharedRead(async ({ services }: AppLoadContext) => ({ profile: await services.getCompanyProfile() }))

/**
 * The agency's company and compliance details (as GET /api/company), or null while they are not set
 * or the database cannot be reached: the pages then leave out what they would have said.
 */
export async function getCompanyProfile(context: AppLoadContext): Promise<CompanyProfile | null> {
  return (await sharedProfile.get(context).catch(() => ({ profile: null }))).profile
}
