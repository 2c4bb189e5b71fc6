// The search key travels with the `places` schema (`toPlaceSearchKey` from '../schema/places.ts').
export { ensurePlaces } from './ensure.ts'
export { rebuildPlaces, type PlacesSummary } from './rebuild.ts'
export { getTownPlaces, toTownRadiusKm, type TownPlace } from './towns.ts'
