// The search key travels with the `places` schema (`toPlaceSearchKey` from '../schema/places.ts').
export { ensurePlaces } from './ensure.ts'
export { getPlacesGeneration, rebuildPlaces, type PlacesSummary } from './rebuild.ts'
export { getTownPlaces, toBox, toTownRadiusKm, type TownPlace } from './towns.ts'
export { gridToOsgb36, gridToWgs84, isGridReference, wgs84ToGrid, type LatLng } from './osgb.ts'
export { importPubs, importSchools, importStations, ImportFileError, toSchoolLabel, toStationLabel, toStationName, type PointsImportReport } from './import-points.ts'
export { toNameKeys, toPointOfInterestDescription, upsertPointsOfInterest, type PointOfInterestInput } from './points-of-interest.ts'
export { seedDemoPointsOfInterest, DEMO_POINTS_OF_INTEREST } from '../seed/points-of-interest.ts'
export { importPostcodes, rebuildPostcodeDistricts, refreshDemoPostcodes, toPostcodeUnit, ONSPD_COLUMNS, CODE_POINT_COLUMNS, type PostcodesImportReport } from './postcodes.ts'
