import { DEFAULT_SITE_SETTINGS } from '@agency/domain'
import type { Branch, SiteSettings } from '@agency/domain'
import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

/** The company settings the root loader read, or the defaults while it failed (error pages). */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings ?? DEFAULT_SITE_SETTINGS
}

/** A branch as the footer shows it. */
export type FooterBranch = Pick<Branch, 'id' | 'branchName' | 'address' | 'phone' | 'email'>

/** The branches the root loader read for the footer. */
export function useBranches(): FooterBranch[] {
  return useRouteLoaderData<typeof rootLoader>('root')?.branches ?? []
}
