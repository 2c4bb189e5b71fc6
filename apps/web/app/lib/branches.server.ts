import type { AppLoadContext } from 'react-router'
import { createSharedRead } from '#app/lib/shared-read.server.ts'
import type { FooterBranch } from '#app/lib/use-root-data.ts'

// Branches are the same for every visitor and change rarely: the process keeps them for
// SHARED_READ_TTL_MS, so a page costs no branches read. They travel in every page's data with SPEC §3's
// Map marker fields, which the branch map on the home and branches pages shows (an agency has a few).
const sharedBranches = createSharedRead(async ({ api }: AppLoadContext): Promise<FooterBranch[]> => api.getBranches())

/**
 * The branches the footer lists. The footer is not worth an error page: when the API fails it simply
 * shows none, and the next page asks again.
 */
export function getFooterBranches(context: AppLoadContext): Promise<FooterBranch[]> {
  return sharedBranches.get(context).catch(() => [])
}
