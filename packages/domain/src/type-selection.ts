/**
 * SPEC §4 type and style selection: the featured boxes, and the 'Other / Advanced' popup with a type
 * list, a style list with All and Clear, and Cancel and Save.
 *
 * A selection is a list of PropertyTypeSelection (catalogue.ts): a type with its chosen styles, an
 * empty style list meaning the whole type (type-only boxes such as Bungalow and Land). Style ids are
 * kept in ascending order and types in the order they were first chosen.
 */
import type { PropertyTypeSelection } from './catalogue.schema.ts'
import { FEATURED_PROPERTY_TYPES, PROPERTY_STYLES } from './property-types.ts'
import type { FeaturedPropertyType } from './property-types.ts'

/** A property type selection list. */
export type TypeSelection = readonly PropertyTypeSelection[]

/** The style ids of a type, in catalogue order. */
export function getStyleIdsOfType(propertyTypeId: number): number[] {
  return PROPERTY_STYLES.filter((s) => s.property_type_id === propertyTypeId).map((s) => s.property_style_id)
}

const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b)

/** The selection's entry of a type, if chosen. */
export function findTypeSelection(selection: TypeSelection, propertyTypeId: number): PropertyTypeSelection | undefined {
  return selection.find((s) => s.property_type_id === propertyTypeId)
}

/** The styles a type's entry stands for: its listed styles, or every style of the type when whole. */
export function getEffectiveStyleIds(entry: PropertyTypeSelection): number[] {
  return entry.property_style_ids.length ? [...entry.property_style_ids] : getStyleIdsOfType(entry.property_type_id)
}

/** Whether a style is chosen (listed, or its type chosen whole). */
export function isStyleSelected(selection: TypeSelection, propertyTypeId: number, propertyStyleId: number): boolean {
  const entry = findTypeSelection(selection, propertyTypeId)
  return entry !== undefined && getEffectiveStyleIds(entry).includes(propertyStyleId)
}

/** Whether a type is chosen at all (some or all of its styles). */
export function isTypeSelected(selection: TypeSelection, propertyTypeId: number): boolean {
  return findTypeSelection(selection, propertyTypeId) !== undefined
}

/** Replaces a type's styles; SPEC §4: a type with no styles left is removed. A new type is appended. */
function withStyles(selection: TypeSelection, propertyTypeId: number, styleIds: readonly number[]): PropertyTypeSelection[] {
  if (styleIds.length === 0) return selection.filter((s) => s.property_type_id !== propertyTypeId)
  const entry = { property_type_id: propertyTypeId, property_style_ids: sorted(styleIds) }
  return isTypeSelected(selection, propertyTypeId)
    ? selection.map((s) => (s.property_type_id === propertyTypeId ? entry : s))
    : [...selection, entry]
}

/** Chooses a whole type (an empty style list), replacing any styles listed for it. */
function withWholeType(selection: TypeSelection, propertyTypeId: number): PropertyTypeSelection[] {
  const entry = { property_type_id: propertyTypeId, property_style_ids: [] }
  return isTypeSelected(selection, propertyTypeId)
    ? selection.map((s) => (s.property_type_id === propertyTypeId ? entry : s))
    : [...selection, entry]
}

/**
 * SPEC §4: a featured box counts as selected only when all its styles are chosen. A type-only box
 * (Bungalow, Land) stands for every style of its type.
 */
export function isFeaturedSelected(selection: TypeSelection, featured: FeaturedPropertyType): boolean {
  const entry = findTypeSelection(selection, featured.property_type_id)
  if (!entry) return false
  const chosen = getEffectiveStyleIds(entry)
  const wanted = featured.property_style_ids.length ? featured.property_style_ids : getStyleIdsOfType(featured.property_type_id)
  return wanted.every((id) => chosen.includes(id))
}

/**
 * SPEC §4: toggling a featured box adds or removes all its styles (a type left with none is removed);
 * a type-only box adds or removes its whole type.
 */
export function toggleFeatured(selection: TypeSelection, featured: FeaturedPropertyType): PropertyTypeSelection[] {
  const typeId = featured.property_type_id
  if (featured.property_style_ids.length === 0) {
    return isFeaturedSelected(selection, featured) ? withStyles(selection, typeId, []) : withWholeType(selection, typeId)
  }
  const entry = findTypeSelection(selection, typeId)
  const chosen = entry ? getEffectiveStyleIds(entry) : []
  const next = isFeaturedSelected(selection, featured)
    ? chosen.filter((id) => !featured.property_style_ids.includes(id))
    : [...chosen, ...featured.property_style_ids]
  return withStyles(selection, typeId, next)
}

/** Toggles one style of the style list; a type left with no styles is removed (SPEC §4). */
export function toggleStyle(selection: TypeSelection, propertyTypeId: number, propertyStyleId: number): PropertyTypeSelection[] {
  const entry = findTypeSelection(selection, propertyTypeId)
  const chosen = entry ? getEffectiveStyleIds(entry) : []
  const next = chosen.includes(propertyStyleId) ? chosen.filter((id) => id !== propertyStyleId) : [...chosen, propertyStyleId]
  return withStyles(selection, propertyTypeId, next)
}

/** The style list's 'All': every style of the type (the whole type when it has no styles). */
export function selectAllStyles(selection: TypeSelection, propertyTypeId: number): PropertyTypeSelection[] {
  const all = getStyleIdsOfType(propertyTypeId)
  return all.length ? withStyles(selection, propertyTypeId, all) : withWholeType(selection, propertyTypeId)
}

