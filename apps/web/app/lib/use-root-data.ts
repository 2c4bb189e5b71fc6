import { DEFAULT_SITE_SETTINGS } from '@agency/domain'
import type { Branch, FooterCompany, SiteSettings } from '@agency/domain'
import { useRouteLoaderData } from 'react-router'
import type { MapTiles } from '#app/components/map/map-types.ts'
import type { loader as rootLoader } from '#app/root.tsx'

/**
 * The company settings pages read in the browser. The alert registration's text and variant are read
 * by its own loader, and promo cards are shown in grid v2 only: every page's data carries the rest.
 */
export type PageSettings = Omit<SiteSettings, 'registration_text' | 'register_variant'>

/** The company settings the root loader read, or the defaults while it failed (error pages). */
export function useSiteSettings(): PageSettings {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings ?? DEFAULT_SITE_SETTINGS
}

/**
 * A branch as the footer lists it (its name and telephone number), with the place that centres a list
 * page's map when no location is chosen. Its address, e-mail and the branch map's other fields (SPEC §3
 * Map marker) travel only with the pages that show them (home, branches).
 */
export type FooterBranch = Pick<Branch, 'id' | 'branchName' | 'phone' | 'lat' | 'lng'>

/** The branches the root loader read for the footer (lib/branches.server.ts). */
export function useBranches(): FooterBranch[] {
  return useRouteLoaderData<typeof rootLoader>('root')?.branches ?? []
}

/** The maps' tile server from the server's configuration (OpenStreetMap's standard tiles by default). */
export function useMapTiles(): MapTiles {
  return useRouteLoaderData<typeof rootLoader>('root')?.mapTiles ?? DEFAULT_TILES
}

const DEFAULT_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
}

/** The company details every page's footer shows, or null while they are not set. */
export function useFooterCompany(): FooterCompany | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.company ?? null
}
