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

/** Whether a path is one of the login pages themselves, which make no sense to return to. */
export function isLoginPath(path: string): boolean {
  return /^\/log(?:in|out)(?:[/?#]|$)/.test(path)
}
