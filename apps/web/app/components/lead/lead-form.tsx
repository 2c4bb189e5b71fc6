import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import type { CaptchaClientConfig, CaptchaQuestion } from '@agency/api-client'
import {
  I_WOULD_LIKE_DEFAULT,
  I_WOULD_LIKE_OPTIONS,
  LABELS,
  LEAD_CONFIRM_VALUE,
  MESSAGES,
  PROPERTY_TO_LET_OPTIONS,
  PROPERTY_TO_SELL_OPTIONS,
  SALUTATION_DEFAULT,
  SALUTATION_OPTIONS,
  VALUATION_BEDROOM_OPTIONS,
  VALUATION_NOTE_MAX_LENGTH,
  VALUATION_PROPERTY_TYPES,
  VALUATION_TYPE,
  VIEWING_FIRST_HOUR,
  checkValuationDetails,
  joinParseFailures,
  withoutFieldErrors,
  VIEWING_LAST_HOUR,
  VIEWING_ROUNDING_MINUTES,
} from '@agency/domain'
import type { ParseFailure } from '@agency/domain'
import { useFetcher, useLocation } from 'react-router'
import type { AddressCombobox as AddressComboboxType, AddressComboboxClasses } from '#app/components/alerts/address-combobox.tsx'
import { CaptchaQuestionField } from '#app/components/account/captcha-question-field.tsx'
import { LEAD_COPY } from '#app/components/lead/lead-copy.ts'
import { LEAD_FORM_ANCHOR } from '#app/components/lead/lead-paths.ts'
import type { LeadFormTools } from '#app/components/lead/lead-form-extras.tsx'
import {
  LEAD_FIELD,
  emptyLeadFormValues,
  readLeadFormValues,
  splitViewingValue,
  toAddressChoiceValue,
  toValuationDetails,
  toValuationLeadValues,
  toViewingTimeOptions,
  withPrefill,
} from '#app/components/lead/lead-form-values.ts'
import type { LeadFormValues, LeadPrefill } from '#app/components/lead/lead-form-values.ts'
import { useHydrated } from '#app/components/search/use-hydrated.ts'
import { newIdempotencyKey } from '#app/lib/idempotency-key.ts'
import { PrivacyNoticeLink } from '#app/components/legal/privacy-link.tsx'
import { focusWarnedField, keepCaretInFocusedField } from '#app/lib/focus-field.ts'
import { FieldError, fieldErrorProps, toFieldErrorId } from '#app/components/ui/field-error.tsx'

// Loaded on intent (the form's first focus or touch): none of these is in the page's first load.
const LeadFormExtras = lazy(() => import('#app/components/lead/lead-form-extras.tsx'))
const loadAddressCombobox = () => import('#app/components/alerts/address-combobox.tsx')
const SuccessPopup = lazy(() => import('#app/components/ui/success-popup.tsx').then((m) => ({ default: m.SuccessPopup })))

/** An address suggestion as the form sends it back (SPEC §5 rule 7). */
export interface AddressChoice {
  suggestion_id: string
  display_name: string
}

/** What the page's loader gives the form. */
export interface LeadFormData {
  captcha: CaptchaClientConfig
  /** SPEC §4: the logged-in contact's known fields (their inputs hidden). */
  prefill: LeadPrefill
  contactApplicantId: number | null
  /** SPEC §5: about one hour ahead, 'YYYY-MM-DDTHH:mm' in the agency's time. */
  defaultViewing: string
}

/** What failed of a form: the toast's message and its field, and every failing field's messages. */
type FormFailure = Pick<ParseFailure, 'message' | 'field' | 'errors'>

/**
 * The action's answer: success, or the first message with what was sent (a page without JavaScript
 * fills it in again) and, for a post without the browser's captcha, the question to answer instead.
 */
export type LeadActionResult =
  | { ok: true }
  | {
      ok: false
      /** The message of the toast, and the field it belongs to. */
      message: string
      field: string
      /** Each failing field's messages, shown at the field. */
      errors: Record<string, string[]>
      values: LeadFormValues
      addressChoices: AddressChoice[]
      question: CaptchaQuestion | null
    }

interface LeadFormProps {
  /** A property page's enquiry, or the standalone valuation page's (no property, valuation chosen). */
  kind: 'property' | 'valuation'
  heading: string
  data: LeadFormData
  /** SPEC §3's property fields (url, transaction type, property id, price, bedrooms, branch). */
  hidden?: Record<string, string>
  /** The action's answer to a post sent without JavaScript. */
  result?: LeadActionResult | undefined
}

