/**
 * SPEC §4 register mode: the alert screen's contact list and its contact form.
 */
import { hasContactAddress } from './contact.ts'
import type { Contact } from './contact.ts'
import { MESSAGES } from './messages.ts'
import type { AlertMode } from './alert-payload.ts'

/** The contact form: closed, adding a new contact, or editing one taken out of the list. */
export type ContactForm =
  | { readonly kind: 'closed' }
  | { readonly kind: 'new' }
  | {
      readonly kind: 'edit'
      readonly contact: Contact
      /** Where the contact stood in the list, to put it back on Cancel. */
      readonly index: number
    }

/** The contact list's state. */
export interface ContactListState {
  readonly mode: AlertMode
  readonly contacts: readonly Contact[]
  readonly form: ContactForm
  /** SPEC §4: while saving, the submit button is disabled. */
  readonly saving: boolean
  /** A warning to show (SPEC §5: 'You must add a contact at least.'), until dismissed. */
  readonly warning: string | null
}

/** The contact list's transitions, named after SPEC §4. */
export type ContactListAction =
  | { readonly type: 'initialised'; readonly mode: AlertMode; readonly contacts: readonly Contact[] }
  | { readonly type: 'formOpened' }
  | { readonly type: 'contactSaved'; readonly contact: Contact }
  | { readonly type: 'formCancelled' }
  | { readonly type: 'contactEdited'; readonly index: number }
  | { readonly type: 'contactRemoved'; readonly index: number }
  | { readonly type: 'submitStarted' }
  | { readonly type: 'submitFinished' }
  | { readonly type: 'warningDismissed' }

const CLOSED: ContactForm = { kind: 'closed' }

/**
 * SPEC §4: a contact lacking an address is forced into edit, and the form opens by itself when
 * creating with no contact. Applied after every change that closes the form.
 */
function settle(state: ContactListState): ContactListState {
  if (state.form.kind !== 'closed') return state
  const index = state.contacts.findIndex((c) => !hasContactAddress(c))
  if (index !== -1) return edit(state, index)
  if (state.mode === 'create' && state.contacts.length === 0) return { ...state, form: { kind: 'new' } }
  return state
}

function edit(state: ContactListState, index: number): ContactListState {
  const contact = state.contacts[index]
  if (!contact) return state
  return { ...state, contacts: state.contacts.filter((_, i) => i !== index), form: { kind: 'edit', contact, index } }
}

/** The starting state of the register screen's contact list. */
export function initContactList(mode: AlertMode, contacts: readonly Contact[] = []): ContactListState {
  return settle({ mode, contacts, form: CLOSED, saving: false, warning: null })
}

/**
 * The contact list's reducer (SPEC §4):
 * - Save adds the contact to the list (where an edited one stood) and closes the form.
 * - Cancel closes the form only if at least one contact exists; cancelling an edit puts the contact
 *   back unchanged when it has an address (one forced into edit for lacking it is dropped).
 * - Editing removes the contact from the list and reopens it in the form.
 * - A contact can be removed only while more than one exists; otherwise the warning
 *   'You must add a contact at least.'.
 */
export function contactListReducer(state: ContactListState, action: ContactListAction): ContactListState {
  switch (action.type) {
    case 'initialised':
      return initContactList(action.mode, action.contacts)
    case 'formOpened':
      return state.form.kind === 'closed' ? { ...state, form: { kind: 'new' } } : state
    case 'contactSaved': {
      const contacts = [...state.contacts]
      if (state.form.kind === 'edit') contacts.splice(Math.min(state.form.index, contacts.length), 0, action.contact)
      else contacts.push(action.contact)
      return settle({ ...state, contacts, form: CLOSED, warning: null })
    }
    case 'formCancelled': {
      const form = state.form
      if (form.kind === 'edit' && hasContactAddress(form.contact)) {
        const contacts = [...state.contacts]
        contacts.splice(Math.min(form.index, contacts.length), 0, form.contact)
        return settle({ ...state, contacts, form: CLOSED })
      }
      return state.contacts.length > 0 ? settle({ ...state, form: CLOSED }) : state
    }
    case 'contactEdited':
      return state.form.kind === 'closed' ? edit(state, action.index) : state
    case 'contactRemoved':
      if (!canRemoveContact(state)) return { ...state, warning: MESSAGES.CONTACT_REQUIRED }
      return { ...state, contacts: state.contacts.filter((_, i) => i !== action.index) }
    case 'submitStarted':
      return { ...state, saving: true }
    case 'submitFinished':
      return { ...state, saving: false }
    case 'warningDismissed':
      return { ...state, warning: null }
  }
}

/** SPEC §4: a contact can be removed only while more than one contact exists. */
export function canRemoveContact(state: Pick<ContactListState, 'contacts'>): boolean {
  return state.contacts.length > 1
}

/** SPEC §4: Cancel closes the form only if at least one contact exists (or an edit can be undone). */
export function canCancelContactForm(state: Pick<ContactListState, 'contacts' | 'form'>): boolean {
  return state.contacts.length > 0 || (state.form.kind === 'edit' && hasContactAddress(state.form.contact))
}

/** SPEC §4: while saving, the submit button is disabled. */
export function isSubmitDisabled(state: Pick<ContactListState, 'saving'>): boolean {
  return state.saving
}
