import type { AppLoadContext } from 'react-router'
import { createSharedRead } from '#app/lib/shared-read.server.ts'
import type { FooterBranch } from '#app/lib/use-root-data.ts'

// Branches are the same for every visitor and change rarely: the process keeps them for
// SHARED_READ_TTL_MS, so a page costs no branches read.
const sharedBranches = createSharedRead<FooterBranch[]>()

/**
 * The branches the footer lists, with only the fields it shows (they travel in every page's data).
 * The footer is not worth an error page: when the API fails it simply shows none, and that empty
 * answer is not kept, so the next page asks again.
 */
export function getFooterBranches({ api }: AppLoadContext): Promise<FooterBranch[]> {
  return sharedBranches.get(() =>
    api.getBranches().then(
      (branches) => ({
        value: branches.map(({ id, branchName, address, phone, email }) => ({ id, branchName, address, phone, email })),
        keep: true,
      }),
      () => ({ value: [], keep: false }),
    ),
  )
}
