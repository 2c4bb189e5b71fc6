/** The standalone valuation page for vendors and landlords (SPEC §1, §9 valuation types). */
export const VALUATION_PATH = '/valuation'
/** The valuation page's parameter naming the branch to book with (`/valuation?branch=3`). */
export const VALUATION_BRANCH_PARAM = 'branch'
