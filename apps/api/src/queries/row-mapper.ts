import { Column, SQL, Subquery, is, type DriverValueDecoder } from 'drizzle-orm'

/**
 * What Drizzle keeps of a prepared select (drizzle-orm 0.45, its node-postgres and PGlite sessions):
 * the selected fields in the order of the row's columns, and a mapper that, when set, turns the rows
 * into objects instead of its own `mapResultRow`.
 */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[]
  customResultMapper?: (rows: unknown[][]) => unknown
}

type Decoder = DriverValueDecoder<unknown, unknown>

/** An SQL expression's decoder (its `mapWith`), which Drizzle's types keep internal. */
const decoderOfSql = (expression: SQL): Decoder => (expression as unknown as { decoder: Decoder }).decoder

/** The decoder Drizzle's `mapResultRow` takes for a field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field
  if (is(field, SQL)) return decoderOfSql(field)
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql)
  return decoderOfSql((field as SQL.Aliased).sql)
}

/**
 * Makes a prepared select map its rows as Drizzle's own `mapResultRow` does, with the decoder of each
 * column found once instead of for every value: Drizzle asks of each value several times what its
 * field is (`is`, a walk of prototypes), half a millisecond of the server's thread for a page of 24
 * cards. Only for a select whose fields are flat (no nested object, so nothing a left join nulls);
 * any other is left as it is. `row-mapper.test.ts` holds the rows to Drizzle's own.
 */
export function withFlatRows<T>(prepared: T): T {
  const select = prepared as PreparedSelect
  const fields = select.fields
  if (!fields || select.customResultMapper || fields.some(({ path }) => path.length !== 1)) return prepared
  const keys = fields.map(({ path }) => path[0] ?? '')
  const decoders = fields.map(({ field }) => decoderOf(field))
  select.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {}
      for (let i = 0; i < keys.length; i++) {
        const value = row[i]
        out[keys[i] as string] = value === null ? null : (decoders[i] as Decoder).mapFromDriverValue(value)
      }
      return out
    })
  return prepared
}

/**
 * A select prepared unnamed, its rows mapped by `withFlatRows`. Unnamed: on PostgreSQL each connection
 * prepares a text it runs under a name of its own (@agency/db named-statements.ts), and the embedded
 * database likewise (pglite-named-statements.ts).
 */
export function prepareWithFlatRows<Prepared>(select: { prepare(name: string): Prepared }): Prepared {
  return withFlatRows(select.prepare(undefined as unknown as string))
}

/** Each select of a record prepared unnamed with flat rows (`prepareWithFlatRows`), under its name. */
export function prepareAllWithFlatRows<Selects extends Record<string, { prepare(name: string): unknown }>>(
  selects: Selects,
): { [Name in keyof Selects]: ReturnType<Selects[Name]['prepare']> } {
  return Object.fromEntries(Object.entries(selects).map(([name, select]) => [name, prepareWithFlatRows(select)])) as {
    [Name in keyof Selects]: ReturnType<Selects[Name]['prepare']>
  }
}
