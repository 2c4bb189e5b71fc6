/**
 * A demo property's rooms, floor by floor: the one list the description's accommodation paragraph,
 * the feature bullets, the photo captions and the floor plans are all drawn from, so they agree.
 * A plan's sizes come from its rooms alone (the same rooms, the same plan), and every floor of a home
 * shares one footprint that its rooms fill exactly.
 */
import { createHash } from 'node:crypto'
import { Random, hashString } from './random.ts'

/** What the rooms depend on. */
export interface RoomFacts {
  kind: 'house' | 'flat' | 'bungalow' | 'park_home' | 'commercial' | 'land'
  bedroom: number
  bathroom: number
  reception: number
  /** A terrace or cottage: a narrow, deep footprint. */
  narrow: boolean
  /** What commercial premises are used as (their style); an office when not said. */
  use?: CommercialUse
}

/** What commercial premises are used as: an office, a shop or a warehouse. */
export type CommercialUse = 'office' | 'retail' | 'industrial'

/** A room as a plan labels it, with the words the description uses for it. */
export interface Room {
  /** The plan's label: 'Kitchen / Diner', 'Bedroom 2', 'WC'. */
  name: string
  /** What the description calls it ('a separate dining room'); empty for rooms it does not name. */
  phrase: string
}

/** One floor: its title on the plan and its rooms in plan order. */
export interface Floor {
  title: string
  rooms: Room[]
}

/** A room laid out on a plan, in metres from the footprint's top-left corner. */
export interface PlacedRoom {
  name: string
  x: number
  y: number
  w: number
  d: number
}

/** Everything a floor plan picture is drawn from. */
export interface PlanSpec {
  title: string
  widthM: number
  depthM: number
  rooms: PlacedRoom[]
  /** The whole home's floor area in square metres, when it has more than one floor. */
  totalM2: number | null
}

/** A property's accommodation: the floors, and what the copy and bullets may name. */
export interface Accommodation {
  floors: Floor[]
  /** The flat's own floor ('Second floor'), for the copy; null for a house. */
  level: string | null
}

const FLOOR_TITLES = ['Ground floor', 'First floor', 'Second floor', 'Third floor', 'Fourth floor', 'Fifth floor'] as const

/** Typical sizes in square metres, [smallest, largest]. */
const AREAS: Array<[RegExp, [number, number]]> = [
  [/^Warehouse$/, [150, 320]],
  [/^Open Plan Office$/, [60, 110]],
  [/^Sales Area$/, [45, 80]],
  [/^Studio Room$/, [20, 26]],
  [/^Living \/ Kitchen \/ Dining Room$/, [26, 34]],
  [/^Kitchen \/ Diner$|^Kitchen \/ Breakfast Room$/, [16, 22]],
  [/^Living Room$/, [15, 22]],
  [/^Conservatory$/, [9, 13]],
  [/^Family Room$|^Dining Room$|^Meeting Room$|^Store Room$|^Office$|^Trade Counter$/, [10, 14]],
  [/^Kitchen$/, [9, 13]],
  [/^Bedroom 1$/, [12, 16]],
  [/^Bedroom \d$/, [7.5, 11]],
  [/^Playroom$|^Study$|^Staff Room$/, [6.5, 9]],
  [/^Hall$/, [4.5, 7]],
  [/^Landing$/, [4, 6]],
  [/^Bathroom$/, [4.2, 6]],
  [/^Utility Room$|^Shower Room$|^Kitchenette$/, [3.5, 5]],
  [/^En Suite( \d)?$/, [2.6, 3.8]],
  [/^WC$/, [1.6, 2.4]],
]

function areaRange(name: string): [number, number] {
  return AREAS.find(([pattern]) => pattern.test(name))?.[1] ?? [6, 10]
}

const room = (name: string, phrase = ''): Room => ({ name, phrase })

