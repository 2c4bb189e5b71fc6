import type { ContactView } from '@agency/api-client'
import {
  AlertCriteriaSchema,
  ALERT_FREQUENCIES,
  COMPANY_SETTING,
  ContactSchema,
  INCLUSION_VALUES,
  findReversedRanges,
  LocationSchema,
  MESSAGES,
  RADIUS_DEFAULT_MILES,
  SEARCH_TYPE_PROFILE,
  isRadiusOption,
  parseAlertContact,
  parseAlertSubmit,
  toAlertPayloadFieldTab,
  toAlertSubmitErrors,
  toAlertSubmitRank,
  toAlertSubmitRule,
  parsePropertyTypeParam,
  ALERT_TABS,
  toAlertCriteriaUpdatePayload,
  toAlertPayload,
  toRegisterVariant,
  withoutFieldErrors,
} from '@agency/domain'
import type {
  AlertMode,
  ApiError,
  AlertPayload,
  ApplicantContactView,
  ApplicantQuestion,
  Contact,
  ContactQuestionType,
  Location,
  QuestionAnswerValue,
  RegisterVariant,
  SearchType,
} from '@agency/domain'
import { data } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { CONTACTS_JSON_FIELD, CONTACT_FIELDS } from '#app/components/alerts/contact-tab.tsx'
import type { ContactFormValues } from '#app/components/alerts/contact-tab.tsx'
import { toQuestionField } from '#app/components/alerts/circumstances-tab.tsx'
import { LOCATION_JSON_FIELD } from '#app/components/alerts/property-type-tab.tsx'
import { ALERT_JSON_FIELD } from '#app/components/alerts/register-screen.tsx'
import type { RegisterActionResult, RegisterJsonBody } from '#app/components/alerts/register-screen.tsx'
import { QUESTION_COPY } from '#app/components/account/captcha-question.ts'
import { isCaptchaRefused, issueCaptchaQuestion, readFormCaptchaToken } from '#app/lib/captcha-question.server.ts'
import { getSiteSettings } from '#app/lib/site-settings.server.ts'
import { toSetCookieHeaders } from '#app/lib/session.server.ts'

/** SPEC §7: the question list of a search type (buyer for sales, tenant for lettings). */
export const QUESTION_TYPE: Record<SearchType, ContactQuestionType> = { sales: 'buyer', lettings: 'tenant' }

/** What every register/update page needs besides the alert itself. */
export interface RegisterPageData {
  questions: ApplicantQuestion[]
  subscriptionTypeIds: number[]
  variants: { desktop: RegisterVariant; mobile: RegisterVariant }
  intro: string | null
}

/** Company setting 108: the phone layout; unset or unreadable is the desktop one's. */
async function getMobileVariant(context: AppLoadContext, desktop: RegisterVariant): Promise<RegisterVariant> {
  try {
    const setting = await context.services.getCompanySetting(COMPANY_SETTING.REGISTER_VARIANT_MOBILE)
    return (setting && toRegisterVariant(setting.value)) ?? desktop
  } catch {
    return desktop
  }
}

/** The questions, subscription types, layouts and intro text of the register screen. */
export async function getRegisterPageData(context: AppLoadContext, searchType: SearchType): Promise<RegisterPageData> {
  const settings = await getSiteSettings(context)
  const [questions, subscriptionTypes, mobile] = await Promise.all([
    context.services.getContactQuestions(QUESTION_TYPE[searchType]),
    context.services.getSubscriptionTypes().catch(() => []),
    getMobileVariant(context, settings.register_variant),
  ])
  return {
    questions,
    subscriptionTypeIds: subscriptionTypes.map((s) => s.subscription_type_id),
    variants: { desktop: settings.register_variant, mobile },
    intro: settings.registration_text,
  }
}

/** A contact as the API answers it, as the register screen's contact list holds it (SPEC §3 Contact). */
export function toContact(view: ApplicantContactView | ContactView): Contact | null {
  const parsed = ContactSchema.safeParse({
    contact_id: view.contact_id,
    salutation_id: view.salutation_id,
    name: view.name,
    surname: view.surname,
    contact_profiles: view.contact_profiles,
    communication_infos: view.communication_infos,
    contact_addresses: view.contact_addresses.map((a) => ({
      contact_address_id: a.contact_address_id,
      ...(a.display_name ? { display_name: a.display_name } : {}),
      address_line_1: a.address_line_1,
      town: a.town,
      postcode: a.postcode,
      lat: a.lat,
      lng: a.lng,
    })),
    subscription_types: view.subscription_types,
  })
  return parsed.success ? parsed.data : null
}

