import { DEFAULT_SITE_SETTINGS } from '@agency/domain'
import type { Branch, SiteSettings } from '@agency/domain'
import { useRouteLoaderData } from 'react-router'
import type { MapTiles } from '#app/components/map/map-types.ts'
import type { loader as rootLoader } from '#app/root.tsx'

/** The company settings the root loader read, or the defaults while it failed (error pages). */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings ?? DEFAULT_SITE_SETTINGS
}

/** A branch as the footer lists it and the branch map shows it (SPEC §3 Map marker fields). */
export type FooterBranch = Branch

/** The branches the root loader read for the footer and the branch map. */
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
