/**
 * SPEC §9 radius options of a location search, in miles.
 */
import type { Option } from './constants.ts'
import { toDistanceLabel } from './format.ts'
import { LABELS } from './messages.ts'

/** SPEC §9 radius options in miles. 0 searches the place's own area only. */
export const RADIUS_OPTIONS_MILES = [0, 0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40] as const
/** One radius option. */
export type RadiusMiles = (typeof RADIUS_OPTIONS_MILES)[number]
/** SPEC §9: the radius defaults to 0.25 mile. */
export const RADIUS_DEFAULT_MILES: RadiusMiles = 0.25

/** Whether a number is one of SPEC §9's radius options. */
export function isRadiusOption(miles: number): miles is RadiusMiles {
  return (RADIUS_OPTIONS_MILES as readonly number[]).includes(miles)
}

/**
 * The label of a radius option: 0 is 'This area only' (the place itself, no added distance); the others
 * are distances, singular up to 1 mile and plural above (SPEC §9): '0.25 mile', '1 mile', '3 miles'.
 */
export function toRadiusLabel(miles: number): string {
  return miles === 0 ? LABELS.THIS_AREA_ONLY : toDistanceLabel(miles)
}

/** The radius dropdown options, in SPEC §9's order. */
export const RADIUS_OPTIONS: readonly Option<RadiusMiles>[] = RADIUS_OPTIONS_MILES.map((value) => ({
  value,
  label: toRadiusLabel(value),
}))

/** The radius option that covers a radius of any miles: the smallest at least as wide, or the widest. */
export function toCoveringRadius(miles: number): RadiusMiles {
  return RADIUS_OPTIONS_MILES.find((option) => option >= miles) ?? RADIUS_OPTIONS_MILES[RADIUS_OPTIONS_MILES.length - 1]!
}
