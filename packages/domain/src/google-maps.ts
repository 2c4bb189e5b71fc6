/** Links to Google Maps (SPEC §2 'View on Google Map'), apart from any schema so that pages can use them without zod. */

/** A Google Maps search URL for a branch or a property: its address, placed at its position (SPEC §2 'View on Google Map'). */
export function toGoogleMapsUrl(branch: { address: string; lat: number; lng: number }): string {
  return `https://www.google.com/maps/search/${encodeURIComponent(branch.address)}/@${branch.lat},${branch.lng},17z`
}