/**
 * SPEC §8: the first message of the API's field errors (else its message), and the tab of its rule;
 * and every message by the screen's field, each shown at its field as the screen's own checks are.
 */
function toFailure(error: ApiError): Extract<RegisterActionResult, { ok: false }> {
  const [field, messages] = Object.entries(error.errors ?? {})[0] ?? []
  return { ok: false, message: messages?.[0] ?? error.message, tab: field ? toAlertPayloadFieldTab(field) : 'contact', errors: toAlertSubmitErrors(error.errors ?? {}) }
}

interface SaveTarget {
  mode: AlertMode
  /**
   * The alert updated, and the key or e-mail link that lets its holder change it. `contacts_withheld`:
   * opened without the owner's session, so the update changes the alert's own fields only.
   */
  applicant?: { contact_applicant_id: number; applicant_key: string; contacts_withheld: boolean }
  /** Whether the post needs the captcha: a visitor's registration, an update by key or link. */
  captcha: boolean
}

/**
 * Sends the payload to the API's alert services: the screen's answer (with the cookie a visitor's
 * create sets), or the refusal's error and status. A payload a browser sent is not checked here: the
 * API checks every payload with the domain rules and answers 422 with SPEC §5 messages, which the
 * screen shows.
 */
async function save(
  context: AppLoadContext,
  target: SaveTarget,
  payload: unknown,
  options: { idempotencyKey?: string | undefined; captchaToken: string | null },
): Promise<{ ok: true; answer: ReturnType<typeof data<RegisterActionResult>> } | { ok: false; status: number; error: ApiError }> {
  const captcha = options.captchaToken ? { captchaToken: options.captchaToken } : {}
  if (target.mode === 'update' && target.applicant) {
    const { applicant } = target
    // Without the owner's session the people are not sent: the API would refuse them.
    const body = applicant.contacts_withheld ? toAlertCriteriaUpdatePayload(payload as AlertPayload) : (payload as AlertPayload)
    const updated = await context.services.updateAlert(applicant.contact_applicant_id, body, { applicantKey: applicant.applicant_key, ...captcha })
    return updated.ok ? { ok: true, answer: data<RegisterActionResult>({ ok: true }) } : updated
  }
  const created = await context.services.createAlert(payload as AlertPayload, { ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}), ...captcha })
  return created.ok ? { ok: true, answer: data<RegisterActionResult>({ ok: true }, { headers: toSetCookieHeaders(created.setCookie) }) } : created
}

const IDEMPOTENCY_KEY_SHAPE = /^[A-Za-z0-9-]{8,100}$/

/**
 * The register/update screen's action. With JavaScript the screen posts the SPEC §7 payload it checked
 * itself, as one JSON field (the API checks it again). Without JavaScript it posts the plain form, which is read,
 * checked with SPEC §5's rules in order, and answered with the first warning and its tab.
 */
