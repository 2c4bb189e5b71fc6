import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react'
import type { RefObject } from 'react'
import {
  ALERT_MAX_CONTACTS,
  COMMUNICATION_METHOD,
  LABELS,
  MESSAGES,
  SALUTATION_DEFAULT,
  SALUTATION_OPTIONS,
  canCancelContactForm,
  canRemoveContact,
  contactListReducer,
  getCommunicationValue,
  getContactDisplayAddress,
  withoutFieldErrors,
} from '@agency/domain'
import type { Contact, ContactListAction, ContactListState } from '@agency/domain'
import { AddressCombobox } from '#app/components/alerts/address-combobox.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { FieldError, fieldErrorProps, toFieldErrorId } from '#app/components/ui/field-error.tsx'
import { RequiredMark } from '#app/components/ui/required-mark.tsx'

/** The contact form's fields as the page holds them (strings, as inputs give them). */
export interface ContactFormValues {
  salutation_id: string
  name: string
  surname: string
  email: string
  mobile_phone: string
  address: string
  subscription_confirmed: boolean
}

/** The form field names, also the names the form posts without JavaScript. */
export const CONTACT_FIELDS = ['salutation_id', 'name', 'surname', 'email', 'mobile_phone', 'address', 'subscription_confirmed'] as const
/** The hidden field carrying the saved contacts when the form is sent without JavaScript. */
export const CONTACTS_JSON_FIELD = 'contacts_json'

const EMPTY: ContactFormValues = {
  salutation_id: String(SALUTATION_DEFAULT),
  name: '',
  surname: '',
  email: '',
  mobile_phone: '',
  address: '',
  subscription_confirmed: false,
}

/**
 * The open contact form, as the page's own buttons reach it: Register and Next step save a contact
 * typed in full without its Save being pressed (a person takes the form's fields as part of the
 * registration), and stop at its messages when it is filled in part.
 */
export interface OpenContactForm {
  /** Whether anything of a contact has been typed (or is being edited). */
  hasInput(): boolean
  /**
   * Saves the contact as its Save button does: the contact list as it is after saving it, or null
   * when the form is incomplete (its messages then show at its fields, the first as a warning).
   */
  save(): Promise<ContactListState | null>
}

/** Whether a contact form holds anything typed: a salutation and an unticked box are not a contact. */
function hasContactInput(values: ContactFormValues): boolean {
  return [values.name, values.surname, values.email, values.mobile_phone, values.address].some((v) => v.trim() !== '')
}

/** A contact's values for the form (SPEC §4: editing reopens the contact in the form). */
function toValues(contact: Contact): ContactFormValues {
  return {
    salutation_id: String(contact.salutation_id),
    name: contact.name,
    surname: contact.surname,
    email: getCommunicationValue(contact, COMMUNICATION_METHOD.EMAIL) ?? '',
    mobile_phone: getCommunicationValue(contact, COMMUNICATION_METHOD.MOBILE_PHONE) ?? '',
    address: getContactDisplayAddress(contact) ?? '',
    subscription_confirmed: contact.subscription_types.length > 0,
  }
}

interface ContactTabProps {
  state: ContactListState
  dispatch: (action: ContactListAction) => void
  /** What the consent checkbox subscribes the contact to (GET /api/subscription_types). */
  subscriptionTypeIds: readonly number[]
  hydrated: boolean
  /** The form's values and messages as the server saw them (a form sent without JavaScript). */
  server?: { values: Partial<ContactFormValues>; errors: Record<string, string[]> } | undefined
  /**
   * The contacts' own message from the last Register (SPEC §5 'You must add a contact at least.', or
   * the API's about a contact): at the open form's first field, else under the list.
   */
  error?: string | undefined
  /** Called with SPEC §5's first message when Save finds the form incomplete. */
  onWarning: (message: string) => void
  /** Called when a contact is saved (an earlier warning about it no longer stands). */
  onSaved?: () => void
  /** Set to the open contact form while one is open (null otherwise). */
  openForm?: RefObject<OpenContactForm | null>
}

