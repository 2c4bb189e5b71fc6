import type { Db } from '@agency/db'
import { z } from 'zod'
import { createIdealPostcodesAddressProvider, type AddressFetch, type AddressLogger } from './ideal-postcodes-provider.ts'
import { createDatabaseAddressProvider, type AddressProvider } from './provider.ts'

/**
 * `ADDRESS_PROVIDER`: `database` (the default, offline) or `ideal-postcodes` (Royal Mail addresses,
 * which needs `IDEAL_POSTCODES_API_KEY`).
 */
export const AddressEnvSchema = z
  .object({
    ADDRESS_PROVIDER: z.enum(['database', 'ideal-postcodes']).default('database'),
    IDEAL_POSTCODES_API_KEY: z.string().min(1).optional(),
  })
  .refine((env) => env.ADDRESS_PROVIDER !== 'ideal-postcodes' || env.IDEAL_POSTCODES_API_KEY !== undefined, {
    message: 'IDEAL_POSTCODES_API_KEY is required when ADDRESS_PROVIDER is ideal-postcodes',
    path: ['IDEAL_POSTCODES_API_KEY'],
  })

/** What the providers may need. */
export interface AddressDependencies {
  db: Db
  log: AddressLogger
  fetch?: AddressFetch
}

/** The provider the configuration asks for; throws a readable error for a bad one. */
export function createAddressProvider(env: Record<string, string | undefined>, dependencies: AddressDependencies): AddressProvider {
  const parsed = AddressEnvSchema.safeParse({
    // An empty or blank variable (as `.env` files leave them) counts as unset.
    ADDRESS_PROVIDER: env.ADDRESS_PROVIDER?.trim() || undefined,
    IDEAL_POSTCODES_API_KEY: env.IDEAL_POSTCODES_API_KEY?.trim() || undefined,
  })
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid address provider configuration:\n${lines.join('\n')}`)
  }
  const { ADDRESS_PROVIDER, IDEAL_POSTCODES_API_KEY } = parsed.data
  if (ADDRESS_PROVIDER === 'ideal-postcodes' && IDEAL_POSTCODES_API_KEY) {
    return createIdealPostcodesAddressProvider({ apiKey: IDEAL_POSTCODES_API_KEY, log: dependencies.log, ...(dependencies.fetch ? { fetch: dependencies.fetch } : {}) })
  }
  return createDatabaseAddressProvider(dependencies.db)
}
