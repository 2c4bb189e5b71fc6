/** The standalone valuation page for vendors and landlords (SPEC §1, §9 valuation types): domain's, as the e-mails tell a valuation request by it. */
export { VALUATION_PATH } from '@agency/domain'
/** The valuation page's parameter naming the branch to book with (`/valuation?branch=3`). */
export const VALUATION_BRANCH_PARAM = 'branch'