const VIEWING_TIMES = toViewingTimeOptions(VIEWING_FIRST_HOUR, VIEWING_LAST_HOUR, VIEWING_ROUNDING_MINUTES)
/** A valuation's time of day until the visitor picks one: mid-morning, when valuers go out. */
const VALUATION_DEFAULT_TIME = '10:00'

const ADDRESS_CLASSES: AddressComboboxClasses = {
  field: 'lead-field',
  label: 'lead-field__label',
  input: 'lead-field__input',
  hint: 'lead-field__hint',
  error: 'lead-field__error',
}

/** The question's classes in the lead form's styles. */
const QUESTION_CLASSES = {
  field: 'lead-field lead-question',
  legend: 'lead-field__label',
  label: 'lead-field__label lead-field__label--light',
  input: 'lead-field__input lead-question__answer',
  hint: 'lead-field__hint',
}

/**
 * SPEC §3–§5 lead enquiry form. Server-rendered and complete without JavaScript (a plain post to the
 * page's action, which checks it and answers the first message); once React runs and the visitor
 * shows intent, the form checks itself in SPEC §5's order (warning toasts), solves the captcha,
 * offers address suggestions, posts without leaving the page (the button disabled while sending) and
 * opens the success popup.
 *
 * SPEC §4's first state, 'loading while the contact is fetched', never arises: the browser does not
 * fetch the contact. The page's loader reads it on the server (getLeadFormData) before the page is
 * sent, and on a client-side navigation React Router keeps the previous page until that loader's data
 * has come; a page from the visitor page cache was rendered for, and is only served to, a request with
 * no cookie, so there is no contact to fetch. The form therefore shows no loading state and its first
 * load carries no code for one.
 *
 * Without JavaScript the captcha is a question (question-challenge.ts in the API): a post without the
 * browser captcha's token is answered with one, rendered into that answer only.
 */
