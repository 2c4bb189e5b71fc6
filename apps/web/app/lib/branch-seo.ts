import { toTownGuess, toTypedAddress, type BranchDetails } from '@agency/domain'

/** schema.org's day names are its own URLs. */
const SCHEMA_DAY = (day: string) => `https://schema.org/${day}`

/**
 * The schema.org `RealEstateAgent` of a branch's page: its name, address, position, phone, e-mail,
 * opening hours and the agency it belongs to, as search engines show a local business.
 */
export function toRealEstateAgentJsonLd(branch: BranchDetails, canonicalUrl: string, agencyName: string): Record<string, unknown> {
  const { lines, postcode } = toTypedAddress(branch.address)
  const town = toTownGuess(lines)
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: branch.name,
    url: canonicalUrl,
    telephone: branch.phone,
    email: branch.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: town ? town.street : lines,
      addressLocality: town?.town,
      postalCode: postcode ?? undefined,
      addressCountry: 'GB',
    },
    geo: { '@type': 'GeoCoordinates', latitude: branch.lat, longitude: branch.lng },
    openingHoursSpecification: branch.openingHours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: SCHEMA_DAY(hours.day),
      opens: hours.opens,
      closes: hours.closes,
    })),
    parentOrganization: { '@type': 'Organization', name: agencyName },
    hasMap: branch.businessLink,
  }
}
