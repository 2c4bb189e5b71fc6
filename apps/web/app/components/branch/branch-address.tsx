import type { Branch } from '@agency/domain'
import { toTelHref } from '#app/lib/property-text.ts'

/** A branch's address, phone and e-mail, the phone and e-mail as links (the branches page's cards, a branch's page). */
export function BranchAddress({ branch }: { branch: Pick<Branch, 'address' | 'phone' | 'email'> }) {
  return (
    <address>
      {branch.address}
      <br />
      <a href={toTelHref(branch.phone)}>{branch.phone}</a>
      <br />
      <a href={`mailto:${branch.email}`}>{branch.email}</a>
    </address>
  )
}
