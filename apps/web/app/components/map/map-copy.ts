/**
 * Texts of the maps, loaded with the map's code (lazy-map.tsx) rather than with every page.
 */
export const MAP_COPY = {
  MAP_FAILED: 'The map could not be loaded. The list shows the same properties.',
  MAP_ZOOM_IN: 'Zoom in',
  MAP_ZOOM_OUT: 'Zoom out',
  MAP_CLUSTER: (count: number) => `${count} properties here: zoom in`,
  MAP_PROPERTIES_LABEL: 'Map of the properties in this search',
  MAP_SEARCH_AREA: 'Search this area',
  MAP_KEYBOARD_HINT: 'With the map focused, arrow keys move it and + and − zoom; the list shows the same properties.',
  MAP_MORE_MARKERS: (shown: number, total: number, capped = false) =>
    `The map shows the newest ${shown.toLocaleString('en-GB')} of ${capped ? 'over ' : ''}${total.toLocaleString('en-GB')} properties. Zoom in or narrow the search to see them all.`,
  MAP_CARD_CLOSE: 'Close this card',
  MAP_VIEW_PROPERTY: 'View This Property',
  MAP_BEDROOMS: (count: number) => (count === 0 ? 'Studio' : `${count} bedroom${count === 1 ? '' : 's'}`),
  BRANCHES_MAP_LABEL: 'Map of our branches',
  BRANCH_CALL: (phone: string) => `Call ${phone}`,
  BRANCHES_GROUP: (names: readonly string[]) => `${names.join(', ')}: ${names.length} branches here, zoom in`,
} as const
