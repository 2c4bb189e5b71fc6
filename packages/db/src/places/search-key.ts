// Royal Mail format: an outward code (area letters, district digit, optional digit or letter) and an
// inward code (sector digit, two unit letters).
const COMPACT_POSTCODE = /^([a-z]{1,2}[0-9][a-z0-9]?) ?([0-9][a-z]{2})$/

/**
 * The key a place is found by, and the form a keyword is compared in: lower case, without accents,
 * apostrophes or full stops, other punctuation as single spaces, 'saint' as 'st', and a full postcode
 * with one space before its inward code. So 'Newcastle-under-Lyme' and 'newcastle under lyme' meet,
 * 'St. Mary’s' is 'st marys', and 'LS14AP' is 'ls1 4ap'.
 */
export function toPlaceSearchKey(text: string): string {
  const key = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bsaint\b/g, 'st')
  const postcode = COMPACT_POSTCODE.exec(key)
  return postcode ? `${postcode[1]} ${postcode[2]}` : key
}
