import { useId, useState } from 'react'
import {
  ALERT_MAX_CONTACTS,
  COMMUNICATION_METHOD,
  LABELS,
  MESSAGES,
  SALUTATION_DEFAULT,
  SALUTATION_OPTIONS,
  canCancelContactForm,
  canRemoveContact,
  getCommunicationValue,
  getContactDisplayAddress,
} from '@agency/domain'
import type { Contact, ContactListAction, ContactListState } from '@agency/domain'
import { AddressCombobox } from '#app/components/alerts/address-combobox.tsx'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'

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
  /** Called with SPEC §5's first message when Save finds the form incomplete. */
  onWarning: (message: string) => void
}

/**
 * SPEC §2/§4 Contact tab in register mode: the alert's contacts, each with Edit and Remove, and the
 * contact form (opened by itself when creating with none; Save adds and closes; Cancel closes only
 * with a contact left; a contact lacking an address is opened for edit; Remove only while more than
 * one). Every field has a visible label; SPEC §5's messages show under their fields.
 */
export function ContactTab({ state, dispatch, subscriptionTypeIds, hydrated, server, onWarning }: ContactTabProps) {
  const { contacts, form } = state
  const formKey = form.kind === 'edit' ? `edit-${form.index}` : form.kind
  return (
    <div className="alert-contacts">
      {contacts.length > 0 && (
        <ul className="alert-contacts__list" aria-label={ALERT_COPY.CONTACTS_LABEL}>
          {contacts.map((contact, index) => {
            const fullName = `${contact.name} ${contact.surname}`
            return (
              <li key={`${fullName}-${index}`} className="alert-contact">
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
                      className="button button--small button--inverse"
                      disabled={form.kind !== 'closed'}
                      onClick={() => dispatch({ type: 'contactEdited', index })}
                      aria-label={ALERT_COPY.CONTACT_EDIT(fullName)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--small button--inverse"
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
      <input type="hidden" name={CONTACTS_JSON_FIELD} value={JSON.stringify(contacts)} />
      {state.warning && (
        <p className="warning" role="alert">
          {state.warning}
        </p>
      )}
      {form.kind === 'closed' ? (
        hydrated &&
        contacts.length < ALERT_MAX_CONTACTS && (
          <button type="button" className="button button--inverse" onClick={() => dispatch({ type: 'formOpened' })}>
            {ALERT_COPY.CONTACT_ADD}
          </button>
        )
      ) : (
        <ContactForm
          key={formKey}
          initial={form.kind === 'edit' ? toValues(form.contact) : { ...EMPTY, ...server?.values }}
          serverErrors={server?.errors ?? {}}
          canCancel={canCancelContactForm(state)}
          hydrated={hydrated}
          onCancel={() => dispatch({ type: 'formCancelled' })}
          onSave={async (values) => {
            const { parseAlertContact } = await import('#app/components/alerts/alert-checks.ts')
            const parsed = parseAlertContact({
              ...values,
              ...(form.kind === 'edit' && form.contact.contact_id ? { contact_id: form.contact.contact_id } : {}),
              subscription_types: values.subscription_confirmed ? [...subscriptionTypeIds] : [],
            })
            if (!parsed.success) {
              onWarning(parsed.message)
              return parsed.errors
            }
            dispatch({ type: 'contactSaved', contact: parsed.data })
            return null
          }}
        />
      )}
    </div>
  )
}

interface ContactFormProps {
  initial: ContactFormValues
  serverErrors: Record<string, string[]>
  canCancel: boolean
  hydrated: boolean
  onCancel: () => void
  /** Answers the messages by field when the form is incomplete, null when the contact was saved. */
  onSave: (values: ContactFormValues) => Promise<Record<string, string[]> | null>
}

function ContactForm({ initial, serverErrors, canCancel, hydrated, onCancel, onSave }: ContactFormProps) {
  const id = useId()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string[]>>(serverErrors)
  const set = (patch: Partial<ContactFormValues>) => setValues((current) => ({ ...current, ...patch }))
  const errorOf = (field: string) => errors[field]?.[0]
  const fieldProps = (field: Exclude<(typeof CONTACT_FIELDS)[number], 'subscription_confirmed' | 'salutation_id' | 'address'>) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    className: 'alert-field__input',
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? `${id}-${field}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set({ [field]: event.currentTarget.value }),
  })
  const error = (field: string) =>
    errorOf(field) && (
      <p id={`${id}-${field}-error`} className="alert-field__error">
        {errorOf(field)}
      </p>
    )

  return (
    <fieldset className="alert-contact-form">
      <legend className="alert-section__legend">{ALERT_COPY.CONTACT_FORM}</legend>
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
          </label>
          <input type="text" autoComplete="given-name" maxLength={100} {...fieldProps('name')} />
          {error('name')}
        </div>
        <div className="alert-field">
          <label htmlFor={`${id}-surname`} className="alert-field__label">
            {ALERT_COPY.SURNAME}
          </label>
          <input type="text" autoComplete="family-name" maxLength={100} {...fieldProps('surname')} />
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
          errorId={`${id}-address-error`}
        />
      </div>
      <div className="alert-field alert-field--wide">
        <span className="alert-field__label" id={`${id}-consent`}>
          {ALERT_COPY.CONSENT}
        </span>
        <label className="check alert-consent">
          <input
            type="checkbox"
            name="subscription_confirmed"
            value="true"
            checked={values.subscription_confirmed}
            aria-describedby={errorOf('subscription_confirmed') ? `${id}-subscription_confirmed-error` : undefined}
            aria-invalid={errorOf('subscription_confirmed') ? true : undefined}
            onChange={(event) => set({ subscription_confirmed: event.currentTarget.checked })}
          />
          <span>{MESSAGES.SUBSCRIPTION_CONSENT}</span>
        </label>
        {error('subscription_confirmed')}
      </div>
      {hydrated && (
        <div className="alert-contact-form__actions">
          <button
            type="button"
            className="button"
            onClick={() => void onSave(values).then((result) => setErrors(result ?? {}))}
          >
            {LABELS.SAVE}
          </button>
          <button type="button" className="button button--inverse" disabled={!canCancel} onClick={onCancel}>
            {LABELS.CANCEL}
          </button>
        </div>
      )}
    </fieldset>
  )
}