/** The rooms of a home of these facts, chosen through the stream. */
export function toAccommodation(f: RoomFacts, rng: Random): Accommodation {
  if (f.kind === 'land') return { floors: [], level: null }
  if (f.kind === 'commercial') {
    // An office's rooms, a shop's or a warehouse's, by the premises' use (the style).
    const rooms =
      f.use === 'retail'
        ? [room('Sales Area', 'a sales area'), room('Store Room', 'a store room'), room('Staff Room', 'a staff room'), room('WC', 'a WC')]
        : f.use === 'industrial'
          ? [room('Warehouse', 'a clear-span warehouse'), room('Trade Counter', 'a trade counter'), room('Office', 'an office'), room('WC', 'a WC')]
          : [room('Open Plan Office', 'open-plan office space'), room('Meeting Room', 'a separate meeting room'), room('Kitchenette', 'a kitchenette'), room('WC', 'WC facilities')]
    return { floors: [{ title: 'Ground floor', rooms }], level: null }
  }
  const hall = [room('Hall', rng.pick(['an entrance hall', 'a welcoming reception hall', 'a hallway']))]
  const living = room(
    'Living Room',
    rng.pick(['a bay-fronted living room', 'a spacious living room with French doors', 'a living room with a large picture window', 'a living room with a wood-burning stove', 'a living room with a feature fireplace']),
  )
  const kitchen = rng.weighted<Room>([
    [room('Kitchen', rng.pick(['a modern fitted kitchen with integrated appliances', 'a recently refitted kitchen with quartz worktops', 'a kitchen with a range of wall and base units'])), 4],
    [room('Kitchen / Diner', 'an open-plan kitchen/diner'), 3],
    [room('Kitchen / Breakfast Room', 'a kitchen/breakfast room'), 2],
  ])
  const receptions: Room[] = []
  if (f.reception >= 2) receptions.push(rng.weighted<Room>([[room('Dining Room', 'a separate dining room'), 5], [room('Family Room', 'a family room'), 2], [room('Study', 'a study'), 2]]))
  if (f.reception >= 3) receptions.push(room('Playroom', 'a further reception room, used as a playroom'))

  if (f.kind === 'flat' && f.bedroom === 0) {
    return {
      floors: [{ title: rng.pick(FLOOR_TITLES.slice(0, 5)), rooms: [room('Hall', ''), room('Studio Room', 'a studio room combining living and sleeping areas'), room('Kitchen', 'a kitchen'), room('Shower Room', 'a shower room')] }],
      level: null,
    }
  }

  const bedrooms = Array.from({ length: f.bedroom }, (_, i) => room(`Bedroom ${i + 1}`))
  const baths: Room[] = [room('Bathroom', f.bathroom === 1 ? rng.pick(['a family bathroom', 'a bathroom with shower over the bath']) : 'a family bathroom')]
  if (f.bathroom >= 2) baths.push(room('En Suite', 'an en suite shower room to the principal bedroom'))
  if (f.bathroom >= 3) baths.push(room('Shower Room', 'a separate shower room'))
  if (f.bathroom >= 4) baths.push(room('En Suite 2', 'a second en suite'))

  if (f.kind === 'flat') {
    const openPlan = f.reception <= 1 && rng.chance(0.35)
    const rooms: Room[] = [room('Hall', 'an entrance hall')]
    if (openPlan) rooms.push(room('Living / Kitchen / Dining Room', 'an open-plan living room, kitchen and dining area'))
    else rooms.push(living, kitchen)
    rooms.push(...receptions, ...bedrooms, ...baths)
    const level = rng.weighted<string>([['Ground floor', 3], ['First floor', 3], ['Second floor', 3], ['Third floor', 2], ['Fourth floor', 1], ['Fifth floor', 1]])
    return { floors: [{ title: level, rooms }], level }
  }

  const extras: Room[] = []
  if (rng.chance(f.kind === 'park_home' ? 0.1 : 0.35)) extras.push(room('Utility Room', 'a utility room'))
  if (f.kind === 'house' && rng.chance(0.45)) extras.push(room('WC', 'a downstairs WC'))
  if (f.kind !== 'park_home' && rng.chance(0.15)) extras.push(room('Conservatory', 'a conservatory'))

  if (f.kind === 'bungalow' || f.kind === 'park_home') {
    return { floors: [{ title: 'Ground floor', rooms: [...hall, living, ...receptions, kitchen, ...extras, ...bedrooms, ...baths] }], level: null }
  }
  // A house: living rooms downstairs, bedrooms up; a fifth and sixth bedroom on a second floor.
  const ground: Room[] = [...hall, living, ...receptions, kitchen, ...extras]
  const first: Room[] = [room('Landing'), ...bedrooms.slice(0, 4), ...baths.slice(0, f.bathroom >= 3 && f.bedroom >= 5 ? 2 : 4)]
  const floors: Floor[] = [{ title: 'Ground floor', rooms: ground }, { title: 'First floor', rooms: first }]
  if (f.bedroom >= 5) floors.push({ title: 'Second floor', rooms: [room('Landing'), ...bedrooms.slice(4), ...baths.slice(2)] })
  return { floors, level: null }
}

