import { useEffect, useId, useRef, useState } from 'react'
import type { ChangeEvent, FocusEvent } from 'react'
import { useCombobox } from 'downshift'
import type { UseComboboxState, UseComboboxStateChangeOptions } from 'downshift'
import { MESSAGES, findTypedSuggestion } from '@agency/domain'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { RequiredMark } from '#app/components/ui/required-mark.tsx'
import { keepCaretInFocusedField, useFocusAtEndOnMount } from '#app/lib/focus-field.ts'
import type { AddressSuggestionLine } from '#app/components/alerts/address-client.ts'

// The client loads on first focus, as the location search's does: it stays out of the first load.
const loadAddressClient = () => import('#app/components/alerts/address-client.ts')

/** How long typing must pause before the suggestions are asked for. */
const ADDRESS_DEBOUNCE_MS = 400
/** Fewer characters than this find nothing useful. */
const ADDRESS_MIN_LENGTH = 3

/** Class names of the field's parts, so each form styles it as its own fields. */
export interface AddressComboboxClasses {
  field: string
  label: string
  input: string
  hint: string
  error: string
}

const ALERT_CLASSES: AddressComboboxClasses = {
  field: 'alert-field alert-field--wide',
  label: 'alert-field__label',
  input: 'alert-field__input',
  hint: 'alert-field__hint',
  error: 'alert-field__error',
}

export interface AddressComboboxProps {
  name: string
  value: string
  /** Called with the text as typed, and with a suggestion's line when one is chosen. */
  onChange: (value: string) => void
  /**
   * Called when a suggestion is chosen (the lead form keeps its id: SPEC §5 'Address must be selected'),
   * by a click or the keyboard, or by typing it exactly as it reads (case and spaces aside).
   */
  onSelect?: (suggestion: AddressSuggestionLine) => void
  hydrated: boolean
  error?: string | undefined
  errorId: string
  label?: string
  hint?: string
  classes?: AddressComboboxClasses
  /** Takes the focus when it appears (it replaced a plain field the visitor was in). */
  autoFocus?: boolean
  /** Looks up what the field already holds as soon as it appears. */
  searchOnMount?: boolean
  /** Marked as required (the alert's contact: SPEC §5 'Please enter an address.'). */
  required?: boolean
}

type Status = { kind: 'idle' } | { kind: 'searching' } | { kind: 'results'; count: number } | { kind: 'none' }

/**
 * The contact's address, chosen from the suggestions of GET /api/addresses, in the alert contact form
 * and the lead form, through the same accessible combobox (downshift) as the location search. Without
 * JavaScript it is a plain text field.
 */
export function AddressCombobox(props: AddressComboboxProps) {
  const { name, value, onChange, onSelect, hydrated, error, errorId, autoFocus, searchOnMount } = props
  const classes = props.classes ?? ALERT_CLASSES
  const hintId = useId()
  const statusId = useId()
  const [suggestions, setSuggestions] = useState<AddressSuggestionLine[]>([])
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [pending, setPending] = useState<{ keyword: string } | null>(() =>
    searchOnMount && value.trim().length >= ADDRESS_MIN_LENGTH ? { keyword: value.trim() } : null,
  )

  useEffect(() => {
    if (!pending) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      loadAddressClient()
        .then((client) => client.findAddressSuggestions(pending.keyword, { signal: controller.signal }))
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

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<AddressSuggestionLine>({
    items: suggestions,
    itemToString: (item) => item?.display_name ?? '',
    inputValue: value,
    selectedItem: null,
    stateReducer,
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem === null || selectedItem === undefined) return
      onChange(selectedItem.display_name)
      onSelect?.(selectedItem)
      setSuggestions([])
      setPending(null)
      setStatus({ kind: 'idle' })
    },
  })

  // Typed exactly as a suggestion reads (case and spaces aside): that is choosing it, whether the
  // suggestions came before or after the last keystroke.
  useEffect(() => {
    if (!onSelect) return
    const match = findTypedSuggestion(suggestions, value)
    if (match) onSelect(match)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onSelect is a new function each render
  }, [suggestions, value])

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

  const inputRef = useRef<HTMLInputElement>(null)
  useFocusAtEndOnMount(inputRef, autoFocus ?? false)

  const describedBy = [error ? errorId : null, statusId, hintId].filter(Boolean).join(' ')
  const inputProps = getInputProps({
    ref: inputRef,
    name,
    type: 'text',
    autoComplete: 'street-address',
    maxLength: 255,
    className: classes.input,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': props.required || undefined,
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      keepCaretInFocusedField(event.currentTarget)
      void loadAddressClient()
    },
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
    <div className={classes.field}>
      <label {...getLabelProps({ className: classes.label })}>
        {props.label ?? ALERT_COPY.ADDRESS}
        {props.required && <RequiredMark />}
      </label>
      <div className="location-search__combobox">
        <input {...(hydrated ? inputProps : plainInputProps)} />
        <ul {...getMenuProps({ className: 'location-search__menu', 'aria-label': ALERT_COPY.ADDRESS_SUGGESTIONS })} hidden={!showList}>
          {showList &&
            suggestions.map((suggestion, index) => (
              <li
                key={suggestion.suggestion_id}
                className="location-search__option"
                data-highlighted={highlightedIndex === index || undefined}
                {...getItemProps({ item: suggestion, index })}
              >
                {suggestion.display_name}
              </li>
            ))}
        </ul>
      </div>
      <p id={hintId} className={classes.hint}>
        {props.hint ?? ALERT_COPY.ADDRESS_HINT}
      </p>
      <p id={statusId} role="status" className="visually-hidden">
        {statusText}
      </p>
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  )
}

/** Escape and leaving the field keep what was typed, and never choose the highlighted suggestion. */
function stateReducer(
  state: UseComboboxState<AddressSuggestionLine>,
  { type, changes }: UseComboboxStateChangeOptions<AddressSuggestionLine>,
): Partial<UseComboboxState<AddressSuggestionLine>> {
  switch (type) {
    case useCombobox.stateChangeTypes.InputKeyDownEscape:
    case useCombobox.stateChangeTypes.InputBlur:
      return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem }
    default:
      return changes
  }
}
