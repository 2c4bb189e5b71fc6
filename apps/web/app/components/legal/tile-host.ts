/** The host a map tile URL template fetches from ('tile.openstreetmap.org'), for the privacy and cookie pages. */
export function toTileHost(template: string): string | null {
  try {
    return new URL(template.replace(/\{[a-z]\}/g, '0').replace(/^\/\//, 'https://')).hostname || null
  } catch {
    return null
  }
}