export function LeadForm({ kind, heading, data, hidden = {}, result }: LeadFormProps) {
  const headingId = useId()
  const warningId = useId()
  const hydrated = useHydrated()
  const fetcher = useFetcher<LeadActionResult>()
  const location = useLocation()
  const formRef = useRef<HTMLFormElement>(null)
  // The send button: focus comes back to it when the success popup closes (it was disabled while sending).
  const submitRef = useRef<HTMLButtonElement>(null)
  const { prefill } = data
  const [blank] = useState<LeadFormValues>(() => {
    const empty =
      kind === 'valuation'
        ? emptyLeadFormValues({ iWouldLike: ['to-sell-my-property'], valued: true, transactionTypeId: VALUATION_TYPE.SALES })
        : emptyLeadFormValues()
    return withPrefill(empty, prefill)
  })
  const initial = result && !result.ok ? result.values : blank
  const [chosen, setChosen] = useState<string[]>(initial.i_would_like)
  const [address, setAddress] = useState({ text: initial.contact_address, id: initial.contact_address_id })
  const [addressFocused, setAddressFocused] = useState(false)
  const [intent, setIntent] = useState(false)
  // The address's combobox loads when the plain field is first pointed at, touched or focused, and
  // replaces it once loaded, in one commit that hands it the focus and the caret (as the location
  // search's does), never while it loads: a click on the plain field keeps its focus and what is typed
  // into it. (A Suspense fallback would be a new field, leaving the click's focus and keys to a field
  // no longer there; and a combobox that arrived unasked, just before a tap on it, could take the
  // focus without the caret, so that keys typed into it were lost.)
  const [AddressCombobox, setAddressCombobox] = useState<typeof AddressComboboxType | null>(null)
  const addressAsked = useRef(false)
  const loadAddressOnIntent = () => {
    if (addressAsked.current) return
    addressAsked.current = true
    void loadAddressCombobox().then((module) => setAddressCombobox(() => module.AddressCombobox))
  }
  const [tools, setTools] = useState<LeadFormTools | null>(null)
  const waiting = useRef<Array<(tools: LeadFormTools) => void>>([])
  // A post sent before React ran and answered with success opens the popup once the page is live.
  const [succeeded, setSucceeded] = useState(result?.ok === true)
  const [preparing, setPreparing] = useState(false)
  const idempotencyKey = useRef<string | null>(null)
  // What failed, each field's message at the field, the first failing rule (SPEC §5) in the toast too:
  // the page's check, the answer of the post, or (before the page's script ran) the server's answer.
  const [fieldFailure, setFieldFailure] = useState<FormFailure | null>(result && !result.ok ? result : null)

  const onReady = useCallback((ready: LeadFormTools) => {
    setTools(ready)
    for (const resolve of waiting.current.splice(0)) resolve(ready)
  }, [])
  const getTools = (): Promise<LeadFormTools> => {
    setIntent(true)
    return tools ? Promise.resolve(tools) : new Promise((resolve) => waiting.current.push(resolve))
  }

  // The answer of the JavaScript post.
  const answer = fetcher.data
  useEffect(() => {
    if (fetcher.state !== 'idle' || !answer) return
    if (answer.ok) {
      idempotencyKey.current = null
      // Ready for another enquiry: the fields as the page first showed them.
      formRef.current?.reset()
      setChosen(blank.i_would_like)
      setAddress({ text: blank.contact_address, id: blank.contact_address_id })
      setSucceeded(true)
    } else {
      // A refused post may be sent again as a new enquiry once corrected.
      idempotencyKey.current = null
      setFieldFailure(answer)
      if (formRef.current) focusField(formRef.current, answer.field)
      void getTools().then((t) => t.warn(answer.message))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per answer
  }, [answer, fetcher.state])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const form = event.currentTarget
    setPreparing(true)
    try {
      const t = await getTools()
      const formData = new FormData(form)
      let values = readLeadFormValues(formData)
      // An address typed exactly as a suggestion reads is chosen, even when Send came before the suggestions.
      if (values.contact_address_id === '' && values.contact_address.trim() !== '') {
        const { findTypedAddress } = await import('#app/components/alerts/address-client.ts')
        const typed = await findTypedAddress(values.contact_address)
        if (typed) {
          formData.set(LEAD_FIELD.ADDRESS, typed.display_name)
          formData.set(LEAD_FIELD.ADDRESS_ID, typed.suggestion_id)
          setAddress({ text: typed.display_name, id: typed.suggestion_id })
          values = readLeadFormValues(formData)
        }
      }
      // The valuation's own questions first (they come first on its form), then SPEC §5's rules, the
      // first failing one as a warning toast.
      const failure =
        kind === 'valuation'
          ? joinParseFailures(checkValuationDetails(toValuationDetails(values), new Date()), t.check(toValuationLeadValues(values)))
          : t.check(values)
      setFieldFailure(failure)
      if (failure) {
        t.warn(failure.message)
        focusField(form, failure.field)
        return
      }
      t.dismiss()
      formData.set(LEAD_FIELD.CAPTCHA, await t.takeToken())
      idempotencyKey.current ??= newIdempotencyKey()
      formData.set(LEAD_FIELD.IDEMPOTENCY_KEY, idempotencyKey.current)
      await fetcher.submit(formData, { method: 'post' })
    } finally {
      setPreparing(false)
    }
  }

  const sending = preparing || fetcher.state !== 'idle'
  const serverFailure = result && !result.ok ? result : undefined
  // Asked of a post without the browser's captcha: the page's own (no JavaScript), or the fetcher's
  // when the browser's captcha could not be solved.
  const question = (answer && !answer.ok ? answer.question : null) ?? serverFailure?.question ?? null
  const viewingOffered = kind === 'property'
  // Without JavaScript the viewing time cannot come and go with the choice: it stays, and the server
  // drops it when viewing is not chosen (SPEC §5).
  const showViewing = viewingOffered && (!hydrated || chosen.includes(I_WOULD_LIKE_DEFAULT))
  const viewing = splitViewingValue(initial.viewing_lead_date || data.defaultViewing)
  const known = (field: keyof LeadPrefill) => prefill[field] !== undefined
  const knownName = [prefill.name, prefill.surname].filter(Boolean).join(' ')
  const knownLines = [knownName, prefill.email, prefill.mobile_phone, prefill.contact_address].filter((line): line is string => Boolean(line))
  const fieldId = (field: string) => `${headingId}-${field}`
  const errorId = (field: string) => toFieldErrorId(fieldId(field))
  const messageOf = (field: string): string | undefined => fieldFailure?.errors[field]?.[0]
  /** The message of a field, under it, when it failed. */
  const fieldError = (field: string) => <FieldError fieldId={fieldId(field)} message={messageOf(field)} className="lead-field__error" />
  /** What a field's input says of its message. */
  const invalidProps = (field: string, describedBy?: string) => fieldErrorProps(fieldId(field), messageOf(field), describedBy)

  if (result?.ok && !hydrated) {
    return (
      <section className="lead-form lead-form--done" aria-labelledby={headingId} role="status" id={LEAD_FORM_ANCHOR}>
        <h2 id={headingId}>{LEAD_COPY.SENT_NO_JS_HEADING}</h2>
        <p>{MESSAGES.SUCCESS_POPUP_DEFAULT}</p>
      </section>
    )
  }

  const text = (name: keyof LeadFormValues, label: string, input: React.InputHTMLAttributes<HTMLInputElement>) =>
    known(name as keyof LeadPrefill) ? (
      <input type="hidden" name={name} value={String(prefill[name as keyof LeadPrefill])} />
    ) : (
      <div className="lead-field">
        <label className="lead-field__label" htmlFor={`${headingId}-${name}`}>
          {label}
        </label>
        <input
          id={`${headingId}-${name}`}
          name={name}
          className="lead-field__input"
          defaultValue={String(initial[name])}
          {...invalidProps(name)}
          {...input}
        />
        {fieldError(name)}
      </div>
    )

  const plainAddress = (
    <div className="lead-field">
      <label className="lead-field__label" htmlFor={`${headingId}-address`}>
        {LEAD_COPY.ADDRESS}
      </label>
      <input
        id={`${headingId}-address`}
        name={LEAD_FIELD.ADDRESS}
        type="text"
        autoComplete="street-address"
        maxLength={255}
        className="lead-field__input"
        value={address.text}
        onChange={(event) => setAddress({ text: event.currentTarget.value, id: '' })}
        onFocus={(event) => {
          keepCaretInFocusedField(event.currentTarget)
          setAddressFocused(true)
          loadAddressOnIntent()
        }}
        onBlur={() => setAddressFocused(false)}
        onPointerEnter={loadAddressOnIntent}
        onTouchStart={loadAddressOnIntent}
        {...invalidProps('contact_address', `${headingId}-address-hint`)}
      />
      <p id={`${headingId}-address-hint`} className="lead-field__hint">
        {LEAD_COPY.ADDRESS_HINT}
      </p>
      {fieldError('contact_address')}
    </div>
  )

  const preferred = { date: initial.valuation_date, time: initial.valuation_time || VALUATION_DEFAULT_TIME }
  // The valuation page asks what a valuer needs; its purpose answers the SPEC fields (domain valuation.ts).
  const valuationQuestions = (
    <>
      <div className="lead-form__row">
        <div className="lead-field">
          <label className="lead-field__label" htmlFor={`${headingId}-property-type`}>
            {LEAD_COPY.VALUATION_PROPERTY_TYPE}
          </label>
          <select
            id={`${headingId}-property-type`}
            name={LEAD_FIELD.VALUATION_PROPERTY_TYPE}
            className="lead-field__input"
            defaultValue={initial.valuation_property_type}
            aria-required="true"
            {...invalidProps(LEAD_FIELD.VALUATION_PROPERTY_TYPE)}
          >
            <option value="">{LEAD_COPY.CHOOSE}</option>
            {VALUATION_PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {fieldError(LEAD_FIELD.VALUATION_PROPERTY_TYPE)}
        </div>
        <div className="lead-field">
          <label className="lead-field__label" htmlFor={`${headingId}-bedrooms`}>
            {LEAD_COPY.VALUATION_BEDROOMS}
          </label>
          <select
            id={`${headingId}-bedrooms`}
            name={LEAD_FIELD.VALUATION_BEDROOMS}
            className="lead-field__input"
            defaultValue={initial.valuation_bedrooms}
            aria-required="true"
            {...invalidProps(LEAD_FIELD.VALUATION_BEDROOMS)}
          >
            <option value="">{LEAD_COPY.CHOOSE}</option>
            {VALUATION_BEDROOM_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {fieldError(LEAD_FIELD.VALUATION_BEDROOMS)}
        </div>
      </div>
      <DateTimeFields
        id={`${headingId}-preferred`}
        legend={LEAD_COPY.VALUATION_PREFERRED_TIME}
        date={{ name: LEAD_FIELD.VALUATION_DATE, label: LEAD_COPY.VALUATION_DATE, value: preferred.date, ...invalidProps(LEAD_FIELD.VALUATION_DATE) }}
        time={{ name: LEAD_FIELD.VALUATION_TIME, label: LEAD_COPY.VALUATION_TIME, value: preferred.time }}
        hint={LEAD_COPY.VALUATION_PREFERRED_HINT}
        error={fieldError(LEAD_FIELD.VALUATION_DATE)}
      />
    </>
  )

  return (
    <section className="lead-form" aria-labelledby={headingId} id={LEAD_FORM_ANCHOR}>
      <h2 id={headingId} className="lead-form__heading">
        {heading}
      </h2>
      {serverFailure && (
        <p id={warningId} className="warning" role="alert">
          {serverFailure.message}
        </p>
      )}
      <fetcher.Form
        ref={formRef}
        method="post"
        // Without JavaScript the page that answers opens at the form, its message in view.
        action={`${location.pathname}${location.search}#${LEAD_FORM_ANCHOR}`}
        noValidate
        className="lead-form__form"
        onSubmit={(event) => void submit(event)}
        // A field being put right loses its message at once; the next send checks it again.
        onChange={(event) => {
          const target = event.target
          if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) setFieldFailure((failure) => withoutFieldError(failure, toFailureField(target.name)))
        }}
        onFocus={() => setIntent(true)}
        onPointerDown={() => setIntent(true)}
        data-enhanced={hydrated || undefined}
      >
        {kind === 'valuation' && (
          <fieldset className="lead-field lead-choices">
            <legend className="lead-field__label">{LEAD_COPY.VALUATION_TYPE}</legend>
            {LEAD_COPY.VALUATION_TYPE_OPTIONS.map((option) => (
              <label key={option.value} className="lead-choice">
                <input
                  type="radio"
                  name={LEAD_FIELD.TRANSACTION_TYPE}
                  value={option.value}
                  defaultChecked={initial.transaction_type_id === String(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        )}
        {kind === 'valuation' && valuationQuestions}
        {kind === 'property' && (
          <fieldset className="lead-field lead-choices" {...invalidProps(LEAD_FIELD.I_WOULD_LIKE)}>
            <legend className="lead-field__label">{LABELS.I_WOULD_LIKE}</legend>
            {I_WOULD_LIKE_OPTIONS.map((option) => (
              <label key={option.value} className="lead-choice">
                <input
                  type="checkbox"
                  name={LEAD_FIELD.I_WOULD_LIKE}
                  value={option.value}
                  checked={chosen.includes(option.value)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked
                    setChosen((current) => (on ? [...current, option.value] : current.filter((v) => v !== option.value)))
                  }}
                />
                {option.label}
              </label>
            ))}
            {fieldError(LEAD_FIELD.I_WOULD_LIKE)}
          </fieldset>
        )}

        {knownLines.length > 0 && (
          <p className="lead-form__known">
            {LEAD_COPY.KNOWN_AS} <strong>{knownLines.join(', ')}</strong>
          </p>
        )}
        <div className="lead-form__row">
          {known('salutation_id') ? (
            <input type="hidden" name={LEAD_FIELD.SALUTATION} value={prefill.salutation_id} />
          ) : (
            <div className="lead-field lead-field--narrow">
              <label className="lead-field__label" htmlFor={`${headingId}-salutation`}>
                {LEAD_COPY.SALUTATION}
              </label>
              <select
                id={`${headingId}-salutation`}
                name={LEAD_FIELD.SALUTATION}
                className="lead-field__input"
                defaultValue={initial.salutation_id || String(SALUTATION_DEFAULT)}
              >
                {SALUTATION_OPTIONS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {text('name', LEAD_COPY.NAME, { type: 'text', autoComplete: 'given-name', maxLength: 100 })}
          {text('surname', LEAD_COPY.SURNAME, { type: 'text', autoComplete: 'family-name', maxLength: 100 })}
        </div>

        {showViewing && (
          <DateTimeFields
            id={`${headingId}-viewing`}
            legend={LABELS.VIEWING_TIME}
            date={{ name: LEAD_FIELD.VIEWING_DATE, label: LEAD_COPY.VIEWING_DATE, value: viewing.date }}
            time={{ name: LEAD_FIELD.VIEWING_TIME, label: LEAD_COPY.VIEWING_TIME, value: viewing.time }}
            hint={LEAD_COPY.VIEWING_HINT}
            error={fieldError('viewing_lead_date')}
          />
        )}

        <div className="lead-field">
          <label className="lead-field__label" htmlFor={`${headingId}-comment`}>
            {kind === 'valuation' ? LEAD_COPY.VALUATION_NOTE : LABELS.YOUR_MESSAGE}
          </label>
          <textarea
            id={`${headingId}-comment`}
            name={LEAD_FIELD.COMMENT}
            className="lead-field__input"
            rows={kind === 'valuation' ? 3 : 4}
            maxLength={kind === 'valuation' ? VALUATION_NOTE_MAX_LENGTH : undefined}
            defaultValue={initial.comment}
            {...invalidProps('comment')}
          />
          {fieldError('comment')}
        </div>
        <div className="lead-form__row">
          {text('email', LEAD_COPY.EMAIL, { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 320 })}
          {text('mobile_phone', LEAD_COPY.MOBILE_PHONE, { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 32 })}
        </div>

        {known('contact_address') ? (
          <>
            <input type="hidden" name={LEAD_FIELD.ADDRESS} value={prefill.contact_address} />
            <input type="hidden" name={LEAD_FIELD.ADDRESS_ID} value={prefill.contact_address_id} />
          </>
        ) : (
          <>
            {AddressCombobox ? (
              <AddressCombobox
                name={LEAD_FIELD.ADDRESS}
                value={address.text}
                onChange={(value) => setAddress({ text: value, id: '' })}
                onSelect={(suggestion) => setAddress({ text: suggestion.display_name, id: suggestion.suggestion_id })}
                hydrated={hydrated}
                error={messageOf('contact_address')}
                errorId={errorId('contact_address')}
                label={LEAD_COPY.ADDRESS}
                hint={LEAD_COPY.ADDRESS_HINT}
                classes={ADDRESS_CLASSES}
                autoFocus={addressFocused}
                searchOnMount={addressFocused && address.id === ''}
              />
            ) : (
              plainAddress
            )}
            <input type="hidden" name={LEAD_FIELD.ADDRESS_ID} value={address.id} />
            {serverFailure && serverFailure.addressChoices.length > 0 && (
              <fieldset className="lead-field lead-choices">
                <legend className="lead-field__label">{LEAD_COPY.ADDRESS_CHOICES}</legend>
                {serverFailure.addressChoices.map((choice) => (
                  <label key={choice.suggestion_id} className="lead-choice">
                    <input type="radio" name={LEAD_FIELD.ADDRESS_CHOICE} value={toAddressChoiceValue(choice)} />
                    {choice.display_name}
                  </label>
                ))}
              </fieldset>
            )}
          </>
        )}

        {kind === 'property' && (
          <>
          <div className="lead-form__row">
            <SelectField id={fieldId(LEAD_FIELD.TO_SELL)} name={LEAD_FIELD.TO_SELL} label={LABELS.I_HAVE_A_PROPERTY_TO_SELL} options={PROPERTY_TO_SELL_OPTIONS} value={initial.i_have_a_property_to_sell} error={messageOf(LEAD_FIELD.TO_SELL)} />
            <SelectField id={fieldId(LEAD_FIELD.TO_LET)} name={LEAD_FIELD.TO_LET} label={LABELS.I_HAVE_A_PROPERTY_TO_LET} options={PROPERTY_TO_LET_OPTIONS} value={initial.i_have_a_property_to_let} error={messageOf(LEAD_FIELD.TO_LET)} />
          </div>
          <label className="lead-choice lead-choice--wide">
            <input type="checkbox" name={LEAD_FIELD.VALUED} value="yes" defaultChecked={initial.my_property_valued} />
            {LABELS.MY_PROPERTY_VALUED}
          </label>
          </>
        )}

        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {data.contactApplicantId !== null && <input type="hidden" name="contact_applicant_id" value={data.contactApplicantId} />}
        <input type="hidden" name="confirm" value={LEAD_CONFIRM_VALUE} />
        {question && (
          <CaptchaQuestionField
            question={question}
            id={headingId}
            classes={QUESTION_CLASSES}
            invalid={serverFailure?.field === LEAD_FIELD.QUESTION_ANSWER}
          />
        )}
        <p className="lead-form__consent">{LEAD_COPY.CONSENT}</p>
        <PrivacyNoticeLink />
        <button ref={submitRef} type="submit" className="button lead-form__submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? LEAD_COPY.SENDING : kind === 'valuation' ? LEAD_COPY.SEND_VALUATION : LEAD_COPY.SEND}
        </button>
        {data.captcha.provider !== 'none' && (
          <noscript>
            <p className="lead-form__no-script">{LEAD_COPY.NO_SCRIPT}</p>
          </noscript>
        )}
      </fetcher.Form>
      {intent && (
        <Suspense fallback={null}>
          <LeadFormExtras captcha={data.captcha} onReady={onReady} />
        </Suspense>
      )}
      {succeeded && (
        <Suspense fallback={null}>
          <SuccessPopup open onClose={() => setSucceeded(false)} detail={LEAD_COPY.SUCCESS_NEXT} returnFocusTo={() => submitRef.current} />
        </Suspense>
      )}
    </section>
  )
}

/** One of DateTimeFields' two inputs: its name, label and first value, and what it says of an error. */
interface DateTimeInput {
  name: string
  label: string
  value: string
  'aria-invalid'?: boolean | undefined
  'aria-describedby'?: string | undefined
}

/**
 * A date and a time of day (SPEC §5's 07:00 to 19:00, 24-hour) under one legend with a hint: a
 * property's viewing time, a valuation's preferred time. The date input's `id` is `${id}-date`.
 */
function DateTimeFields(props: { id: string; legend: string; date: DateTimeInput; time: DateTimeInput; hint: string; error: ReactNode }) {
  const { id, date, time } = props
  return (
    <fieldset className="lead-field lead-viewing" aria-describedby={`${id}-hint`}>
      <legend className="lead-field__label">{props.legend}</legend>
      <div className="lead-form__row">
        <div className="lead-field">
          <label className="lead-field__label lead-field__label--light" htmlFor={`${id}-date`}>
            {date.label}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            name={date.name}
            className="lead-field__input"
            defaultValue={date.value}
            aria-invalid={date['aria-invalid']}
            aria-describedby={date['aria-describedby']}
          />
        </div>
        <div className="lead-field">
          <label className="lead-field__label lead-field__label--light" htmlFor={`${id}-time`}>
            {time.label}
          </label>
          <select id={`${id}-time`} name={time.name} className="lead-field__input" defaultValue={time.value}>
            {VIEWING_TIMES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-hint`} className="lead-field__hint">
        {props.hint}
      </p>
      {props.error}
    </fieldset>
  )
}

/** A select of SPEC's options with its label and its message (FieldError), like the form's other fields. */
function SelectField(props: {
  id: string
  name: string
  label: string
  options: ReadonlyArray<{ value: string; label: string }>
  value: string
  error?: string | undefined
}) {
  return (
    <div className="lead-field">
      <label className="lead-field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        className="lead-field__input"
        defaultValue={props.value}
        {...fieldErrorProps(props.id, props.error)}
      >
        <option value="">{LEAD_COPY.CHOOSE}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError fieldId={props.id} message={props.error} className="lead-field__error" />
    </div>
  )
}

/** The field whose message an input's change answers: the viewing time's two inputs, the address's, or its own. */
function toFailureField(name: string): string {
  if (name === LEAD_FIELD.VIEWING_DATE || name === LEAD_FIELD.VIEWING_TIME) return 'viewing_lead_date'
  if (name === LEAD_FIELD.VALUATION_TIME) return LEAD_FIELD.VALUATION_DATE
  if (name === LEAD_FIELD.ADDRESS_ID || name === LEAD_FIELD.ADDRESS_CHOICE) return LEAD_FIELD.ADDRESS
  return name
}

/** A failure without one field's message (the same failure when that field had none). */
function withoutFieldError(failure: FormFailure | null, field: string): FormFailure | null {
  if (!failure) return null
  const errors = withoutFieldErrors(failure.errors, [field])
  return errors === failure.errors ? failure : { ...failure, errors }
}

/** Moves the focus to the field a warning is about (focusWarnedField). */
function focusField(form: HTMLFormElement, field: string) {
  const name = field === 'contact_address' ? LEAD_FIELD.ADDRESS : field === 'viewing_lead_date' ? LEAD_FIELD.VIEWING_DATE : field
  focusWarnedField(form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]:not([type="hidden"])`))
}