/** The style list's 'Clear': no style of the type, so the type is removed (SPEC §4). */
export function clearStyles(selection: TypeSelection, propertyTypeId: number): PropertyTypeSelection[] {
  return withStyles(selection, propertyTypeId, [])
}

/** Toggles a type of the type list as a whole: chosen whole when absent, removed when present. */
export function toggleType(selection: TypeSelection, propertyTypeId: number): PropertyTypeSelection[] {
  return isTypeSelected(selection, propertyTypeId) ? clearStyles(selection, propertyTypeId) : withWholeType(selection, propertyTypeId)
}

/**
 * One entry per type, in first-seen order: a whole type wins over its styles, otherwise the styles are
 * united. A form without JavaScript sends each featured box as its own entry (Detached `1:1,7`,
 * Semi-Detached `1:2`); this is the selection they add up to.
 */
export function toMergedTypeSelection(selection: TypeSelection): PropertyTypeSelection[] {
  const merged = new Map<number, Set<number> | 'whole'>()
  for (const entry of selection) {
    const seen = merged.get(entry.property_type_id)
    if (seen === 'whole') continue
    if (entry.property_style_ids.length === 0) merged.set(entry.property_type_id, 'whole')
    else merged.set(entry.property_type_id, new Set([...(seen ?? []), ...entry.property_style_ids]))
  }
  return [...merged].map(([typeId, styles]) => ({
    property_type_id: typeId,
    property_style_ids: styles === 'whole' ? [] : sorted(styles),
  }))
}

/**
 * What of a selection the featured boxes do not show: the styles outside every chosen box. A form
 * without JavaScript sends it in a hidden field beside the boxes, so a style chosen in the 'Other /
 * Advanced' popup survives the next search; toMergedTypeSelection adds the two back up.
 */
export function toSelectionOutsideFeatured(selection: TypeSelection): PropertyTypeSelection[] {
  const covered = new Map<number, Set<number> | 'whole'>()
  for (const featured of FEATURED_PROPERTY_TYPES) {
    if (!isFeaturedSelected(selection, featured)) continue
    if (featured.property_style_ids.length === 0) covered.set(featured.property_type_id, 'whole')
    else {
      const seen = covered.get(featured.property_type_id)
      if (seen !== 'whole') covered.set(featured.property_type_id, new Set([...(seen ?? []), ...featured.property_style_ids]))
    }
  }
  return selection.flatMap((entry) => {
    const cover = covered.get(entry.property_type_id)
    if (cover === undefined) return [entry]
    if (cover === 'whole') return []
    const rest = getEffectiveStyleIds(entry).filter((id) => !cover.has(id))
    return rest.length ? [{ property_type_id: entry.property_type_id, property_style_ids: rest }] : []
  })
}

/** The picker's state: the applied selection, and the popup's working copy while it is open. */
export interface TypeSelectionState {
  readonly selection: TypeSelection
  /** The popup's working selection; null while the popup is closed. */
  readonly working: TypeSelection | null
  /** The type whose style list the popup shows (step two of the mobile layout). */
  readonly activeTypeId: number | null
}

/** The picker's transitions, named after SPEC §4. */
export type TypeSelectionAction =
  | { readonly type: 'featuredToggled'; readonly key: string }
  | { readonly type: 'popupOpened'; readonly activeTypeId?: number | null }
  | { readonly type: 'typeShown'; readonly propertyTypeId: number | null }
  | { readonly type: 'typeToggled'; readonly propertyTypeId: number }
  | { readonly type: 'styleToggled'; readonly propertyTypeId: number; readonly propertyStyleId: number }
  | { readonly type: 'allStylesSelected'; readonly propertyTypeId: number }
  | { readonly type: 'stylesCleared'; readonly propertyTypeId: number }
  | { readonly type: 'saved' }
  | { readonly type: 'cancelled' }
  | { readonly type: 'reset'; readonly selection: TypeSelection }

/** The picker's starting state for an applied selection. */
export function initTypeSelection(selection: TypeSelection = []): TypeSelectionState {
  return { selection, working: null, activeTypeId: null }
}

/**
 * The picker's reducer. Featured boxes act on the popup's working copy while it is open, else on the
 * applied selection. Save copies the working selection; Cancel discards it (SPEC §4).
 */
export function typeSelectionReducer(state: TypeSelectionState, action: TypeSelectionAction): TypeSelectionState {
  const edit = (change: (selection: TypeSelection) => PropertyTypeSelection[]): TypeSelectionState =>
    state.working ? { ...state, working: change(state.working) } : { ...state, selection: change(state.selection) }
  switch (action.type) {
    case 'featuredToggled': {
      const featured = FEATURED_PROPERTY_TYPES.find((f) => f.key === action.key)
      return featured ? edit((s) => toggleFeatured(s, featured)) : state
    }
    case 'popupOpened':
      return { ...state, working: [...state.selection], activeTypeId: action.activeTypeId ?? null }
    case 'typeShown':
      return { ...state, activeTypeId: action.propertyTypeId }
    case 'typeToggled':
      return edit((s) => toggleType(s, action.propertyTypeId))
    case 'styleToggled':
      return edit((s) => toggleStyle(s, action.propertyTypeId, action.propertyStyleId))
    case 'allStylesSelected':
      return edit((s) => selectAllStyles(s, action.propertyTypeId))
    case 'stylesCleared':
      return edit((s) => clearStyles(s, action.propertyTypeId))
    case 'saved':
      return state.working ? { selection: state.working, working: null, activeTypeId: null } : state
    case 'cancelled':
      return { ...state, working: null, activeTypeId: null }
    case 'reset':
      return initTypeSelection(action.selection)
  }
}
