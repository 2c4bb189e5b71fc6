import { cube } from '@electric-sql/pglite/contrib/cube'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** PGlite's extensions, in the order that works (see STACK.md: pg_trgm before cube breaks `%`). */
export const PGLITE_EXTENSIONS = { cube, earthdistance, fuzzystrmatch, pg_trgm }
