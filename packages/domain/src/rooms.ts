/**
 * SPEC §9 room preferences: bedrooms (Studio = 0, then 1 to 6), bathrooms and receptions (1 to 5), each
 * with 'No Min' / 'No Max' (null) fallbacks.
 */
import type { Option } from './constants.ts'
import type { RoomKind } from './format.ts'
import { LABELS } from './messages.ts'

/** SPEC §9 bedroom values: Studio (0) and 1 to 6. */
export const BEDROOM_VALUES = [0, 1, 2, 3, 4, 5, 6] as const
/** Bathroom preference values. SPEC §9 gives no range; 1 to 5 covers UK homes. */
export const BATHROOM_VALUES = [1, 2, 3, 4, 5] as const
/** Reception preference values. SPEC §9 gives no range; 1 to 5 covers UK homes. */
export const RECEPTION_VALUES = [1, 2, 3, 4, 5] as const

/** The values of each room kind. */
export const ROOM_VALUES: Record<RoomKind, readonly number[]> = {
  bedroom: BEDROOM_VALUES,
  bathroom: BATHROOM_VALUES,
  reception: RECEPTION_VALUES,
}

/** A room count as an option shows it: bedroom 0 is 'Studio' (SPEC §9), the rest are numbers. */
export function toRoomValueLabel(kind: RoomKind, value: number): string {
  return kind === 'bedroom' && value === 0 ? LABELS.STUDIO : String(value)
}

/**
 * The options of a min or max room dropdown: first 'No Min' / 'No Max' (null, SPEC §3: null means no
 * min or no max), then each value.
 */
export function getRoomOptions(kind: RoomKind, bound: 'min' | 'max'): Option<number | null>[] {
  return [
    { value: null, label: bound === 'min' ? LABELS.NO_MIN : LABELS.NO_MAX },
    ...ROOM_VALUES[kind].map((value) => ({ value, label: toRoomValueLabel(kind, value) })),
  ]
}
