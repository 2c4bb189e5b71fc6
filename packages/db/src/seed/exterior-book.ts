/**
 * Which exterior each demo property shows first, chosen so that lists do not repeat a picture: not
 * twice in one town until it has shown every picture of that kind, and otherwise the picture whose
 * nearest use among the branch's listings, and among all listings of its kind (sales, lettings), is
 * furthest in time, so a first page of newest-first results does not show one twice. Properties are
 * booked in order, each against those before it, so the first n properties of a run are the same
 * whatever follows them.
 */
import type { Random } from './random.ts'

const DAY_MS = 86_400_000
/** How far in days a branch's earlier listings are looked at. */
const BRANCH_DAYS = 60
/** How far in days the earlier listings of one kind (sales, lettings) are looked at. */
const TYPE_DAYS = 10

/** What a booking depends on. */
export interface ExteriorBooking {
  town: string
  branchId: number | null
  typeId: number
  createdMs: number
}

/** The pictures booked so far, indexed by town and by day. */
export class ExteriorBook {
  private readonly byTown = new Map<string, Set<string>>()
  private readonly byDay = new Map<string, Set<string>>()

  /**
   * A picture of `candidates` whose nearest use by an earlier listing of the same branch (within
   * BRANCH_DAYS) or of the same kind (within TYPE_DAYS, weighted six times as close) is furthest in
   * time, among those the town has not shown while there are any.
   */
  choose(candidates: readonly string[], booking: ExteriorBooking, rng: Random): string {
    const inTown = this.byTown.get(booking.town)
    const notInTown = candidates.filter((file) => !inTown?.has(file))
    const best = (start: readonly string[]) => {
      let alive = [...start]
      const day = Math.floor(booking.createdMs / DAY_MS)
      // Outwards in time, a day of the branch's listings at a step and a day of its kind's every
      // sixth: the pictures left at the end are those whose nearest use is furthest, in both lists.
      const steps: Array<[string, number]> = []
      for (let r = 0; r <= BRANCH_DAYS; r++) {
        steps.push([`b${booking.branchId}`, r])
        if (r % 6 === 0 && r / 6 <= TYPE_DAYS) steps.push([`t${booking.typeId}`, r / 6])
      }
      for (const [prefix, r] of steps) {
        const used = new Set([...(this.byDay.get(`${prefix}:${day - r}`) ?? []), ...(this.byDay.get(`${prefix}:${day + r}`) ?? [])])
        const next = alive.filter((file) => !used.has(file))
        if (next.length === 0) break
        alive = next
      }
      return { alive }
    }
    // A picture new to the town first; among those (or, once the town has shown them all, among
    // every one), the one shown furthest off in time.
    const chosen = notInTown.length > 0 ? best(notInTown) : best(candidates)
    const file = rng.pick(chosen.alive.length > 0 ? chosen.alive : candidates)
    this.add(file, booking)
    return file
  }

  /** Records a picture an earlier run booked. */
  add(file: string, booking: ExteriorBooking): void {
    let town = this.byTown.get(booking.town)
    if (!town) this.byTown.set(booking.town, (town = new Set()))
    town.add(file)
    const day = Math.floor(booking.createdMs / DAY_MS)
    for (const key of [`b${booking.branchId}:${day}`, `t${booking.typeId}:${day}`]) {
      let set = this.byDay.get(key)
      if (!set) this.byDay.set(key, (set = new Set()))
      set.add(file)
    }
  }
}
