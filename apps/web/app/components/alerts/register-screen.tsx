import { Suspense, lazy, useCallback, useEffect, useReducer, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { flushSync } from 'react-dom'
import * as Tabs from '@radix-ui/react-tabs'
import { Form, Link, useFetcher, useNavigate } from 'react-router'
import type { CaptchaClientConfig, CaptchaQuestion } from '@agency/api-client'
import {
  ALERT_TABS,
  ALERT_TAB_LABELS,
  COMMUNICATION_METHOD,
  CONTACT_DETAILS_NEED_LOGIN,
  LABELS,
  PROPERTIES_PATH,
  findUnansweredQuestions,
  initContactList,
  isSubmitDisabled,
  withoutFieldErrors,
} from '@agency/domain'
import type {
  AlertCriteria,
  AlertCriteriaUpdatePayload,
  AlertFrequency,
  AlertMode,
  AlertProfileId,
  AlertTab,
  ApplicantQuestion,
  Contact,
  AlertPayload,
  QuestionAnswerValue,
  RegisterVariant,
  SearchType,
} from '@agency/domain'
import { QUESTION_ANSWER_FIELD, QUESTION_TOKEN_FIELD } from '#app/components/account/captcha-question.ts'
import { CaptchaQuestionField } from '#app/components/account/captcha-question-field.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { CircumstancesTab, toQuestionField } from '#app/components/alerts/circumstances-tab.tsx'
import { ContactTab } from '#app/components/alerts/contact-tab.tsx'
import type { ContactFormValues, OpenContactForm } from '#app/components/alerts/contact-tab.tsx'
import { PropertyTypeTab } from '#app/components/alerts/property-type-tab.tsx'
import { registerReducer, toFieldErrors } from '#app/components/alerts/register-state.ts'
import type { RegisterState } from '#app/components/alerts/register-state.ts'
import { useHydrated } from '#app/components/search/use-hydrated.ts'
import { newIdempotencyKey } from '#app/lib/idempotency-key.ts'
import { ALERT_ACCOUNT_PATHS, toLoginUrl } from '#app/lib/urls.ts'
import { PrivacyNoticeLink } from '#app/components/legal/privacy-link.tsx'
import { PAGE_PARAMS } from '#app/components/search/search-url.ts'
import { focusWarnedField } from '#app/lib/focus-field.ts'
import { FORM_TOASTS } from '#app/components/ui/form-toast.tsx'

/** The SPEC §5 checks and the payload, with zod: loaded on first use (alert-checks.ts). */
export const loadAlertChecks = () => import('#app/components/alerts/alert-checks.ts')

const CaptchaTools = lazy(() => import('#app/components/account/captcha-tools.tsx'))

/** The captcha question's classes in the alert form's styles. */
const QUESTION_CLASSES = {
  field: 'alert-field alert-question',
  legend: 'alert-section__legend',
  label: 'alert-field__label',
  input: 'alert-field__input',
  hint: 'alert-field__hint',
}

const SuccessPopup = lazy(() => import('#app/components/ui/success-popup.tsx').then((m) => ({ default: m.SuccessPopup })))

/** What the page's action answers, to a post from this screen with or without JavaScript. */
export type RegisterActionResult =
  | { readonly ok: true }
  | {
      readonly ok: false
      /** SPEC §5/§8: the warning to show. */
      readonly message: string
      /** The tab the warning belongs to. */
      readonly tab: AlertTab
      /** SPEC §5's submit messages by the field of their rule (parseAlertSubmit's), each shown at its field. */
      readonly errors?: Record<string, string[]>
      /** The contact form as sent without JavaScript, and its messages by field. */
      readonly contact?: { values: Partial<ContactFormValues>; errors: Record<string, string[]> }
      /** The keyword sent without JavaScript that the place search could not find. */
      readonly keywordNotFound?: boolean
      /** What a post without JavaScript sent and was read, to go on from. */
      readonly sent?: {
        readonly contacts: Contact[]
        readonly criteria: AlertCriteria
        readonly answers: Record<number, QuestionAnswerValue>
        readonly frequency?: AlertFrequency
      }
      /** For a post without the browser captcha's token: the question to answer instead. */
      readonly question?: CaptchaQuestion | null
      /** Whether the answer to the question before it was refused. */
      readonly questionRefused?: boolean
    }

/** The 'E-mail me' choices, instant (the default) first. */
const FREQUENCIES = Object.keys(ALERT_COPY.FREQUENCY_OPTIONS) as AlertFrequency[]

/** The form field that carries the JavaScript post's JSON (RegisterJsonBody). */
export const ALERT_JSON_FIELD = 'alert_json'

/** What the JavaScript post sends: the SPEC §7 payload and the create's idempotency key. */
export interface RegisterJsonBody {
  readonly payload: AlertPayload | AlertCriteriaUpdatePayload
  readonly idempotency_key: string
  /** The browser captcha's token, when the post needs the captcha. */
  readonly recaptcha_token?: string
}

/**
 * The register screen's layouts (company setting 106 on desktop, 108 on a phone; alerts.css draws them):
 *
 * Desktop (900px and wider), the three tabs as columns, every field visible:
 * - v1: three equal columns side by side: Contact | Property Type | Circumstances.
 * - v2: a narrow left column with Contact above Circumstances, and Property Type wide on the right.
 * - v3: Property Type wide on the left, with Contact above Circumstances in a narrow right column.
 * - v4: Contact across the full width on top, Property Type and Circumstances side by side beneath.
 * - v5: one centred column of three numbered cards, Contact, then Property Type, then Circumstances.
 *
 * Phone (narrower), real tabs with one panel shown and a 'Next step' button that advances them:
 * - v1: an underlined tab bar on top; 'Next step' after the panel, beside Cancel and Register.
 * - v2: pill-shaped tabs on top; 'Next step' full width, kept at the bottom of the screen.
 * - v3: the tab bar at the bottom, under the panel, like an app's navigation; 'Next step' above it.
 * - v4: numbered step tabs (1, 2, 3) with 'Step n of 3' over the panel.
 * - v5: the tabs as a stacked list of full-width buttons above the panel.
 *
 * Without JavaScript the tabs cannot switch, so every panel shows, one under the other, and the form
 * posts as a plain form.
 */
interface RegisterScreenProps {
  mode: AlertMode
  searchType: SearchType
  profileId: AlertProfileId
  questions: readonly ApplicantQuestion[]
  subscriptionTypeIds: readonly number[]
  initialState: RegisterState
  variants: { desktop: RegisterVariant; mobile: RegisterVariant }
  heading: string
  intro?: string | null | undefined
  /** The list's search the alert starts with ('Save this search'), in short. */
  savedSearch?: string | null | undefined
  /** The action's answer to a post sent without JavaScript. */
  actionResult?: RegisterActionResult | undefined
  /** Where the post goes (the page's own action by default). */
  action?: string
  /** The captcha the post needs (a visitor's registration, an update by key or link); null when none. */
  captcha: CaptchaClientConfig | null
  /**
   * Opened by the alert's key or e-mail link without the owner's session: the people are neither
   * shown nor sent, and the Contact tab says that they need logging in, with the login link.
   */
  contactsWithheld?: boolean
}

export function RegisterScreen(props: RegisterScreenProps) {
  const { mode, searchType, profileId, questions, subscriptionTypeIds, variants, heading, intro, actionResult } = props
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const fetcher = useFetcher<RegisterActionResult>()
  const [state, dispatch] = useReducer(registerReducer, props.initialState, (initial) => {
    if (!actionResult || actionResult.ok) return initial
    const sent = actionResult.sent
    let resumed = sent
      ? registerReducer(
          {
            ...initial,
            contacts: initContactList(mode, sent.contacts),
            criteria: sent.criteria,
            answers: sent.answers,
            frequency: sent.frequency ?? initial.frequency,
          },
          { type: 'types', action: { type: 'reset', selection: sent.criteria.property_types } },
        )
      : initial
    // The contact form the server found incomplete opens again with what was typed.
    if (actionResult.contact) resumed = registerReducer(resumed, { type: 'contacts', action: { type: 'formOpened' } })
    return { ...resumed, tab: actionResult.tab, fieldErrors: toFieldErrors(actionResult.errors ?? {}, questions) }
  })
  const [succeeded, setSucceeded] = useState(actionResult?.ok === true)
  // What the success popup says happens next, worked out from what was sent.
  const [afterSuccess, setAfterSuccess] = useState<string | undefined>(undefined)
  const idempotencyKey = useRef<string | null>(null)
  const { captcha, contactsWithheld = false } = props
  // The captcha's solver, loaded with the checks on the form's first focus (captcha-tools.tsx).
  const [captchaWanted, setCaptchaWanted] = useState(false)
  const takeToken = useRef<(() => Promise<string>) | null>(null)
  const waitingForToken = useRef<Array<(take: () => Promise<string>) => void>>([])
  const onCaptchaReady = useCallback((take: () => Promise<string>) => {
    takeToken.current = take
    for (const resolve of waitingForToken.current.splice(0)) resolve(take)
  }, [])
  const solveCaptcha = async (): Promise<string> => {
    if (!captcha || captcha.provider === 'none') return ''
    setCaptchaWanted(true)
    const take = takeToken.current ?? (await new Promise<() => Promise<string>>((resolve) => waitingForToken.current.push(resolve)))
    return take()
  }
  const rootRef = useRef<HTMLDivElement>(null)
  const openContactForm = useRef<OpenContactForm | null>(null)

  /**
   * Opens a tab (on desktop every tab is a column) and brings into view the field named by `field` (a
   * form field's name), with the focus in it, or else the tab's top, clear of the toast.
   */
  const showTab = (tab: AlertTab, field?: string) => {
    // Drawn at once: after the submit's awaits React would otherwise draw the tab (and the field's
    // message) in a later task, possibly after the frame below looked for the field in the old one.
    flushSync(() => dispatch({ type: 'tabChanged', tab }))
    requestAnimationFrame(() => {
      const panel = rootRef.current?.querySelector(`[data-tab="${tab}"]`)
      const element = field ? panel?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]:not([type="hidden"])`) : null
      if (element) focusWarnedField(element)
      else panel?.scrollIntoView({ block: 'start' })
    })
  }
  const warn = (message: string, tab?: AlertTab, field?: string) => {
    FORM_TOASTS.alert.warn(message)
    if (tab) showTab(tab, field)
  }
  /** The form field of a SPEC §5 submit check's field (alert-submit-rules.ts): the first one to put right. */
  const toFormField = (field: string): string | undefined => {
    if (field === 'contacts') return 'name'
    if (field === 'locations') return PAGE_PARAMS.KEYWORD
    if (field === 'contact_questions') {
      const [unanswered] = findUnansweredQuestions(questions, state.answers)
      return unanswered ? toQuestionField(unanswered.contact_question_id) : undefined
    }
    return field
  }

  // The answer of the JavaScript post.
  const answer = fetcher.data
  useEffect(() => {
    if (fetcher.state !== 'idle' || !answer) return
    dispatch({ type: 'contacts', action: { type: 'submitFinished' } })
    if (answer.ok) {
      idempotencyKey.current = null
      setSucceeded(true)
    } else {
      // A refused payload's messages show at their fields too, and the toast's field takes the focus.
      const errors = answer.errors ?? {}
      dispatch({ type: 'submitChecked', fieldErrors: toFieldErrors(errors, questions) })
      const [first] = Object.keys(errors)
      warn(answer.message, answer.tab, first === undefined ? undefined : toFormField(first))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per answer
  }, [answer, fetcher.state])

  // A warning the server gave to a post without JavaScript is also read out once the page is live.
  useEffect(() => {
    if (actionResult && !actionResult.ok) FORM_TOASTS.alert.warn(actionResult.message)
  }, [actionResult])

  /**
   * The contacts as they are once a contact typed into the open form is saved, as its Save would;
   * null when that form is filled in part: its messages are shown at its fields, on its tab.
   */
  async function withOpenContactSaved(): Promise<readonly Contact[] | null> {
    const open = state.contacts.form.kind === 'closed' || contactsWithheld ? null : openContactForm.current
    if (!open?.hasInput()) return state.contacts.contacts
    const saved = await open.save()
    if (!saved) showTab('contact')
    return saved ? saved.contacts : null
  }

  async function nextStep(tab: AlertTab) {
    if (state.tab === 'contact' && (await withOpenContactSaved()) === null) return
    showTab(tab)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSubmitDisabled(state.contacts)) return
    const form = new FormData(event.currentTarget)
    const contacts = await withOpenContactSaved()
    const { parseAlertSubmit, toAlertPayload, toAlertCriteriaUpdatePayload } = await loadAlertChecks()
    const formState = {
      profile_id: profileId,
      contacts: contactsWithheld || contacts === null ? [] : contacts,
      criteria: state.criteria,
      answers: state.answers,
      questions,
      alert_frequency: state.frequency,
      contacts_withheld: contactsWithheld,
    }
    // SPEC §5 alert submit: the first failing check is shown and its tab opened.
    const checked = parseAlertSubmit(formState)
    if (contacts === null) {
      // The open contact form's first message is in the toast and its messages at its fields; the other
      // tabs' mistakes are marked at their fields at the same time, not one send later.
      dispatch({ type: 'submitChecked', fieldErrors: checked.success ? {} : toFieldErrors(withoutFieldErrors(checked.errors, ['contacts']), questions) })
      return
    }
    dispatch({ type: 'submitChecked', fieldErrors: checked.success ? {} : toFieldErrors(checked.errors, questions) })
    if (!checked.success) {
      warn(checked.message, checked.tab, toFormField(checked.field))
      return
    }
    idempotencyKey.current ??= newIdempotencyKey()
    setAfterSuccess(toNextStep(mode, captcha !== null && captcha !== undefined, contacts))
    const payload = toAlertPayload(formState, mode)
    dispatch({ type: 'contacts', action: { type: 'submitStarted' } })
    const body: RegisterJsonBody = {
      payload: contactsWithheld ? toAlertCriteriaUpdatePayload(payload) : payload,
      idempotency_key: idempotencyKey.current,
      ...(captcha ? { recaptcha_token: await solveCaptcha() } : {}),
    }
    // The site's pages take form posts only: the payload travels as one JSON field, with the answer
    // to a question the page asked when the browser's captcha could not be solved.
    const question = { [QUESTION_TOKEN_FIELD]: form.get(QUESTION_TOKEN_FIELD), [QUESTION_ANSWER_FIELD]: form.get(QUESTION_ANSWER_FIELD) }
    const answered = Object.fromEntries(Object.entries(question).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    void fetcher.submit({ [ALERT_JSON_FIELD]: JSON.stringify(body), ...answered }, { method: 'post', ...(props.action ? { action: props.action } : {}) })
  }

  const tabIndex = ALERT_TABS.indexOf(state.tab)
  const nextTab = ALERT_TABS[tabIndex + 1]
  const saving = isSubmitDisabled(state.contacts)
  const serverFailure = actionResult && !actionResult.ok ? actionResult : undefined
  // Asked of a post without the browser captcha's token: the page's own (no JavaScript), or the fetcher's.
  const question = (answer && !answer.ok ? answer.question : null) ?? serverFailure?.question ?? null

  if (succeeded && !hydrated) {
    return (
      <section className="alert-register__done" role="status">
        <h2>{ALERT_COPY.REGISTERED_NO_JS}</h2>
        <Link to={PROPERTIES_PATH} className="button">
          {ALERT_COPY.GO_TO_PROPERTIES}
        </Link>
      </section>
    )
  }

  const panels: Record<AlertTab, React.ReactNode> = {
    contact: contactsWithheld ? (
      <div className="alert-contacts alert-contacts--withheld">
        <p>{CONTACT_DETAILS_NEED_LOGIN}</p>
        <Link to={toLoginUrl(ALERT_ACCOUNT_PATHS.UPDATE)} className="button button--small">
          {ALERT_COPY.LOG_IN_FOR_CONTACT_DETAILS}
        </Link>
      </div>
    ) : (
      <ContactTab
        state={state.contacts}
        dispatch={(action) => dispatch({ type: 'contacts', action })}
        subscriptionTypeIds={subscriptionTypeIds}
        hydrated={hydrated}
        server={serverFailure?.contact}
        error={state.fieldErrors.contacts?.[0]}
        onWarning={(message) => warn(message)}
        onSaved={() => FORM_TOASTS.alert.dismiss()}
        openForm={openContactForm}
      />
    ),
    'property-type': (
      <PropertyTypeTab
        state={state}
        dispatch={dispatch}
        searchType={searchType}
        hydrated={hydrated}
        keywordNotFound={serverFailure?.keywordNotFound === true}
      />
    ),
    circumstances: (
      <CircumstancesTab
        questions={questions}
        answers={state.answers}
        errors={state.fieldErrors}
        onAnswer={(questionId, answer) => dispatch({ type: 'answered', questionId, answer })}
      />
    ),
  }

  return (
    <div
      ref={rootRef}
      className="alert-register"
      data-desktop={variants.desktop}
      data-mobile={variants.mobile}
      data-enhanced={hydrated || undefined}
    >
      <h1 className="alert-register__heading">{heading}</h1>
      {intro && <p className="alert-register__intro">{intro}</p>}
      {props.savedSearch && (
        <p className="notice alert-register__saved-search">
          <strong>{ALERT_COPY.SAVED_SEARCH}</strong> {props.savedSearch}. {ALERT_COPY.SAVED_SEARCH_HINT}
        </p>
      )}
      {serverFailure && (
        <p className="warning" role="alert">
          {serverFailure.message}
        </p>
      )}
      <Form
        method="post"
        className="alert-register__form"
        onSubmit={(event) => void submit(event)}
        onFocus={() => {
          void loadAlertChecks()
          if (captcha) setCaptchaWanted(true)
        }}
        noValidate {...(props.action ? { action: props.action } : {})}>
        <Tabs.Root value={state.tab} onValueChange={(tab) => dispatch({ type: 'tabChanged', tab: tab as AlertTab })} className="alert-tabs">
          <p className="alert-tabs__step" aria-hidden="true">
            {ALERT_COPY.STEP(tabIndex + 1, ALERT_TABS.length)}
          </p>
          <Tabs.List className="alert-tabs__list" aria-label={ALERT_COPY.STEPS}>
            {ALERT_TABS.map((tab, index) => (
              <Tabs.Trigger key={tab} value={tab} className="alert-tabs__tab">
                <span className="alert-tabs__number" aria-hidden="true">
                  {index + 1}
                </span>
                {ALERT_TAB_LABELS[tab]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="alert-tabs__panels">
            {ALERT_TABS.map((tab, index) => (
              <Tabs.Content key={tab} value={tab} forceMount className="alert-tabs__panel" data-tab={tab}>
                <h2 className="alert-tabs__heading">
                  <span className="alert-tabs__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  {ALERT_TAB_LABELS[tab]}
                </h2>
                {panels[tab]}
              </Tabs.Content>
            ))}
          </div>
        </Tabs.Root>
        <fieldset className="choice-group alert-register__frequency" aria-describedby="alert-frequency-hint">
          <legend className="alert-section__legend">{ALERT_COPY.FREQUENCY}</legend>
          <div className="choice-group__options">
            {FREQUENCIES.map((frequency) => (
              <label key={frequency} className="choice">
                <input
                  type="radio"
                  name="alert_frequency"
                  value={frequency}
                  checked={state.frequency === frequency}
                  onChange={() => dispatch({ type: 'frequencyChanged', frequency })}
                />
                <span>{ALERT_COPY.FREQUENCY_OPTIONS[frequency]}</span>
              </label>
            ))}
          </div>
          <p className="alert-field__hint" id="alert-frequency-hint">
            {ALERT_COPY.FREQUENCY_HINT}
          </p>
        </fieldset>
        {question && <CaptchaQuestionField question={question} id="alert-register" classes={QUESTION_CLASSES} invalid={serverFailure?.questionRefused === true} />}
        <div className="alert-register__actions">
          {hydrated && nextTab && (
            <button type="button" className="button button--secondary alert-register__next" onClick={() => void nextStep(nextTab)}>
              {LABELS.NEXT_STEP}
            </button>
          )}
          <Link to={PROPERTIES_PATH} className="button button--secondary">
            {LABELS.CANCEL}
          </Link>
          <button type="submit" className="button" disabled={saving} aria-busy={saving || undefined}>
            {saving ? ALERT_COPY.SAVING : mode === 'create' ? LABELS.REGISTER : LABELS.UPDATE}
          </button>
        </div>
        <PrivacyNoticeLink className="alert-register__privacy" />
      </Form>
      {captchaWanted && captcha && (
        <Suspense fallback={null}>
          <CaptchaTools captcha={captcha} onReady={onCaptchaReady} />
        </Suspense>
      )}
      {succeeded && hydrated && (
        <Suspense fallback={null}>
          <SuccessPopup open onClose={() => void navigate(PROPERTIES_PATH)} detail={afterSuccess} />
        </Suspense>
      )}
    </div>
  )
}

/**
 * What happens after the alert is saved: a visitor's alert waits for its e-mail's link (or, with a
 * phone only, the branch's call); a logged-in contact's is on at once.
 */
function toNextStep(mode: AlertMode, visitor: boolean, contacts: readonly Contact[]): string {
  if (mode === 'update') return ALERT_COPY.NEXT_ALERT_UPDATED
  if (!visitor) return ALERT_COPY.NEXT_ALERT_ON
  const hasEmail = contacts.some((c) => c.communication_infos.some((info) => info.communication_method_id === COMMUNICATION_METHOD.EMAIL && info.value.trim() !== ''))
  return hasEmail ? ALERT_COPY.NEXT_CONFIRM_BY_EMAIL : ALERT_COPY.NEXT_CONFIRM_BY_PHONE
}
