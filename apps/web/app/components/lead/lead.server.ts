import { LEAD_CONFIRM_VALUE, defaultViewingTime, findTypedSuggestion, joinParseFailures, parseLeadEnquiry, toLeadEnquiryPayload, toLeadErrorMessage } from '@agency/domain'
import type { ParseFailure } from '@agency/domain'
import type { LeadEnquiryContext } from '@agency/domain'
import { data } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { LEAD_FIELD, readLeadFormValues, toLeadFormInput, withPrefill } from '#app/components/lead/lead-form-values.ts'
import type { LeadFormValues } from '#app/components/lead/lead-form-values.ts'
import type { AddressChoice, LeadActionResult, LeadFormData } from '#app/components/lead/lead-form.tsx'
import { QUESTION_COPY } from '#app/components/account/captcha-question.ts'
import { toLeadPrefill } from '#app/components/lead/lead-prefill.ts'
import { getCaptchaConfig } from '#app/lib/captcha-config.server.ts'
import { isCaptchaRefused, issueCaptchaQuestion, readFormCaptchaToken } from '#app/lib/captcha-question.server.ts'
import { getCurrentContact, toSetCookieHeaders } from '#app/lib/session.server.ts'

/** How many suggestions a page without JavaScript offers for a typed address. */
const ADDRESS_CHOICES_MAX = 8
const IDEMPOTENCY_KEY_SHAPE = /^[A-Za-z0-9-]{8,100}$/

/**
 * What the lead form needs from the server: the captcha (the login form's), the logged-in contact's
 * known fields (SPEC §4) and active applicant, and the default viewing time (SPEC §5: about one hour
 * ahead, in the agency's time).
 */
export async function getLeadFormData(request: Request, context: AppLoadContext, now = new Date()): Promise<LeadFormData> {
  const [captcha, contact] = await Promise.all([
    getCaptchaConfig(context),
    getCurrentContact(request, context),
  ])
  return {
    captcha,
    prefill: contact ? toLeadPrefill(contact) : {},
    contactApplicantId: contact?.active_contact_applicant_id ?? null,
    defaultViewing: defaultViewingTime(now),
  }
}

/**
 * Without JavaScript an address is typed, not chosen: a line that is exactly one of the suggestions
 * (case and spaces aside) counts as chosen; otherwise the page offers the suggestions to choose from.
 */
async function resolveTypedAddress(context: AppLoadContext, typed: string): Promise<{ chosen: AddressChoice | null; choices: AddressChoice[] }> {
  const keyword = typed.trim().slice(0, 256)
  if (keyword.length < 3) return { chosen: null, choices: [] }
  const found = (await context.services.searchAddresses(keyword).catch(() => null)) ?? []
  const choices = found.slice(0, ADDRESS_CHOICES_MAX).map((s) => ({ suggestion_id: s.suggestion_id, display_name: s.display_name }))
  const chosen = findTypedSuggestion(choices, keyword)
  return { chosen, choices: chosen ? [] : choices }
}

/**
 * The lead form's action (a property page's or the valuation page's). The form posts the same fields
 * with or without JavaScript; the page checks them in SPEC §5's order, sends SPEC §3's payload to the
 * API with the captcha token, and answers the first message (SPEC §8's wording for API errors) or
 * success, with the cookie the API sets.
 *
 * The captcha: a post from the page with JavaScript carries the browser captcha's token (the login
 * form's). A post without one (JavaScript off, or the browser captcha failed) is asked a question
 * instead: every refusal of such a post carries a new one, rendered into the answering page (a post's
 * answer, which no shared cache keeps), and the answered question is sent as the token.
 */
export async function handleLeadAction(
  request: Request,
  context: AppLoadContext,
  toContext: (values: LeadFormValues, contactApplicantId: number | null, form: FormData) => LeadEnquiryContext,
  /**
   * A page's own questions, checked before SPEC's, and the values they make of the form (the valuation
   * page's: toValuationLeadValues). The page re-rendered after a refusal shows what was typed, not these.
   */
  prepare?: (values: LeadFormValues) => { failure: ParseFailure | null; values: LeadFormValues },
) {
  const form = await request.formData()
  const contact = await getCurrentContact(request, context)
  let values = withPrefill(readLeadFormValues(form), contact ? toLeadPrefill(contact) : {})
  let addressChoices: AddressChoice[] = []
  if (values.contact_address_id.trim() === '' && values.contact_address.trim() !== '') {
    const typed = await resolveTypedAddress(context, values.contact_address)
    if (typed.chosen) values = { ...values, contact_address_id: typed.chosen.suggestion_id, contact_address: typed.chosen.display_name }
    addressChoices = typed.choices
  }
  const token = form.get(LEAD_FIELD.CAPTCHA)
  const browserToken = typeof token === 'string' ? token.slice(0, 8192) : ''
  const fail = async ({ message, field, errors }: Pick<ParseFailure, 'message' | 'field' | 'errors'>, status = 400) => {
    const question = browserToken === '' ? await issueCaptchaQuestion(context) : null
    return data<LeadActionResult>({ ok: false, message, field, errors, values, addressChoices, question }, { status })
  }
  const failOne = (message: string, field: string, status = 400) => fail({ message, field, errors: { [field]: [message] } }, status)

  const prepared = prepare ? prepare(values) : { failure: null, values }
  // No clock here: a time in the past is the API's to refuse, in the words SPEC §8 replaces.
  const parsed = parseLeadEnquiry(toLeadFormInput(prepared.values))
  // Every field that fails is answered at once, the page's own questions first.
  if (!parsed.success) return fail(joinParseFailures(prepared.failure, parsed) ?? parsed)
  if (prepared.failure) return fail(prepared.failure)

  const payload = toLeadEnquiryPayload(parsed.data, toContext(prepared.values, contact?.active_contact_applicant_id ?? null, form))
  const captchaToken = readFormCaptchaToken(form, browserToken)
  if (captchaToken === null) return failOne(QUESTION_COPY.NEEDED, LEAD_FIELD.QUESTION_ANSWER)
  const key = form.get(LEAD_FIELD.IDEMPOTENCY_KEY)
  const sent = await context.services.sendLeadEnquiry(
    { ...payload, confirm: LEAD_CONFIRM_VALUE, recaptcha_token: captchaToken },
    typeof key === 'string' && IDEMPOTENCY_KEY_SHAPE.test(key) ? { idempotencyKey: key } : {},
  )
  if (sent.ok) return data<LeadActionResult>({ ok: true }, { headers: toSetCookieHeaders(sent.setCookie) })
  if (sent.status >= 500) throw new Error(`lead enquiry failed: ${sent.status} ${sent.error.message}`)
  // The captcha the API refused is, for a form sent without JavaScript, the answer to its question.
  const answeredQuestion = typeof form.get(LEAD_FIELD.QUESTION_TOKEN) === 'string'
  const field = answeredQuestion && isCaptchaRefused(sent.error) ? LEAD_FIELD.QUESTION_ANSWER : (Object.keys(sent.error.errors ?? {})[0] ?? 'form')
  return failOne(toLeadErrorMessage(sent.error), field, sent.status === 429 ? 429 : 400)
}
