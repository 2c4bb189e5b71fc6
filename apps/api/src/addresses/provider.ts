import type { AddressSearchResult } from '@agency/domain'
import { places, properties, queryRows, toPlaceSearchKey, type Db } from '@agency/db'
import { sql } from 'drizzle-orm'

/** How many suggestions a search offers. */
export const ADDRESS_SUGGESTION_LIMIT = 8

/**
 * Address suggestions for the alert and lead forms (GET /addresses), wherever they come from: the
 * offline provider over the database by default, or a UK address service plugged in by
 * configuration (one more `create…AddressProvider` in `createAddressProvider`).
 */
export interface AddressProvider {
  /** Addresses matching a keyword, best first; none for a blank keyword. */
  search(keyword: string, limit?: number): Promise<AddressSearchResult[]>
}

interface AddressRow extends Record<string, unknown> {
  suggestion_id: string
  display_name: string
  address_line_1: string | null
  town: string | null
  postcode: string | null
  lat: number | null
  lng: number | null
}

/**
 * The offline provider: the street addresses of the agency's own visible properties (never a locked
 * or withdrawn one: their address is not public), then the postcodes and towns of the gazetteer.
 * Each keyword word must appear in the address; postcodes and towns match by prefix.
 */
export function createDatabaseAddressProvider(db: Db): AddressProvider {
  return {
    async search(keyword, limit = ADDRESS_SUGGESTION_LIMIT) {
      const key = toPlaceSearchKey(keyword)
      if (key === '') return []
      const words = key.split(' ').filter(Boolean).slice(0, 8)
      const addressKey = sql`lower(regexp_replace(${properties.address_line_1} || ' ' || ${properties.town} || ' ' || ${properties.postcode}, '[^A-Za-z0-9]+', ' ', 'g'))`
      const everyWord = sql.join(
        words.map((w) => sql`${addressKey} like ${`%${w.replace(/[%_\\]/g, '')}%`}`),
        sql` and `,
      )
      const rows = await queryRows<AddressRow>(
        db,
        sql`(select 'property:' || ${properties.property_profile_id} as suggestion_id,
                    ${properties.address_line_1} || ', ' || ${properties.town} || ' ' || ${properties.postcode} as display_name,
                    ${properties.address_line_1} as address_line_1, ${properties.town} as town, ${properties.postcode} as postcode,
                    ${properties.lat} as lat, ${properties.lng} as lng, 0 as rank
             from ${properties}
             where not ${properties.is_locked} and ${properties.availability} <> 'withdrawn' and ${everyWord}
             order by ${properties.address_line_1}, ${properties.property_profile_id}
             limit ${limit})
            union all
            (select ${places.place_id}, ${places.location}, null, null,
                    case when ${places.location_type} = 'postcode' then ${places.name} end,
                    ${places.lat}, ${places.lng}, 1
             from ${places}
             where ${places.location_type} in ('postcode', 'postcode_district', 'city', 'town', 'village')
               and ${places.search_key} like ${`${key.replace(/[%_\\]/g, '')}%`}
             order by ${places.population} desc nulls last, ${places.name}
             limit ${limit})
            order by rank
            limit ${limit}`,
      )
      return rows.map((r) => ({
        suggestion_id: r.suggestion_id,
        display_name: r.display_name,
        address_line_1: r.address_line_1,
        town: r.town,
        postcode: r.postcode,
        lat: r.lat === null ? null : Number(r.lat),
        lng: r.lng === null ? null : Number(r.lng),
      }))
    },
  }
}
