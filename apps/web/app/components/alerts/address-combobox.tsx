import { useEffect, useId, useState } from 'react'
import type { ChangeEvent } from 'react'
import { useCombobox } from 'downshift'
import type { UseComboboxState, UseComboboxStateChangeOptions } from 'downshift'
import { MESSAGES } from '@agency/domain'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'

// The client loads on first focus, as the location search's does: it stays out of the first load.
const loadAddressClient = () => import('#app/components/alerts/address-client.ts')

/** How long typing must pause before the suggestions are asked for. */
const ADDRESS_DEBOUNCE_MS = 400
/** Fewer characters than this find nothing useful. */
const ADDRESS_MIN_LENGTH = 3

interface AddressComboboxProps {
  name: string
  value: string
  onChange: (value: string) => void
  hydrated: boolean
  error?: string | undefined
  errorId: string
}

type Status = { kind: 'idle' } | { kind: 'searching' } | { kind: 'results'; count: number } | { kind: 'none' }

/**
 * The contact's address, chosen from the suggestions of GET /api/addresses (shared with the lead form)
 * through the same accessible combobox (downshift) as the location search. Without JavaScript it is
 * a plain text field.
 */
export function AddressCombobox({ name, value, onChange, hydrated, error, errorId }: AddressComboboxProps) {
  const hintId = useId()
  const statusId = useId()
  const [suggestions, setSuggestions] = useState<string[]>([])
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [pending, setPending] = useState<{ keyword: string } | null>(null)

  useEffect(() => {
    if (!pending) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      loadAddressClient()
        .then((client) => client.findAddresses(pending.keyword, { signal: controller.signal }))
        .then((found) => {
          setSuggestions(found)
          setStatus(found.length ? { kind: 'results', count: found.length } : { kind: 'none' })
        })
        .catch(() => {
          if (controller.signal.aborted) return
          setSuggestions([])
          setStatus({ kind: 'none' })
        })
    }, ADDRESS_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [pending])

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<string>({
    items: suggestions,
    inputValue: value,
    selectedItem: null,
    stateReducer,
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem === null || selectedItem === undefined) return
      onChange(selectedItem)
      setSuggestions([])
      setPending(null)
      setStatus({ kind: 'idle' })
    },
  })

  function typed(text: string) {
    onChange(text)
    if (text.trim().length < ADDRESS_MIN_LENGTH) {
      setPending(null)
      setSuggestions([])
      setStatus({ kind: 'idle' })
      return
    }
    setStatus({ kind: 'searching' })
    setPending({ keyword: text.trim() })
  }

  const describedBy = [error ? errorId : null, statusId, hintId].filter(Boolean).join(' ')
  const inputProps = getInputProps({
    name,
    type: 'text',
    autoComplete: 'street-address',
    maxLength: 255,
    className: 'alert-field__input',
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    onFocus: () => void loadAddressClient(),
    onChange: (event: ChangeEvent<HTMLInputElement>) => typed(event.currentTarget.value),
  })
  const {
    role: _role,
    'aria-autocomplete': _autocomplete,
    'aria-controls': _controls,
    'aria-expanded': _expanded,
    'aria-activedescendant': _active,
    ...plainInputProps
  } = inputProps
  const showList = isOpen && suggestions.length > 0
  const statusText =
    status.kind === 'searching'
      ? ALERT_COPY.ADDRESS_SEARCHING
      : status.kind === 'results'
        ? ALERT_COPY.ADDRESS_RESULTS(status.count)
        : status.kind === 'none'
          ? MESSAGES.ADDRESS_NOT_FOUND
          : ''

  return (
    <div className="alert-field alert-field--wide">
      <label {...getLabelProps({ className: 'alert-field__label' })}>{ALERT_COPY.ADDRESS}</label>
      <div className="location-search__combobox">
        <input {...(hydrated ? inputProps : plainInputProps)} />
        <ul {...getMenuProps({ className: 'location-search__menu' })} hidden={!showList}>
          {showList &&
            suggestions.map((suggestion, index) => (
              <li
                key={suggestion}
                className="location-search__option"
                data-highlighted={highlightedIndex === index || undefined}
                {...getItemProps({ item: suggestion, index })}
              >
                {suggestion}
              </li>
            ))}
        </ul>
      </div>
      <p id={hintId} className="alert-field__hint">
        {ALERT_COPY.ADDRESS_HINT}
      </p>
      <p id={statusId} role="status" className="visually-hidden">
        {statusText}
      </p>
      {error && (
        <p id={errorId} className="alert-field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** Escape and leaving the field keep what was typed, and never choose the highlighted suggestion. */
function stateReducer(state: UseComboboxState<string>, { type, changes }: UseComboboxStateChangeOptions<string>): Partial<UseComboboxState<string>> {
  switch (type) {
    case useCombobox.stateChangeTypes.InputKeyDownEscape:
    case useCombobox.stateChangeTypes.InputBlur:
      return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem }
    default:
      return changes
  }
}