export async function handleRegisterAction(request: Request, context: AppLoadContext, searchType: SearchType, target: SaveTarget) {
  const form = await request.formData()
  const json = form.get(ALERT_JSON_FIELD)
  const jsonBody = typeof json === 'string' ? (toJson(json) as Partial<RegisterJsonBody> | null) : null
  const browserToken = typeof jsonBody?.recaptcha_token === 'string' ? jsonBody.recaptcha_token : ''
  /**
   * Sends the checked payload with the captcha. A post without the browser captcha's token (no
   * JavaScript, or the captcha could not be solved) is asked a question instead, and any refusal of
   * such a post carries a new one (the login and lead forms' way: question-challenge.ts in the API).
   */
  const send = async (payload: unknown, idempotencyKey: string | undefined, sent?: Extract<RegisterActionResult, { ok: false }>['sent']) => {
    const failed = async (result: Extract<RegisterActionResult, { ok: false }>, status: number) => {
      const question = target.captcha && browserToken === '' ? await issueCaptchaQuestion(context) : null
      return data<RegisterActionResult>({ ...result, ...(sent ? { sent } : {}), ...(question ? { question } : {}) }, { status })
    }
    const captchaToken = target.captcha ? readFormCaptchaToken(form, browserToken) : null
    if (target.captcha && captchaToken === null) return failed({ ok: false, message: QUESTION_COPY.NEEDED, tab: ALERT_TABS[ALERT_TABS.length - 1]! }, 400)
    const saved = await save(context, target, payload, { idempotencyKey, captchaToken })
    if (saved.ok) return saved.answer
    // The captcha the API refused is, for a form sent without JavaScript, the answer to its question.
    const questionRefused = browserToken === '' && isCaptchaRefused(saved.error)
    return failed({ ...toFailure(saved.error), ...(questionRefused ? { questionRefused } : {}) }, saved.status === 404 ? 404 : 400)
  }

  if (typeof json === 'string') {
    if (!jsonBody || typeof jsonBody.payload !== 'object' || jsonBody.payload === null) {
      return data<RegisterActionResult>({ ok: false, message: MESSAGES.CONTACT_REQUIRED, tab: 'contact' }, { status: 400 })
    }
    const key = typeof jsonBody.idempotency_key === 'string' && IDEMPOTENCY_KEY_SHAPE.test(jsonBody.idempotency_key) ? jsonBody.idempotency_key : undefined
    return send(jsonBody.payload, key)
  }

  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const { questions, subscriptionTypeIds } = await getRegisterPageData(context, searchType)

  // Contacts saved before.
  const contacts = toJsonList(text(CONTACTS_JSON_FIELD)).flatMap((item) => {
    const parsed = ContactSchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
  // Locations chosen before, and a keyword typed without choosing: the first place it finds.
  const locations = form.getAll(LOCATION_JSON_FIELD).flatMap((value) => {
    const parsed = typeof value === 'string' ? LocationSchema.safeParse(toJson(value)) : null
    return parsed?.success ? [parsed.data] : []
  })
  const roomOrNull = (name: string) => (text(name) === '' ? null : Number(text(name)))
  const criteria = AlertCriteriaSchema.safeParse({
    locations,
    min_price: Number(text('min_price')) || 0,
    max_price: Number(text('max_price')) || 0,
    ...Object.fromEntries(['bedroom', 'bathroom', 'reception'].flatMap((k) => [[`min_${k}`, roomOrNull(`min_${k}`)], [`max_${k}`, roomOrNull(`max_${k}`)]])),
    property_types: form.getAll('property_types').flatMap((v) => (typeof v === 'string' ? [parsePropertyTypeParam(v)].filter((t) => t !== null) : [])),
    must_haves: form.getAll('must_haves'),
    ...(text('furnishing') ? { furnishing: text('furnishing') } : {}),
    ...Object.fromEntries(
      ['new_homes', 'shared_ownership', 'retirement_homes', 'short_let', 'house_flat_share', 'pets_allowed', 'bills_included']
        .filter((name) => INCLUSION_VALUES.some((v) => v === text(name)))
        .map((name) => [name, text(name)]),
    ),
  })
  if (!criteria.success) {
    return data<RegisterActionResult>({ ok: false, message: MESSAGES.LOCATION_REQUIRED, tab: 'property-type', errors: { locations: [MESSAGES.LOCATION_REQUIRED] } }, { status: 400 })
  }
  const answers: Record<number, QuestionAnswerValue> = {}
  for (const question of questions) {
    const value = text(toQuestionField(question.contact_question_id)).trim()
    if (value === '') continue
    answers[question.contact_question_id] = question.contact_question_options.length > 0 ? Number(value) : value.slice(0, 255)
  }
  const frequency = ALERT_FREQUENCIES.find((f) => f === text('alert_frequency'))
  // What was sent comes back with any warning, so the visitor goes on from there.
  const sent = { contacts, criteria: criteria.data, answers, ...(frequency ? { frequency } : {}) }
  // A max below its min (the screen offers none, but a form without JavaScript cannot narrow its
  // dropdowns) is refused at its max field, in the place of the price rules.
  const reversed = findReversedRanges(criteria.data)

  // The contact form, when it was open (never where the people are withheld): checked in SPEC §5's order.
  const withheld = target.applicant?.contacts_withheld === true
  let contactRefused: RegisterActionResult | null = null
  if (form.has('name') && !withheld) {
    const values: Partial<ContactFormValues> = Object.fromEntries(
      CONTACT_FIELDS.filter((f) => f !== 'subscription_confirmed').map((f) => [f, text(f).slice(0, 255)]),
    )
    const consent = form.get('subscription_confirmed') !== null
    const parsed = parseAlertContact({ ...values, subscription_confirmed: consent, subscription_types: consent ? subscriptionTypeIds : [] })
    if (parsed.success) contacts.push(parsed.data)
    else
      contactRefused = {
        ok: false,
        message: parsed.message,
        // SPEC §5's contact form rules, part of the first submit rule's.
        tab: toAlertSubmitRule('contacts').tab,
        contact: { values: { ...values, subscription_confirmed: consent }, errors: parsed.errors },
        sent,
      }
  }


  // A keyword typed without choosing a place: the first place it finds is the next location.
  const keyword = text('keyword').trim()
  const found = keyword ? await findLocation(context, keyword, Number(text('radius'))) : null
  if (found) sent.criteria = { ...sent.criteria, locations: [...sent.criteria.locations, found] }
  const keywordNotFound = keyword !== '' && found === null

  const state = {
    profile_id: SEARCH_TYPE_PROFILE[searchType],
    contacts: sent.contacts,
    criteria: sent.criteria,
    answers: sent.answers,
    questions,
    ...(frequency ? { alert_frequency: frequency } : {}),
    ...(withheld ? { contacts: [], contacts_withheld: true } : {}),
  }
  // SPEC §5's rules in the table's order; a keyword that found nothing is the location rule's warning.
  const checked = parseAlertSubmit(state)
  // Every mistake is marked at its field, a max below its min with the rest.
  const marked = { ...(checked.success ? {} : checked.errors), ...reversed }
  // The contact form's first message leads; the other tabs' mistakes are marked at their fields at once.
  if (contactRefused) {
    const others = withoutFieldErrors(marked, keywordNotFound ? ['contacts', 'locations'] : ['contacts'])
    return data<RegisterActionResult>({ ...contactRefused, errors: others, ...(keywordNotFound ? { keywordNotFound } : {}) }, { status: 400 })
  }
  if (keywordNotFound && (checked.success || toAlertSubmitRank(checked.field) >= toAlertSubmitRank('locations'))) {
    return data<RegisterActionResult>(
      // The keyword's own message shows at the Location field (keywordNotFound); the later rules' at theirs.
      { ok: false, message: MESSAGES.ADDRESS_NOT_FOUND, tab: toAlertSubmitRule('locations').tab, keywordNotFound: true, errors: withoutFieldErrors(marked, ['locations']), sent },
      { status: 400 },
    )
  }
  // A max below its min is the price rules' warning: it leads unless an earlier rule is broken.
  const [firstReversed] = Object.values(reversed)
  if (firstReversed && (checked.success || toAlertSubmitRank(checked.field) >= toAlertSubmitRank('min_price'))) {
    return data<RegisterActionResult>({ ok: false, message: firstReversed[0]!, tab: toAlertSubmitRule('min_price').tab, errors: marked, sent }, { status: 400 })
  }
  if (!checked.success) return data<RegisterActionResult>({ ok: false, message: checked.message, tab: checked.tab, errors: marked, sent }, { status: 400 })
  return send(toAlertPayload(state, target.mode), undefined, sent)
}

/** The first place a keyword finds, as an alert location with the chosen radius. */
async function findLocation(context: AppLoadContext, keyword: string, radius: number): Promise<Location | null> {
  try {
    const [place] = (await context.services.searchPlaces(keyword.slice(0, 256))) ?? []
    if (!place) return null
    const details = await context.services.getPlace(place.place_id)
    if (!details) return null
    return {
      location: place.name,
      place_id: place.place_id,
      lat: details.lat,
      lng: details.lng,
      bounds: details.bounds ?? null,
      distance: isRadiusOption(radius) ? radius : RADIUS_DEFAULT_MILES,
    }
  } catch {
    return null
  }
}

function toJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

function toJsonList(text: string): unknown[] {
  const value = toJson(text)
  return Array.isArray(value) ? value : []
}
