/**
 * Which exterior each demo property shows first, chosen so that lists do not repeat a picture: never
 * twice in one town, never twice among one branch's listings of the same month, and never twice among
 * the listings of one kind (sales, lettings) of the same few days, which is what a first page of
 * newest-first results holds. Properties are booked in order, each against those before it, so the
 * first n properties of a run are the same whatever follows them.
 */
import type { Random } from './random.ts'

const DAY_MS = 86_400_000
/** How far apart in days two listings of one branch must be to share a picture. */
const BRANCH_DAYS = 60
/** How far apart in days two listings of one kind (sales, lettings) must be to share a picture. */
const TYPE_DAYS = 1
/** The steps of `choose` (days of the branch, and of the kind every sixth) that cover a week. */
const TOWN_REACH = 10

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
   * time, preferring those not yet seen in the town.
   */
  choose(candidates: readonly string[], booking: ExteriorBooking, rng: Random): string {
    const inTown = this.byTown.get(booking.town)
    const notInTown = candidates.filter((file) => !inTown?.has(file))
    const best = (start: readonly string[]) => {
      let alive = start.filter(() => true)
      const day = Math.floor(booking.createdMs / DAY_MS)
      let reach = 0
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
        reach++
      }
      return { alive, reach }
    }
    const local = best(notInTown)
    const any = local.reach === TYPE_DAYS + BRANCH_DAYS + 2 ? local : best(candidates)
    // A picture new to the town wins unless the branch showed it within a week, when one further off is free.
    const chosen = local.alive.length > 0 && local.reach >= Math.min(any.reach, TOWN_REACH) ? local : any
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