/**
 * SPEC §2/§4 Contact tab in register mode: the alert's contacts, each with Edit and Remove, and the
 * contact form (opened by itself when creating with none; Save adds and closes; Cancel closes only
 * with a contact left; a contact lacking an address is opened for edit; Remove only while more than
 * one). Every field has a visible label; SPEC §5's messages show under their fields.
 */
export function ContactTab({ state, dispatch, subscriptionTypeIds, hydrated, server, error, onWarning, onSaved, openForm }: ContactTabProps) {
  const { contacts, form } = state
  const formKey = form.kind === 'edit' ? `edit-${form.index}` : form.kind
  const listId = useId()
  const cardId = (index: number) => `${listId}-contact-${index}`
  // The place of the contact saved last, and the card to bring into view once its Save has closed the form.
  const savedIndex = useRef<number | null>(null)
  const [revealed, setRevealed] = useState<number | null>(null)
  useEffect(() => {
    if (revealed === null) return
    // The form that held the focus is gone: the focus goes to the saved card, which comes into view.
    const card = document.getElementById(cardId(revealed))
    card?.scrollIntoView({ block: 'center' })
    card?.focus({ preventScroll: true })
    setRevealed(null)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- cardId is derived from listId
  }, [revealed])
  // With the contact form closed, the message is the list's.
  const listError = form.kind === 'closed' ? error : undefined
  return (
    <div className="alert-contacts">
      {contacts.length > 0 && (
        <ul className="alert-contacts__list" aria-label={ALERT_COPY.CONTACTS_LABEL} id={listId} aria-describedby={listError ? toFieldErrorId(listId) : undefined}>
          {contacts.map((contact, index) => {
            const fullName = `${contact.name} ${contact.surname}`
            return (
              <li key={`${fullName}-${index}`} className="alert-contact" id={cardId(index)} tabIndex={-1}>
                <p className="alert-contact__name">{fullName}</p>
                <p className="alert-contact__detail">
                  {[getCommunicationValue(contact, COMMUNICATION_METHOD.EMAIL), getCommunicationValue(contact, COMMUNICATION_METHOD.MOBILE_PHONE)]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="alert-contact__detail">{getContactDisplayAddress(contact)}</p>
                {hydrated && (
                  <div className="alert-contact__actions">
                    <button
                      type="button"
                      className="button button--small button--secondary alert-contact__action"
                      disabled={form.kind !== 'closed'}
                      onClick={() => dispatch({ type: 'contactEdited', index })}
                      aria-label={ALERT_COPY.CONTACT_EDIT(fullName)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--small button--secondary alert-contact__action"
                      aria-disabled={!canRemoveContact(state) || undefined}
                      onClick={() => dispatch({ type: 'contactRemoved', index })}
                      aria-label={ALERT_COPY.CONTACT_REMOVE(fullName)}
                    >
                      Remove
                    </button>
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <FieldError fieldId={listId} message={listError} className="alert-field__error" />
      <input type="hidden" name={CONTACTS_JSON_FIELD} value={JSON.stringify(contacts)} />
      {state.warning && (
        <p className="warning" role="alert">
          {state.warning}
        </p>
      )}
      {form.kind === 'closed' ? (
        hydrated &&
        contacts.length < ALERT_MAX_CONTACTS && (
          <button type="button" className="button button--secondary alert-contacts__add" onClick={() => dispatch({ type: 'formOpened' })}>
            {ALERT_COPY.CONTACT_ADD}
          </button>
        )
      ) : (
        <ContactForm
          key={formKey}
          initial={form.kind === 'edit' ? toValues(form.contact) : { ...EMPTY, ...server?.values }}
          serverErrors={server?.errors ?? {}}
          contactsError={error}
          canCancel={canCancelContactForm(state)}
          hydrated={hydrated}
          handle={openForm}
          onCancel={() => dispatch({ type: 'formCancelled' })}
          onSaveButton={() => setRevealed(savedIndex.current)}
          onSave={async (values) => {
            const { parseAlertContact } = await import('#app/components/alerts/alert-checks.ts')
            const parsed = parseAlertContact({
              ...values,
              ...(form.kind === 'edit' && form.contact.contact_id ? { contact_id: form.contact.contact_id } : {}),
              subscription_types: values.subscription_confirmed ? [...subscriptionTypeIds] : [],
            })
            if (!parsed.success) {
              onWarning(parsed.message)
              return { errors: parsed.errors, saved: null }
            }
            const action = { type: 'contactSaved', contact: parsed.data } as const
            dispatch(action)
            const saved = contactListReducer(state, action)
            savedIndex.current = saved.contacts.indexOf(parsed.data)
            onSaved?.()
            return { errors: {}, saved }
          }}
        />
      )}
    </div>
  )
}

interface ContactFormProps {
  initial: ContactFormValues
  serverErrors: Record<string, string[]>
  /** The contacts' message, shown at the first field (Name) while the form is empty. */
  contactsError: string | undefined
  canCancel: boolean
  hydrated: boolean
  handle: RefObject<OpenContactForm | null> | undefined
  onCancel: () => void
  /** Called when the form's own Save button has saved the contact. */
  onSaveButton: () => void
  /** Answers the messages by field (none when the contact was saved) and the list after saving it. */
  onSave: (values: ContactFormValues) => Promise<{ errors: Record<string, string[]>; saved: ContactListState | null }>
}

function ContactForm({ initial, serverErrors, contactsError, canCancel, hydrated, handle, onCancel, onSaveButton, onSave }: ContactFormProps) {
  const id = useId()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string[]>>(serverErrors)
  const save = async () => {
    const result = await onSave(values)
    setErrors(result.errors)
    if (!result.saved) focusFirstError(id, result.errors)
    return result.saved
  }
  useImperativeHandle(handle, () => ({ hasInput: () => hasContactInput(values), save }))
  const set = (patch: Partial<ContactFormValues>) => {
    setValues((current) => ({ ...current, ...patch }))
    // A field being put right loses its message at once (and either contact way answers 'Email or
    // phone number is required'); the next save checks them all again.
    setErrors((current) => withoutErrorsOf(current, Object.keys(patch)))
  }
  // The contacts' message stands at Name until the form is being filled in (the next Register saves it).
  const errorOf = (field: string) => errors[field]?.[0] ?? (field === 'name' && !hasContactInput(values) ? contactsError : undefined)
  const fieldProps = (field: Exclude<(typeof CONTACT_FIELDS)[number], 'subscription_confirmed' | 'salutation_id' | 'address'>) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    className: 'alert-field__input',
    ...fieldErrorProps(`${id}-${field}`, errorOf(field)),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set({ [field]: event.currentTarget.value }),
  })
  const error = (field: string) => <FieldError fieldId={`${id}-${field}`} message={errorOf(field)} className="alert-field__error" />

  return (
    <fieldset className="alert-contact-form">
      <legend className="alert-section__legend">{ALERT_COPY.CONTACT_FORM}</legend>
      <p className="alert-field__hint">{ALERT_COPY.CONTACT_REQUIRED_HINT}</p>
      <div className="alert-contact-form__grid">
        <div className="alert-field">
          <label htmlFor={`${id}-salutation_id`} className="alert-field__label">
            {ALERT_COPY.SALUTATION}
          </label>
          <select
            id={`${id}-salutation_id`}
            name="salutation_id"
            className="alert-field__input"
            value={values.salutation_id}
            onChange={(event) => set({ salutation_id: event.currentTarget.value })}
          >
            {SALUTATION_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="alert-field">
          <label htmlFor={`${id}-name`} className="alert-field__label">
            {ALERT_COPY.NAME}
            <RequiredMark />
          </label>
          <input type="text" autoComplete="given-name" maxLength={100} aria-required {...fieldProps('name')} />
          {error('name')}
        </div>
        <div className="alert-field">
          <label htmlFor={`${id}-surname`} className="alert-field__label">
            {ALERT_COPY.SURNAME}
            <RequiredMark />
          </label>
          <input type="text" autoComplete="family-name" maxLength={100} aria-required {...fieldProps('surname')} />
          {error('surname')}
        </div>
        <div className="alert-field">
          <label htmlFor={`${id}-email`} className="alert-field__label">
            {ALERT_COPY.EMAIL}
          </label>
          <input type="email" autoComplete="email" maxLength={255} {...fieldProps('email')} />
          {error('email')}
        </div>
        <div className="alert-field">
          <label htmlFor={`${id}-mobile_phone`} className="alert-field__label">
            {ALERT_COPY.MOBILE_PHONE}
          </label>
          <input type="tel" autoComplete="tel" maxLength={20} {...fieldProps('mobile_phone')} />
          {error('mobile_phone')}
        </div>
        <AddressCombobox
          name="address"
          value={values.address}
          onChange={(address) => set({ address })}
          hydrated={hydrated}
          error={errorOf('address')}
          errorId={toFieldErrorId(`${id}-address`)}
          required
        />
      </div>
      <div className="alert-field alert-field--wide">
        <span className="alert-field__label" id={`${id}-consent`}>
          {ALERT_COPY.CONSENT}
          <RequiredMark />
        </span>
        <label className="check alert-consent">
          <input
            type="checkbox"
            name="subscription_confirmed"
            value="true"
            checked={values.subscription_confirmed}
            aria-required
            {...fieldErrorProps(`${id}-subscription_confirmed`, errorOf('subscription_confirmed'))}
            onChange={(event) => set({ subscription_confirmed: event.currentTarget.checked })}
          />
          <span>{MESSAGES.SUBSCRIPTION_CONSENT}</span>
        </label>
        {error('subscription_confirmed')}
      </div>
      {hydrated && (
        <div className="alert-contact-form__actions">
          <button type="button" className="button" onClick={() => void save().then((saved) => saved && onSaveButton())}>
            {LABELS.SAVE}
          </button>
          <button type="button" className="button button--secondary" disabled={!canCancel} onClick={onCancel}>
            {LABELS.CANCEL}
          </button>
        </div>
      )}
    </fieldset>
  )
}

/** The messages left once `fields` change: theirs go, and either way of contact answers 'Email or phone number is required'. */
function withoutErrorsOf(errors: Record<string, string[]>, fields: readonly string[]): Record<string, string[]> {
  const contactWay = fields.some((field) => field === 'email' || field === 'mobile_phone')
  const answered = contactWay ? Object.keys(errors).filter((field) => errors[field]?.includes(MESSAGES.EMAIL_OR_PHONE_REQUIRED)) : []
  return withoutFieldErrors(errors, [...fields, ...answered])
}

/**
 * Brings the first field with a message into view and into focus (the fields in the form's order),
 * once it can take it: the page may first have to bring the Contact tab back (register-screen.tsx),
 * which a slow phone renders some frames later. It gives up after a second.
 */
function focusFirstError(id: string, errors: Record<string, string[]>, framesLeft = 60): void {
  const first = CONTACT_FIELDS.find((field) => (errors[field]?.length ?? 0) > 0)
  if (!first) return
  const field = first === 'subscription_confirmed' ? document.querySelector<HTMLInputElement>(`input[name="subscription_confirmed"]`) : document.getElementById(`${id}-${first}`) ?? document.querySelector<HTMLInputElement>(`input[name="${first}"]`)
  if (field && field.getClientRects().length > 0) {
    field.scrollIntoView({ block: 'center' })
    field.focus({ preventScroll: true })
    if (document.activeElement === field) return
  }
  if (framesLeft > 0) requestAnimationFrame(() => focusFirstError(id, errors, framesLeft - 1))
}
