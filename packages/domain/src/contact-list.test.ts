import { describe, expect, it } from 'vitest'
import type { Contact } from './contact.ts'
import { canCancelContactForm, canRemoveContact, contactListReducer, initContactList, isSubmitDisabled } from './contact-list.ts'
import type { ContactListAction, ContactListState } from './contact-list.ts'

const person = (name: string, address: string | null = `${name}'s house`): Contact => ({
  salutation_id: 2,
  name,
  surname: 'Smith',
  contact_profiles: [],
  communication_infos: [{ value: `${name.toLowerCase()}@example.com`, preferred: true, communication_method_id: 1 }],
  contact_addresses: address ? [{ display_name: address }] : [],
  subscription_types: [1],
})
const ann = person('Ann')
const bob = person('Bob')
const cat = person('Cat')

const run = (state: ContactListState, ...actions: ContactListAction[]) => actions.reduce(contactListReducer, state)
const names = (state: ContactListState) => state.contacts.map((c) => c.name)

describe('register mode contact list (SPEC §4)', () => {
  it('opens the form by itself when creating with no contact', () => {
    expect(initContactList('create')).toEqual({ mode: 'create', contacts: [], form: { kind: 'new' }, saving: false, warning: null })
    expect(initContactList('update').form).toEqual({ kind: 'closed' })
    expect(initContactList('create', [ann]).form).toEqual({ kind: 'closed' })
  })

  it('Save adds the contact and closes the form', () => {
    const state = run(initContactList('create'), { type: 'contactSaved', contact: ann })
    expect(names(state)).toEqual(['Ann'])
    expect(state.form).toEqual({ kind: 'closed' })
  })

  it('Cancel closes the form only if a contact exists', () => {
    const empty = initContactList('create')
    expect(run(empty, { type: 'formCancelled' })).toBe(empty)
    expect(canCancelContactForm(empty)).toBe(false)
    const withOne = run(initContactList('create', [ann]), { type: 'formOpened' })
    expect(withOne.form).toEqual({ kind: 'new' })
    expect(canCancelContactForm(withOne)).toBe(true)
    expect(run(withOne, { type: 'formCancelled' }).form).toEqual({ kind: 'closed' })
  })

  it('editing removes the contact and reopens it in the form; Save puts it back in place', () => {
    const start = initContactList('update', [ann, bob, cat])
    const editing = run(start, { type: 'contactEdited', index: 1 })
    expect(names(editing)).toEqual(['Ann', 'Cat'])
    expect(editing.form).toEqual({ kind: 'edit', contact: bob, index: 1 })
    const saved = run(editing, { type: 'contactSaved', contact: { ...bob, name: 'Rob' } })
    expect(names(saved)).toEqual(['Ann', 'Rob', 'Cat'])
  })

  it('Cancel of an edit puts the contact back unchanged, even the only one', () => {
    const editing = run(initContactList('update', [ann]), { type: 'contactEdited', index: 0 })
    expect(editing.contacts).toEqual([])
    expect(canCancelContactForm(editing)).toBe(true)
    expect(run(editing, { type: 'formCancelled' }).contacts).toEqual([ann])
  })

  it('forces a contact without address into edit', () => {
    const noAddress = person('Dan', null)
    const state = initContactList('update', [ann, noAddress])
    expect(names(state)).toEqual(['Ann'])
    expect(state.form).toEqual({ kind: 'edit', contact: noAddress, index: 1 })
    expect(run(state, { type: 'contactSaved', contact: person('Dan') }).form).toEqual({ kind: 'closed' })
  })

  it('drops an address-less contact on Cancel when others exist, and keeps the form when none do', () => {
    const dan = person('Dan', null)
    expect(names(run(initContactList('update', [ann, dan]), { type: 'formCancelled' }))).toEqual(['Ann'])
    const alone = initContactList('update', [dan])
    expect(run(alone, { type: 'formCancelled' })).toBe(alone)
  })

  it('removes a contact only while more than one exists', () => {
    const two = initContactList('update', [ann, bob])
    expect(canRemoveContact(two)).toBe(true)
    const one = run(two, { type: 'contactRemoved', index: 0 })
    expect(names(one)).toEqual(['Bob'])
    expect(canRemoveContact(one)).toBe(false)
    const refused = run(one, { type: 'contactRemoved', index: 0 })
    expect(names(refused)).toEqual(['Bob'])
    expect(refused.warning).toBe('You must add a contact at least.')
    expect(run(refused, { type: 'warningDismissed' }).warning).toBeNull()
  })

  it('disables submit while saving', () => {
    const saving = run(initContactList('update', [ann]), { type: 'submitStarted' })
    expect(isSubmitDisabled(saving)).toBe(true)
    expect(isSubmitDisabled(run(saving, { type: 'submitFinished' }))).toBe(false)
  })

  it('ignores opening or editing while the form is already open', () => {
    const editing = run(initContactList('update', [ann, bob]), { type: 'contactEdited', index: 0 })
    expect(run(editing, { type: 'formOpened' })).toBe(editing)
    expect(run(editing, { type: 'contactEdited', index: 0 })).toBe(editing)
    const start = initContactList('update', [ann])
    expect(run(start, { type: 'contactEdited', index: 5 })).toBe(start)
  })

  it('re-initialises for a new mode and contacts', () => {
    expect(run(initContactList('update', [ann]), { type: 'initialised', mode: 'create', contacts: [] })).toEqual(initContactList('create'))
  })
})
