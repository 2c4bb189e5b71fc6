import { toPostcodeDistrict, toTownGuess, toTypedAddress, withoutTown, type AddressSearchResult } from '@agency/domain'
import { places, queryRows, toPlaceSearchKey, type Db } from '@agency/db'
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

interface PlaceRow extends Record<string, unknown> {
  place_id: string
  location_type: string
  name: string
  location: string
  lat: number | null
  lng: number | null
}

/** A suggestion of the offline provider: what the visitor typed, put in order, with what the gazetteer knows. */
function toSuggestion(parts: { line: string; town: string | null; postcode: string | null; lat: number | null; lng: number | null }): AddressSearchResult {
  const place = [parts.town, parts.postcode].filter(Boolean).join(' ')
  const display = [parts.line, place].filter(Boolean).join(', ')
  return {
    suggestion_id: `typed:${display}`,
    display_name: display,
    address_line_1: parts.line === '' ? null : parts.line,
    town: parts.town,
    postcode: parts.postcode,
    lat: parts.lat === null ? null : Number(parts.lat),
    lng: parts.lng === null ? null : Number(parts.lng),
  }
}

/** The town of a postcode district's place: its location reads 'LS1, Leeds'. */
function townOfDistrict(row: PlaceRow | undefined): string | null {
  const town = row?.location.split(', ')[1]
  return town === undefined || town === '' ? null : town
}

/**
 * The offline provider. It never offers a person's address: the agency's properties show only their
 * street and town to visitors, and their house numbers are no one else's business. A suggestion is
 * built from what the visitor typed and the gazetteer: a typed address ending with a full postcode
 * ('12 Park Row LS1 5HD') comes back tidied, with the town of its district when the gazetteer knows
 * it ('12 Park Row, Leeds LS1 5HD'); one ending with a town after a comma ('3 Mill Lane, otley') with
 * the towns that name begins; and the postcodes, districts and towns of the gazetteer by prefix, as
 * the location search finds them. Without a postcode of its own a visitor's address is what they typed.
 */
export function createDatabaseAddressProvider(db: Db): AddressProvider {
  return {
    async search(keyword, limit = ADDRESS_SUGGESTION_LIMIT) {
      const key = toPlaceSearchKey(keyword)
      if (key === '') return []
      const typed = toTypedAddress(keyword)
      const built: AddressSearchResult[] = []
      if (typed.postcode) {
        const district = toPostcodeDistrict(typed.postcode)
        const known = await queryRows<PlaceRow>(
          db,
          sql`select ${places.place_id} as place_id, ${places.location_type} as location_type, ${places.name} as name, ${places.location} as location,
                     ${places.lat} as lat, ${places.lng} as lng
              from ${places}
              where ${places.place_id} in (${`gb:postcode:${district}`}, ${`gb:postcode:${typed.postcode}`})`,
        )
        const districtRow = known.find((r) => r.location_type === 'postcode_district')
        const exact = known.find((r) => r.location_type === 'postcode') ?? districtRow
        const town = townOfDistrict(districtRow)
        built.push(toSuggestion({ line: town ? withoutTown(typed.lines, town) : typed.lines, town, postcode: typed.postcode, lat: exact?.lat ?? null, lng: exact?.lng ?? null }))
      } else {
        const guess = toTownGuess(typed.lines)
        const townKey = guess ? toPlaceSearchKey(guess.town) : ''
        if (guess && townKey !== '') {
          const towns = await queryRows<PlaceRow>(
            db,
            sql`select ${places.place_id} as place_id, ${places.location_type} as location_type, ${places.name} as name, ${places.location} as location,
                       ${places.lat} as lat, ${places.lng} as lng
                from ${places}
                where ${places.location_type} in ('city', 'town', 'village') and ${places.search_key} like ${`${townKey.replace(/[%_\\]/g, '')}%`}
                order by ${places.search_key} = ${townKey} desc, ${places.population} desc nulls last, ${places.name}
                limit 3`,
          )
          for (const town of towns) built.push(toSuggestion({ line: guess.street, town: town.name, postcode: null, lat: town.lat, lng: town.lng }))
        }
      }
      const found = await queryRows<PlaceRow>(
        db,
        sql`select ${places.place_id} as place_id, ${places.location_type} as location_type, ${places.name} as name, ${places.location} as location,
                   ${places.lat} as lat, ${places.lng} as lng
            from ${places}
            where ${places.location_type} in ('postcode', 'postcode_district', 'city', 'town', 'village')
              and ${places.search_key} like ${`${key.replace(/[%_\\]/g, '')}%`}
            order by ${places.population} desc nulls last, ${places.name}
            limit ${limit}`,
      )
      const gazetteer = found.map((r) => ({
        suggestion_id: r.place_id,
        display_name: r.location,
        address_line_1: null,
        town: null,
        postcode: r.location_type === 'postcode' ? r.name : null,
        lat: r.lat === null ? null : Number(r.lat),
        lng: r.lng === null ? null : Number(r.lng),
      }))
      const seen = new Set(built.map((b) => b.display_name))
      return [...built, ...gazetteer.filter((g) => !seen.has(g.display_name))].slice(0, limit)
    },
  }
}
