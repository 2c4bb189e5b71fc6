import type { Branch } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { createSharedRead } from '#app/lib/shared-read.server.ts'
import type { FooterBranch } from '#app/lib/use-root-data.ts'

// Branches are the same for every visitor and change rarely: the process keeps them for
// SHARED_READ_TTL_MS, so a page costs no branches read.
const sharedBranches = createSharedRead(async ({ services }: AppLoadContext): Promise<Branch[]> => services.listBranches())

/**
 * The branches with SPEC §3's Map marker fields, for the pages that show the branch map (an agency
 * has a few). When the database fails the page simply shows none, and the next page asks again.
 */
export function getBranches(context: AppLoadContext): Promise<Branch[]> {
  return sharedBranches.get(context).catch(() => [])
}

/**
 * The branches the footer lists, cut down to what it shows: they travel in every page's data, where
 * a map marker's fields (its Google link, colour, marker) would be most of them.
 */
export async function getFooterBranches(context: AppLoadContext): Promise<FooterBranch[]> {
  return (await getBranches(context)).map(({ id, branchName, phone, lat, lng }) => ({ id, branchName, phone, lat, lng }))
}
