import { bigint, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * The media store in the database (media-store/postgres.ts), used when the site runs on PostgreSQL:
 * one row an original (a picture, a plan, an EPC, a brochure, a company document) under its key.
 */
export const mediaObjects = pgTable('media_objects', {
  key: text('key').primaryKey(),
  content_type: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** The SHA-256 of the bytes (hex): the object's version, and how `media:move` knows a copy is whole. */
  sha256: text('sha256').notNull(),
  /** How many rows of media_parts hold the bytes. */
  parts: integer('parts').notNull(),
  stored_at: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
})

/** An original's bytes, in parts of at most 1 MiB, in order. */
export const mediaParts = pgTable(
  'media_parts',
  {
    key: text('key')
      .notNull()
      .references(() => mediaObjects.key, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.part] })],
)
