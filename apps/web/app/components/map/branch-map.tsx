import { toGoogleMapsUrl } from '@agency/domain'
import type { Branch } from '@agency/domain'
import { useMemo } from 'react'
import { LazyMap } from '#app/components/map/lazy-map.tsx'
import type { MapPoint, MapView } from '#app/components/map/map-types.ts'
import { MAP_COPY } from '#app/components/map/map-copy.ts'
import { COPY } from '#app/copy.ts'
import { toTelHref } from '#app/lib/property-text.ts'

const POINTS_VIEW: MapView = { kind: 'points' }

/** A branch marker's popup card: SPEC §3 Map marker fields and 'View on Google Map'. */
function toPopup(branch: Branch): HTMLElement {
  const root = document.createElement('div')
  root.className = 'map-popup'
  const add = (tag: string, className: string, text: string) => {
    const el = document.createElement(tag)
    el.className = className
    el.textContent = text
    root.append(el)
    return el
  }
  add('p', 'map-popup__heading', branch.name)
  if (branch.branchName !== branch.name) add('p', 'map-popup__status', branch.branchName)
  add('p', 'map-popup__address', branch.address)
  const phone = add('a', 'map-popup__phone', branch.phone) as HTMLAnchorElement
  phone.href = toTelHref(branch.phone)
  phone.setAttribute('aria-label', MAP_COPY.BRANCH_CALL(branch.phone))
  // 'View on Google Map' once: a branch button of that label (the demo's) would offer it twice.
  if (branch.button && branch.businessLink && branch.buttonLabel !== COPY.BRANCH_MAP_LINK) {
    const button = add('a', 'button map-popup__link', branch.buttonLabel) as HTMLAnchorElement
    button.href = branch.businessLink
  }
  const google = add('a', 'button button--secondary map-popup__google', COPY.BRANCH_MAP_LINK) as HTMLAnchorElement
  google.href = toGoogleMapsUrl(branch)
  google.target = '_blank'
  google.rel = 'noopener noreferrer'
  google.setAttribute('aria-label', `${COPY.BRANCH_MAP_LINK}: ${branch.branchName}`)
  return root
}

/**
 * The branch map (SPEC §2 Map): a marker per branch in its colour and image, named on the map, its card
 * in a popup; branches too near to be told apart at this zoom share one marker naming them.
 */
export function BranchMap({ branches }: { branches: readonly Branch[] }) {
  const points = useMemo<MapPoint[]>(
    () =>
      branches.map((branch) => ({
        id: String(branch.id),
        lat: branch.lat,
        lng: branch.lng,
        label: `${branch.branchName}, ${branch.address}`,
        // The branch's name on its marker: two branches of one initial (Bristol, Birmingham) stay apart.
        pin: branch.branchName,
        color: branch.color,
        image: branch.markerImage,
        popup: () => toPopup(branch),
      })),
    [branches],
  )
  const first = branches[0]
  if (!first) return null
  return <LazyMap cluster={false} groupLabel={MAP_COPY.BRANCHES_GROUP} label={MAP_COPY.BRANCHES_MAP_LABEL} points={points} view={POINTS_VIEW} centre={{ lat: first.lat, lng: first.lng }} />
}
