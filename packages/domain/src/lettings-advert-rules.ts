/** The rules a letting's advert is refused under (lettings-advert.ts); apart, so the feed report's schema (blm.ts) can name them. */
export const LETTINGS_ADVERT_RULES = ['rent_poa', 'rent_range', 'rent_qualifier', 'bidding_wording', 'deterring_wording'] as const
/** One rule. */
export type LettingsAdvertRule = (typeof LETTINGS_ADVERT_RULES)[number]
