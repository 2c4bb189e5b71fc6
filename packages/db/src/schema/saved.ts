import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
import { properties } from './catalogue.ts'
import { contacts } from './contacts.ts'


/**
 * A logged-in contact's saved properties (their shortlist). `saved_price` is the price the contact saw
 * when they saved it (null when it was hidden from them), so the saved list can tell a change of price.
 */
export const savedProperties = pgTable(
  'saved_properties',
  {
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.contact_id, { onDelete: 'cascade' }),
    property_profile_id: integer('property_profile_id')
      .notNull()
      .references(() => properties.property_profile_id, { onDelete: 'cascade' }),
    saved_price: integer('saved_price'),
    saved_at: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contact_id, t.property_profile_id] }),
    index('saved_properties_contact_idx').on(t.contact_id, t.saved_at.desc()),
    // A property's removal (cascade) finds its rows.
    index('saved_properties_property_idx').on(t.property_profile_id),
  ],
)
