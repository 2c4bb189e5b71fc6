import type { Database } from './client.ts'
import type { MediaStore } from './media-store/store.ts'
import { rebuildPlaces, type PlacesSummary } from './places/index.ts'
import { seedDemoContacts, type SeedContactsSummary } from './seed-contacts/index.ts'
import { seedDemoData, type SeedSummary } from './seed/index.ts'
import { seedDemoPointsOfInterest } from './seed/points-of-interest.ts'

/** What loading the demo data did. */
export interface DemoDataSummary {
  catalogue: SeedSummary
  contacts: SeedContactsSummary
  places: PlacesSummary
  /** The invented schools and pubs near the branches. */
  pointsOfInterest: { schools: number; pubs: number; stations: number }
}

/**
 * Loads the whole demo: the catalogue (properties, media, branches, settings), the demo contacts
 * whose alerts match some of it, and the places gazetteer, which includes the properties' postcodes
 * and so is built last, with the demo's invented schools and pubs.
 */
export async function loadDemoData(
  database: Database,
  options: { properties: number; seed?: number; mediaStore: MediaStore; poolCache?: MediaStore; log?: (message: string) => void },
): Promise<DemoDataSummary> {
  const catalogue = await seedDemoData(database, {
    properties: options.properties,
    seed: options.seed ?? 1,
    mediaStore: options.mediaStore,
    ...(options.poolCache ? { poolCache: options.poolCache } : {}),
    ...(options.log ? { log: options.log } : {}),
  })
  const contacts = await seedDemoContacts(database, { seed: options.seed ?? 1 })
  const places = await rebuildPlaces(database)
  const pointsOfInterest = await seedDemoPointsOfInterest(database)
  return { catalogue, contacts, places, pointsOfInterest }
}
