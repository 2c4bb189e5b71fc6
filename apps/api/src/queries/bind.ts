import { sql, type Placeholder } from 'drizzle-orm'

/**
 * Where a search's values go: into its statement as they are (`inline`), or as named placeholders
 * (`placeholders`), for a statement built once for every search of its shape and run with each
 * search's values (properties.ts `searchShapeOf`, `searchValuesOf`).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder<string, T>

export const inline: Bind = (_name, value) => value

export const placeholders: Bind = <T>(name: string) => sql.placeholder(name) as Placeholder<string, T>
