import { MAP } from '@agency/domain'
import { useEffect, useState } from 'react'
import type { ComponentProps, ComponentType } from 'react'
import type { BranchMap } from '#app/components/map/branch-map.tsx'
import { COPY } from '#app/copy.ts'

/**
 * The place of a branch map on a page: on the server and until the map's code has arrived, an empty frame of
 * SPEC §9's 500 px (so nothing moves when the map appears); then the map. Its code is fetched only in
 * the browser and only when the map is shown, so a page's first load does not carry it.
 */
function useLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null)
  useEffect(() => {
    let cancelled = false
    void load().then((loaded) => !cancelled && setComponent(() => loaded))
    return () => {
      cancelled = true
    }
  }, [load])
  return component
}

function MapPlaceholder() {
  return (
    <div className="map-frame" style={{ height: MAP.HEIGHT_PX }}>
      <p className="map-frame__status">{COPY.MAP_LOADING}</p>
    </div>
  )
}

const loadBranchMap = () => import('#app/components/map/branch-map.tsx').then((m) => m.BranchMap)

/** The branch map (branch-map.tsx), loaded when the page shows it. */
export function BranchMapSlot(props: ComponentProps<typeof BranchMap>) {
  const Loaded = useLazy(loadBranchMap)
  return Loaded ? <Loaded {...props} /> : <MapPlaceholder />
}
