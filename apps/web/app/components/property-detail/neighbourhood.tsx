import { APPROXIMATE_DISTANCES_TEXT, APPROXIMATE_LOCATION_TEXT, NEARBY_HEADINGS, NEARBY_KINDS, NEARBY_SEARCH_RADIUS_MILES, toDistanceLabel, toGoogleMapsUrl, toSearchType } from '@agency/domain'
import type { NearbyPlace, PropertyDetail } from '@agency/domain'
import { useMemo } from 'react'
import { LazyMap } from '#app/components/map/lazy-map.tsx'
import type { MapPoint, MapView } from '#app/components/map/map-types.ts'
import { toSearchUrl } from '#app/components/search/search-url.ts'
import { COPY } from '#app/copy.ts'

const POINTS_VIEW: MapView = { kind: 'points' }

/** The property's pin has no popup of its own: the page around it is its card. */
function toPopup(property: PropertyDetail): HTMLElement {
  const root = document.createElement('p')
  root.className = 'map-popup__heading'
  root.textContent = property.display_address
  return root
}

/**
 * A property page's map and neighbourhood (SPEC §1 'see branches or properties on a map', issue 46):
 * the property at its public position with 'View on Google Map', then the nearest stations, schools
 * and pubs, each with its distance in miles and a link to a search near it. Never for a locked
 * property the visitor may not see (the page leaves it out).
 */
export function PropertyNeighbourhood({ property, nearby }: { property: PropertyDetail; nearby: readonly NearbyPlace[] }) {
  const searchType = toSearchType(property.transaction_type_id)
  const points = useMemo<MapPoint[]>(
    () => [{ id: String(property.property_profile_id), lat: property.lat, lng: property.lng, label: property.display_address, pin: null, popup: () => toPopup(property) }],
    [property],
  )
  // A property placed at its district's or town's centre (a feed without a known postcode) says so.
  const approximate = property.location_precision === 'postcode' ? null : property.location_precision
  const kinds = NEARBY_KINDS.map((kind) => ({ kind, places: nearby.filter((place) => place.kind === kind) })).filter((group) => group.places.length > 0)
  return (
    <>
      <section className="detail-section detail-map" aria-labelledby="map-heading">
        <h2 id="map-heading">{COPY.DETAIL_MAP}</h2>
        {approximate && <p className="detail-map__approximate">{APPROXIMATE_LOCATION_TEXT[approximate]}</p>}
        <LazyMap cluster={false} label={COPY.DETAIL_MAP_LABEL(property.display_address)} points={points} view={POINTS_VIEW} centre={property} />
        <p className="detail-map__google">
          <a
            href={toGoogleMapsUrl({ address: property.display_address, lat: property.lat, lng: property.lng })}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${COPY.BRANCH_MAP_LINK}: ${property.display_address}`}
          >
            {COPY.BRANCH_MAP_LINK}
          </a>
        </p>
      </section>
      {kinds.length > 0 && (
        <section className="detail-section neighbourhood" aria-labelledby="neighbourhood-heading">
          <h2 id="neighbourhood-heading">{COPY.DETAIL_NEIGHBOURHOOD}</h2>
          <div className="neighbourhood__groups">
            {kinds.map(({ kind, places }) => (
              <div key={kind} className="neighbourhood__group">
                <h3>{NEARBY_HEADINGS[kind]}</h3>
                <ul className="neighbourhood__list" role="list">
                  {places.map((place) => (
                    <li key={place.place_id}>
                      <a href={toSearchUrl(searchType, { locations: [{ lat: place.lat, lng: place.lng, radius: NEARBY_SEARCH_RADIUS_MILES }] }, [place.name])}>
                        {place.name}
                      </a>
                      <span className="neighbourhood__facts">
                        {place.label} · {toDistanceLabel(place.distance_miles)}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          {approximate && <p className="neighbourhood__note neighbourhood__note--approximate">{APPROXIMATE_DISTANCES_TEXT[approximate]}</p>}
          <p className="neighbourhood__note">{COPY.DETAIL_NEIGHBOURHOOD_NOTE}</p>
        </section>
      )}
    </>
  )
}
