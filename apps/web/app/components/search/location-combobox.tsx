import { useEffect, useRef } from 'react'
import type { ChangeEvent, InputHTMLAttributes } from 'react'
import type { SearchResultPlace } from '@agency/domain'
import { useCombobox } from 'downshift'
import type { UseComboboxState, UseComboboxStateChangeOptions } from 'downshift'
import { COPY } from '#app/copy.ts'
import { useFocusAtEndOnMount } from '#app/lib/focus-field.ts'

export interface LocationComboboxProps {
  /** The field's own attributes (name, length, hint …), the same as the plain field's. */
  inputProps: InputHTMLAttributes<HTMLInputElement>
  keyword: string
  places: readonly SearchResultPlace[]
  busy: boolean
  /** The plain field had the focus when this replaced it. */
  focusOnMount: boolean
  onTyped: (keyword: string) => void
  onChosen: (place: SearchResultPlace) => void
}

/**
 * The location field as an accessible combobox with its results list (SPEC §2/§4). It loads on
 * intent and replaces the plain field of location-search.tsx, which keeps the search's state: what
 * was typed before it arrived is already being searched.
 */
export function LocationCombobox({ inputProps, keyword, places, busy, focusOnMount, onTyped, onChosen }: LocationComboboxProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const { isOpen, highlightedIndex, openMenu, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<SearchResultPlace>({
    items: places as SearchResultPlace[],
    itemToString: (place) => place?.name ?? '',
    itemToKey: (place) => place?.place_id,
    inputValue: keyword,
    // Nothing stays selected: a choice becomes a chip, and the same place can be chosen again after removing it.
    selectedItem: null,
    stateReducer,
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChosen(selectedItem)
    },
  })

  useFocusAtEndOnMount(inputRef, focusOnMount)

  // Keys typed before the combobox arrived did not open its list: results for them open it now.
  const openMenuRef = useRef(openMenu)
  openMenuRef.current = openMenu
  useEffect(() => {
    if (places.length > 0 && document.activeElement === inputRef.current) openMenuRef.current()
  }, [places])

  const showList = isOpen && places.length > 0
  return (
    <>
      <label {...getLabelProps({ className: 'search-field__label' })}>{COPY.LOCATION}</label>
      <div className="location-search__combobox" data-busy={busy || undefined}>
        <input
          {...getInputProps({
            ...inputProps,
            ref: inputRef,
            // Typing is handled on the input's own change event, not downshift's onInputValueChange, which
            // runs after the render: a controlled value updated that late loses keys typed in quick succession.
            onChange: (event: ChangeEvent<HTMLInputElement>) => onTyped(event.currentTarget.value),
          })}
        />
        {busy && <span className="location-search__spinner" aria-hidden="true" />}
        <ul {...getMenuProps({ className: 'location-search__menu', 'aria-label': COPY.LOCATION_SUGGESTIONS })} hidden={!showList}>
          {showList &&
            places.map((place, index) => (
              <li
                key={place.place_id}
                className="location-search__option"
                data-highlighted={highlightedIndex === index || undefined}
                {...getItemProps({ item: place, index })}
              >
                <span className="location-search__option-name">{place.name}</span>
                <span className="location-search__option-description">{place.description}</span>
              </li>
            ))}
        </ul>
      </div>
    </>
  )
}

/**
 * Downshift's defaults, but Escape and leaving the field keep what was typed (Escape only closes the
 * list), and leaving the field never chooses the highlighted place by itself.
 */
function stateReducer(
  state: UseComboboxState<SearchResultPlace>,
  { type, changes }: UseComboboxStateChangeOptions<SearchResultPlace>,
): Partial<UseComboboxState<SearchResultPlace>> {
  switch (type) {
    case useCombobox.stateChangeTypes.InputKeyDownEscape:
      return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem }
    case useCombobox.stateChangeTypes.InputBlur:
      return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem }
    default:
      return changes
  }
}
