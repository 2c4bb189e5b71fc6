import type { Avatar } from '@agency/domain'
import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

/** The logged-in contact as the header shows them. */
export interface SignedInContact {
  name: string
  surname: string
  /** SPEC §3: salutation 3 shows a male avatar, any other a female one. */
  avatar: Avatar
}

/** The contact the root loader found logged in, or null for a visitor. */
export function useSignedInContact(): SignedInContact | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.contact ?? null
}

/** Where a contact goes after logging in when no page asked for them (SPEC §2 PROPERTIES). */
export const AFTER_LOGIN_PATH = '/properties'

/**
 * A path of this site to return to, or null. Only a plain absolute path is kept ('/sales?page=2'),
 * never '//host' or '/\host', which browsers read as another origin: the login page must not become
 * an open redirect.
 */
export function toSafeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  // Control characters (a newline in a header, a tab browsers drop) have no place in a return path.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null
  try {
    const url = new URL(value, 'http://site.invalid')
    if (url.origin !== 'http://site.invalid') return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}

/** Whether a path is one of the login pages themselves, which make no sense to return to. */
export function isLoginPath(path: string): boolean {
  return /^\/log(?:in|out)(?:[/?#]|$)/.test(path)
}
