/** The id schema of API paths and queries (ids.ts says which forms an id may take). */
import { z } from 'zod'
import { CANONICAL_ID, ID_MAX, ID_MESSAGE } from './ids.ts'

/**
 * An id in an API path or query, as a number: its canonical decimal form only. `0x1`, `1e2`, `+1`,
 * ` 1`, `1.0` and `001` are refused rather than read as record 1 or 100. The OpenAPI document shows
 * its pattern and length.
 */
export const IdSchema = z
  .string()
  .regex(CANONICAL_ID, ID_MESSAGE)
  .max(String(ID_MAX).length, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(ID_MAX, ID_MESSAGE))
