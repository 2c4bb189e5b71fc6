/**
 * SPEC §8 error catalogue: turning API errors into the one warning a page shows.
 */
import type { ApiError } from './catalogue.schema.ts'
import { MESSAGES } from './messages.ts'

/** SPEC §8: API messages shown in other words. */
export const LEAD_ERROR_REPLACEMENTS: Readonly<Record<string, string>> = {
  [MESSAGES.VIEWING_LEAD_DATE_AFTER_NOW]: MESSAGES.VIEWING_TIME_IN_PAST,
}

/** The first message of the first field in `errors`, or the error's own message when it has none. */
export function toFirstErrorMessage(apiError: ApiError): string {
  for (const messages of Object.values(apiError.errors ?? {})) {
    const first = messages[0]
    if (first !== undefined) return first
  }
  return apiError.message
}

/**
 * SPEC §8 lead API errors: the first message of the first field in `errors`, with 'The viewing lead
 * date must be a date after now.' shown as 'Please choose ideal viewing time in the future.'.
 */
export function toLeadErrorMessage(apiError: ApiError): string {
  const message = toFirstErrorMessage(apiError)
  return LEAD_ERROR_REPLACEMENTS[message] ?? message
}

/** SPEC §8: the message of a location search with no results. */
export const NO_SEARCH_RESULTS_MESSAGE = MESSAGES.ADDRESS_NOT_FOUND
/** SPEC §4/§8: the alert shown when an applicant key is in the route but no applicant loaded. */
export const APPLICANT_NOT_FOUND_MESSAGE = MESSAGES.APPLICANT_NOT_FOUND
