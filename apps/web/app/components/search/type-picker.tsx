import { Suspense, lazy } from 'react'
import {
  FEATURED_PROPERTY_TYPES,
  LABELS,
  PROPERTY_STYLES,
  PROPERTY_TYPES,
  isFeaturedSelected,
  toPropertyTypeParam,
  toSelectionOutsideFeatured,
} from '@agency/domain'
import type { PropertyTypeSelection, SearchPanelTheme, TypeSelectionAction, TypeSelectionState } from '@agency/domain'
import { COPY } from '#app/copy.ts'

const loadTypeStylePopup = () => import('#app/components/search/type-style-popup.tsx')
const TypeStylePopup = lazy(loadTypeStylePopup)

interface TypePickerProps {
  types: TypeSelectionState
  dispatch: (action: TypeSelectionAction) => void
  hydrated: boolean
  theme: SearchPanelTheme
}

/** What a selection entry reads as: its type's name when whole, else its styles' names. */
function toSelectionNames(entry: PropertyTypeSelection): string[] {
  if (entry.property_style_ids.length === 0) {
    return PROPERTY_TYPES.filter((type) => type.property_type_id === entry.property_type_id).map((type) => type.name)
  }
  return PROPERTY_STYLES.filter((style) => entry.property_style_ids.includes(style.property_style_id)).map((style) => style.name)
}

/**
 * SPEC §2/§3/§4 type and style picker: the featured boxes, and the 'Other / Advanced' popup with every
 * type and style. The boxes are checkboxes named `property_types`, so they work without JavaScript;
 * the popup needs it, and what it chose beyond the boxes travels in hidden fields.
 */
export function TypePicker({ types, dispatch, hydrated, theme }: TypePickerProps) {
  const { selection } = types
  const outside = toSelectionOutsideFeatured(selection)
  const outsideNames = outside.flatMap(toSelectionNames)
  return (
    <fieldset className="type-picker">
      <legend className="search-panel__legend">{COPY.PROPERTY_TYPE}</legend>
      <ul className="type-picker__boxes" role="list">
        {FEATURED_PROPERTY_TYPES.map((featured) => (
          <li key={featured.key}>
            <label className="type-box">
              <input
                type="checkbox"
                className="type-box__input"
                name="property_types"
                value={toPropertyTypeParam({ property_type_id: featured.property_type_id, property_style_ids: [...featured.property_style_ids] })}
                checked={isFeaturedSelected(selection, featured)}
                onChange={() => dispatch({ type: 'featuredToggled', key: featured.key })}
              />
              <span className="type-box__label">{featured.label}</span>
            </label>
          </li>
        ))}
      </ul>
      {outside.map((entry) => (
        <input key={entry.property_type_id} type="hidden" name="property_types" value={toPropertyTypeParam(entry)} />
      ))}
      {outsideNames.length > 0 && (
        <p className="type-picker__others">
          {COPY.OTHER_STYLES_CHOSEN} {outsideNames.join(', ')}
        </p>
      )}
      {hydrated && (
        <button
          type="button"
          className="type-picker__advanced"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadTypeStylePopup()}
          onFocus={() => void loadTypeStylePopup()}
          onClick={() => dispatch({ type: 'popupOpened', activeTypeId: selection[0]?.property_type_id ?? PROPERTY_TYPES[0].property_type_id })}
        >
          {LABELS.OTHER_ADVANCED}
        </button>
      )}
      {types.working !== null && (
        <Suspense fallback={null}>
          <TypeStylePopup types={types} dispatch={dispatch} theme={theme} />
        </Suspense>
      )}
    </fieldset>
  )
}
