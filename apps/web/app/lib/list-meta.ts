import type { SearchType } from '@agency/domain'
import type { MetaDescriptor } from 'react-router'
import type { PropertyListData } from '#app/components/property-list/property-list-page.tsx'
import { COPY } from '#app/copy.ts'
import { toCanonicalLink, toTitle } from '#app/lib/meta.ts'

/** Title, description and canonical link of a list page; later pages say which page they are. */
export function toListMeta(searchType: SearchType, data: PropertyListData | undefined, agencyName: string): MetaDescriptor[] {
  const page = data?.kind === 'results' ? data.query.page : 1
  const heading = page > 1 ? `${COPY.LIST_TITLE[searchType]}, ${COPY.PAGE.toLowerCase()} ${page}` : COPY.LIST_TITLE[searchType]
  return [
    { title: toTitle(heading, agencyName) },
    { name: 'description', content: COPY.LIST_DESCRIPTION[searchType] },
    ...(data ? [toCanonicalLink(data.canonicalUrl)] : []),
    ...(data?.kind === 'invalid' ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}
