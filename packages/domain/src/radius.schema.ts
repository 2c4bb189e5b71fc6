/** The radius schema of a location search (radius.ts lists SPEC §9's options). */
import { z } from 'zod'
import { MESSAGES } from './messages.ts'
import { isRadiusOption, type RadiusMiles } from './radius.ts'

/** A radius that is one of SPEC §9's options. */
export const RadiusSchema = z
  .number()
  .refine((n): n is RadiusMiles => isRadiusOption(n), { error: () => MESSAGES.RADIUS_INVALID })
