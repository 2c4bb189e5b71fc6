import { DEFAULT_SITE_SETTINGS } from '@agency/domain'
import type { SiteSettings } from '@agency/domain'
import type { MetaDescriptor } from 'react-router'

interface MatchLike {
  id: string
  loaderData?: unknown
}

function hasSettings(value: unknown): value is { settings: SiteSettings } {
  return typeof value === 'object' && value !== null && 'settings' in value
}

/** The agency name from the root loader's data, for page titles. */
export function getAgencyName(matches: ReadonlyArray<MatchLike | undefined>): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData
  return hasSettings(root) ? root.settings.agency_name : DEFAULT_SITE_SETTINGS.agency_name
}

/** A page title: 'Property for sale | Hartwell & Co'. */
export function toTitle(page: string, agencyName: string): string {
  return `${page} | ${agencyName}`
}

/** A canonical link tag for a route's meta. */
export function toCanonicalLink(href: string): MetaDescriptor {
  return { tagName: 'link', rel: 'canonical', href }
}
