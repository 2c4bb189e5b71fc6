/**
 * The shortlist's rules that the browser needs, free of any schema so that a page's first load stays
 * small: its limits, its words and the merge of saves.
 */
/** The most properties one shortlist keeps, in the browser and in the database alike. */
export const SAVED_PROPERTIES_MAX = 200

/** The highest price a saved price may carry (£1bn): far above any listing, within a 4-byte integer. */
export const SAVED_PRICE_MAX = 1_000_000_000

/** The words of the heart on every card (kept apart from the saved page's, which cards do not need). */
export const SAVED_COPY = {
  TITLE: 'Saved properties',
  SAVE: 'Save property',
  TOO_MANY: `You can save up to ${SAVED_PROPERTIES_MAX} properties. Remove one to save another.`,
} as const

/** The words of the Saved properties page. */
export const SAVED_PAGE_COPY = {
  EMPTY: 'You have not saved any properties yet. Press the heart on a property to keep it here.',
  NO_LONGER_ON_MARKET: 'No longer on the market',
  KEPT_IN_BROWSER: 'These properties are kept in this browser. Log in to keep them on any device.',
  /** Beside EMPTY without JavaScript: the list kept with it cannot be read without it. */
  NEEDS_JAVASCRIPT: 'Properties saved while JavaScript was on are kept in this browser: turn on JavaScript, or log in, to see them.',
  LOADING: 'Loading your saved properties…',
  LOAD_FAILED: 'Your saved properties could not be loaded. Please try again.',
  DESCRIPTION: 'The properties you have saved, with their price and status today.',
  /** Hearts pressed before logging in, in a browser without JavaScript, not yet on the list. */
  WAITING: (count: number) =>
    count === 1 ? 'You saved 1 property on this browser before logging in.' : `You saved ${count} properties on this browser before logging in.`,
  ADD_WAITING: 'Add them to my list',
} as const

/** A save kept in the browser before login: the property, the price seen (null when hidden), and when. */
export interface BrowserSave {
  id: number
  saved_price: number | null
  saved_at: string
}

/**
 * Merges saves into a shortlist: each property once (the earlier save wins, it carries the price first
 * seen), newest first, at most SAVED_PROPERTIES_MAX.
 */
export function mergeSaves(...lists: readonly (readonly BrowserSave[])[]): BrowserSave[] {
  const byId = new Map<number, BrowserSave>()
  for (const save of lists.flat()) {
    const known = byId.get(save.id)
    if (!known || save.saved_at < known.saved_at) byId.set(save.id, save)
  }
  return [...byId.values()].sort((a, b) => (a.saved_at < b.saved_at ? 1 : a.saved_at > b.saved_at ? -1 : 0)).slice(0, SAVED_PROPERTIES_MAX)
}

/** Whether a value read back from the browser's storage is a save (it may have been edited by hand). */
export function isBrowserSave(value: unknown): value is BrowserSave {
  if (typeof value !== 'object' || value === null) return false
  const save = value as Record<string, unknown>
  const price = save.saved_price
  return (
    Number.isInteger(save.id) &&
    (save.id as number) > 0 &&
    (save.id as number) <= 2_147_483_647 &&
    (price === null || (Number.isInteger(price) && (price as number) >= 0 && (price as number) <= SAVED_PRICE_MAX)) &&
    typeof save.saved_at === 'string' &&
    save.saved_at.length <= 40
  )
}