/** Every room of the accommodation. */
export function allRooms(a: Accommodation): Room[] {
  return a.floors.flatMap((floor) => floor.rooms)
}

/** Whether a room of this name is there. */
export function hasRoom(a: Accommodation, name: string): boolean {
  return allRooms(a).some((r) => r.name === name)
}

const PLAN_SEED = 5050

/**
 * The plans of the accommodation, one per floor: sizes drawn from the rooms' names alone, so every
 * home with the same rooms shares its plans (and their files).
 */
export function toPlanSpecs(a: Accommodation, narrow: boolean): PlanSpec[] {
  if (a.floors.length === 0) return []
  // A home of several floors takes the footprint of its size class, so that each floor's plan
  // depends on that floor's rooms alone and homes that share a floor share its plan.
  const bedrooms = a.floors.flatMap((floor) => floor.rooms).filter((r) => /^Bedroom \d/.test(r.name)).length
  const sizeClass = Math.min(5, Math.max(2, bedrooms))
  const floorAreas = a.floors.map((floor) => {
    const rng = Random.for(PLAN_SEED, hashString(JSON.stringify([narrow, a.floors.length > 1 ? sizeClass : 0, floor.title, floor.rooms.map((r) => r.name)])), 0)
    return floor.rooms.map((r) => {
      const [lo, hi] = areaRange(r.name)
      return lo + (hi - lo) * rng.next()
    })
  })
  const shape = Random.for(PLAN_SEED, hashString(JSON.stringify([narrow, sizeClass, a.floors.length])), 1)
  const footprint =
    a.floors.length > 1
      ? ({ 2: 40, 3: 50, 4: 62, 5: 76 } as Record<number, number>)[sizeClass]! * shape.float(0.95, 1.08)
      : (floorAreas[0] ?? []).reduce((s, x) => s + x, 0)
  // Width across the front over depth front to back.
  const aspect = narrow ? shape.float(0.5, 0.68) : shape.float(0.95, 1.35)
  const widthM = round1(Math.sqrt(footprint * aspect))
  const depthM = round1(footprint / widthM)
  const totalM2 = a.floors.length > 1 ? Math.round(widthM * depthM * a.floors.length) : null
  return a.floors.map((floor, i) => {
    const list = floorAreas[i] as number[]
    const sum = list.reduce((s, x) => s + x, 0)
    const scaled = floor.rooms.map((r, j) => ({ name: r.name, area: ((list[j] as number) * widthM * depthM) / sum }))
    const rooms: PlacedRoom[] = []
    slice(scaled, { x: 0, y: 0, w: widthM, d: depthM }, rooms)
    return { title: floor.title, widthM, depthM, rooms, totalM2 }
  })
}

/** Guillotine cuts: split the rooms into two runs of about equal area, cut the longer side to match, repeat. */
function slice(list: Array<{ name: string; area: number }>, box: { x: number; y: number; w: number; d: number }, out: PlacedRoom[]): void {
  if (list.length === 1) {
    out.push({ name: (list[0] as { name: string }).name, ...box })
    return
  }
  const total = list.reduce((s, r) => s + r.area, 0)
  let best = 1
  let bestGap = Infinity
  let run = 0
  for (let i = 1; i < list.length; i++) {
    run += (list[i - 1] as { area: number }).area
    const gap = Math.abs(run / total - 0.5)
    if (gap < bestGap) {
      bestGap = gap
      best = i
    }
  }
  const a = list.slice(0, best)
  const b = list.slice(best)
  const share = a.reduce((s, r) => s + r.area, 0) / total
  if (box.w >= box.d) {
    slice(a, { ...box, w: box.w * share }, out)
    slice(b, { ...box, x: box.x + box.w * share, w: box.w * (1 - share) }, out)
  } else {
    slice(a, { ...box, d: box.d * share }, out)
    slice(b, { ...box, y: box.y + box.d * share, d: box.d * (1 - share) }, out)
  }
}

function round1(n: number): number {
  return Math.round(n * 10) / 10
}

/** A plan's file under the media root, named by what it shows. */
export function toPlanFile(spec: PlanSpec): string {
  return `pool/docs/floor-plan-${createHash('sha1').update(JSON.stringify(spec)).digest('hex').slice(0, 16)}.png`
}
