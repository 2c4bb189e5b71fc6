// The messages between the site's thread and the embedded database's thread (pglite-thread.ts).
import { types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'

export type ThreadRequest =
  | { op: 'query'; id: number; tx?: number | undefined; slot?: number | undefined; sql: string; params: unknown[]; rowMode: 'array' | 'object' }
  | { op: 'exec'; id: number; tx?: number | undefined; slot?: number | undefined; sql: string }
  | { op: 'begin'; id: number; slot?: number | undefined }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number }
  | { op: 'ping'; id: number }

/** A request that may take its turn (takesTurn says which do). */
export type TurnRequest = Extract<ThreadRequest, { op: 'query' | 'exec' | 'begin' }>

/**
 * The calls that take the database's one connection in turn: a statement outside a transaction, or a
 * transaction's start (which holds it until the transaction ends). The database's thread queues them
 * and runs one at a time, in the order they came; the statements of an open transaction go straight in.
 */
export function takesTurn(request: ThreadRequest): request is TurnRequest {
  return request.op === 'begin' || ((request.op === 'query' || request.op === 'exec') && request.tx === undefined)
}

/**
 * Where a call that takes its turn stands, in the memory both threads share (an Int32Array, a slot a
 * call): queued, started by the database's thread, or given up by the site's thread past its wait.
 * Each thread moves a slot from QUEUED with a compare-and-exchange, so exactly one of them wins: a call
 * given up is never run, and a call started is never given up.
 */
export const TURN = { FREE: 0, QUEUED: 1, STARTED: 2, GIVEN_UP: 3 } as const

/** The answer to request `id`; id 0 says the thread's database is open (or why it is not). */
export type ThreadReply = { id: number; ok: true; value: Results<unknown> | Results[] | number | null } | { id: number; ok: false; error: ErrorFields }

const identity = (value: unknown) => value

/**
 * The parsers Drizzle passes with every query (dates, times and intervals, alone or in arrays, stay
 * the strings PostgreSQL sends); functions cannot cross threads, so the database's thread holds them.
 */
export const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [type, identity]),
)

/**
 * Makes Drizzle's parsers PGlite's own, once. Passed with each query, PGlite merged them into its whole
 * table of parsers at every call: about a tenth of the embedded database's time on a property page. For
 * after PGlite.create, whose reading of the array types replaced the arrays' parsers among them.
 */
export function holdDrizzleParsers(pg: Pick<PGlite, 'parsers'>): void {
  Object.assign(pg.parsers, DRIZZLE_PARSERS)
}

/** Query options without Drizzle's parsers, which PGlite holds (holdDrizzleParsers); any others as they are. */
export function withoutDrizzleParsers<T extends QueryOptions | undefined>(options: T): T {
  if (!options?.parsers || !isDrizzleQueryOptions(options)) return options
  const { parsers: _parsers, ...rest } = options
  return rest as T
}

/** Whether `options` ask for nothing but a row mode and the parsers the database's thread holds. */
export function isDrizzleQueryOptions(options: QueryOptions | undefined): boolean {
  if (!options) return true
  const { rowMode: _rowMode, parsers, ...rest } = options
  if (Object.keys(rest).length > 0) return false
  return Object.keys(parsers ?? {}).every((type) => type in DRIZZLE_PARSERS)
}

/** An error as plain values: its message and the fields of PostgreSQL's error report (code, detail, constraint…). */
export interface ErrorFields {
  name: string
  message: string
  [field: string]: string | number | undefined
}

/** The fields of PostgreSQL's error report that PGlite's DatabaseError carries. */
const FIELDS = ['severity', 'code', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine']

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const fields: ErrorFields = { name: error.name, message: error.message }
  const record = error as unknown as Record<string, unknown>
  for (const field of FIELDS) {
    const value = record[field]
    if (typeof value === 'string' || typeof value === 'number') fields[field] = value
  }
  return fields
}

/** The error the site's thread throws for an error of the database's thread, with the same fields. */
export function errorOf(fields: ErrorFields): Error {
  const { name, message, ...rest } = fields
  const error = Object.assign(new Error(message), rest)
  error.name = name
  return error
}
