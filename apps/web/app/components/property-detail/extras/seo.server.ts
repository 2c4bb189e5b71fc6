import {
  AVAILABILITY_TITLES,
  AVAILABILITY_VALUES,
  TRANSACTION_TYPE,
  type Availability,
  type PropertyDetail,
} from '@agency/domain'
import type { MetaDescriptor } from 'react-router'

/**
 * schema.org availability of an offer: on the market is InStock; under offer still takes offers
 * (LimitedAvailability); sold or let subject to contract is SoldOut.
 */
const SCHEMA_AVAILABILITY: Record<Availability, string> = {
  available: 'https://schema.org/InStock',
  under_offer: 'https://schema.org/LimitedAvailability',
  sstc: 'https://schema.org/SoldOut',
  let_agreed: 'https://schema.org/SoldOut',
}

const toAvailability = (title: string | null): Availability =>
  AVAILABILITY_VALUES.find((value) => AVAILABILITY_TITLES[value] === title) ?? 'available'

/**
 * The schema.org `RealEstateListing` of a property page, with its `Offer` (price in GBP, availability;
 * a monthly unit price for lettings), and the `Place` with its `PostalAddress` and `GeoCoordinates`.
 * A locked property as the caller sees it keeps only what its locked card shows: the heading, the
 * town and the blurred picture; no price, offer or position.
 */
export function toListingJsonLd(property: PropertyDetail, canonicalUrl: string): Record<string, unknown> {
  const lettings = property.transaction_type_id === TRANSACTION_TYPE.LETTINGS
  const listing: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: property.advert_heading,
    url: canonicalUrl,
    datePosted: property.created_at,
    image: property.image ? [property.image] : [],
  }
  if (property.is_locked) {
    return { ...listing, contentLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: property.display_address, addressCountry: 'GB' } } }
  }
  const [street, ...rest] = property.display_address.split(', ')
  const pictures = property.medias.filter((media) => !media.isIframePlayable && !media.isVirtualTour).map((media) => media.background)
  return {
    ...listing,
    description: property.summary ?? undefined,
    image: pictures.length ? pictures : listing.image,
    dateModified: property.updated_at,
    ...(property.price && {
      offers: {
        '@type': 'Offer',
        price: property.price.numberPrice,
        priceCurrency: 'GBP',
        availability: SCHEMA_AVAILABILITY[toAvailability(property.custom_property_status_title)],
        businessFunction: lettings ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
        ...(lettings && {
          priceSpecification: { '@type': 'UnitPriceSpecification', price: property.price.numberPrice, priceCurrency: 'GBP', unitCode: 'MON' },
        }),
      },
    }),
    contentLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: rest.length ? street : undefined,
        addressLocality: rest.length ? rest.join(', ') : street,
        postalCode: property.postcode ?? undefined,
        addressCountry: 'GB',
      },
      geo: { '@type': 'GeoCoordinates', latitude: property.lat, longitude: property.lng },
    },
  }
}

/** Open Graph and Twitter card tags and the JSON-LD of a property page. */
export function toPropertySeoMeta(property: PropertyDetail, canonicalUrl: string, title: string, description: string): MetaDescriptor[] {
  const image = property.is_locked ? property.image : (property.medias.find((m) => !m.isIframePlayable && !m.isVirtualTour)?.background ?? property.image)
  return [
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'en_GB' },
    { property: 'og:url', content: canonicalUrl },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(image ? [{ property: 'og:image', content: image }, { property: 'og:image:alt', content: title }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
    { 'script:ld+json': toListingJsonLd(property, canonicalUrl) },
  ]
}
