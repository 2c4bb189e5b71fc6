/** The standalone valuation page for vendors and landlords (SPEC §1, §9 valuation types): domain's, as the e-mails tell a valuation request by it. */
export { VALUATION_PATH } from '@agency/domain'
/** The valuation page's parameter naming the branch to book with (`/valuation?branch=3`). */
export const VALUATION_BRANCH_PARAM = 'branch'
/**
 * The id of the lead form's section on its page (the property page's 'Book a viewing' links go to it),
 * and the anchor its post goes to: without JavaScript the answering page opens at the form.
 */
export const LEAD_FORM_ANCHOR = 'enquiry'
