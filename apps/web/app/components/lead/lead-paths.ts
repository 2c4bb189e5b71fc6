/** The standalone valuation page for vendors and landlords (SPEC §1, §9 valuation types). */
export const VALUATION_PATH = '/valuation'
