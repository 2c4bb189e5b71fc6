import { communicationInfos, contactAddresses, type Db } from '@agency/db'
import { asc, eq } from 'drizzle-orm'

/** A contact's e-mail addresses and phone numbers (SPEC §3 communication_infos), in the order added. */
export function communicationInfosOf(db: Db, contactId: number) {
  return db
    .select({ value: communicationInfos.value, preferred: communicationInfos.preferred, communication_method_id: communicationInfos.communication_method_id })
    .from(communicationInfos)
    .where(eq(communicationInfos.contact_id, contactId))
    .orderBy(asc(communicationInfos.communication_info_id))
}

/** A contact's addresses (SPEC §3 contact_addresses), in the contact's order. */
export function contactAddressesOf(db: Db, contactId: number) {
  return db
    .select({
      contact_address_id: contactAddresses.contact_address_id,
      display_name: contactAddresses.display_name,
      address_line_1: contactAddresses.address_line_1,
      address_line_2: contactAddresses.address_line_2,
      town: contactAddresses.town,
      county: contactAddresses.county,
      postcode: contactAddresses.postcode,
      lat: contactAddresses.lat,
      lng: contactAddresses.lng,
    })
    .from(contactAddresses)
    .where(eq(contactAddresses.contact_id, contactId))
    .orderBy(asc(contactAddresses.position), asc(contactAddresses.contact_address_id))
}
