import { describe, expect, it } from 'vitest'
import { FEATURED_PROPERTY_TYPES } from './property-types.ts'
import type { FeaturedPropertyType } from './property-types.ts'
import {
  clearStyles,
  getStyleIdsOfType,
  initTypeSelection,
  isFeaturedSelected,
  isStyleSelected,
  selectAllStyles,
  toggleFeatured,
  toggleStyle,
  toMergedTypeSelection,
  toSelectionOutsideFeatured,
  toggleType,
  typeSelectionReducer,
} from './type-selection.ts'
import type { TypeSelection, TypeSelectionAction } from './type-selection.ts'

const featured = (key: string): FeaturedPropertyType => FEATURED_PROPERTY_TYPES.find((f) => f.key === key)!
const detached = featured('detached')
const semi = featured('semi-detached')
const terraced = featured('terraced')
const flats = featured('flats')
const bungalow = featured('bungalow')
const land = featured('land')

describe('featured boxes (SPEC §4)', () => {
  it('adds all the styles of a box', () => {
    expect(toggleFeatured([], detached)).toEqual([{ property_type_id: 1, property_style_ids: [1, 7] }])
  })
  it('merges boxes of the same type, styles sorted', () => {
    expect(toggleFeatured(toggleFeatured([], terraced), detached)).toEqual([{ property_type_id: 1, property_style_ids: [1, 3, 4, 7, 8] }])
  })
  it('removes only the box’s styles, then the type once no styles are left', () => {
    const both = toggleFeatured(toggleFeatured([], detached), semi)
    expect(toggleFeatured(both, detached)).toEqual([{ property_type_id: 1, property_style_ids: [2] }])
    expect(toggleFeatured(toggleFeatured(both, detached), semi)).toEqual([])
  })
  it('selects a type-only box as its whole type, and removes it again', () => {
    const selection = toggleFeatured(toggleFeatured([], bungalow), land)
    expect(selection).toEqual([
      { property_type_id: 3, property_style_ids: [] },
      { property_type_id: 6, property_style_ids: [] },
    ])
    expect(toggleFeatured(selection, bungalow)).toEqual([{ property_type_id: 6, property_style_ids: [] }])
  })
  it.each<[string, TypeSelection, FeaturedPropertyType, boolean]>([
    ['all of a box’s styles', [{ property_type_id: 1, property_style_ids: [1, 7] }], detached, true],
    ['only some of them', [{ property_type_id: 1, property_style_ids: [1] }], detached, false],
    ['the whole type', [{ property_type_id: 1, property_style_ids: [] }], terraced, true],
    ['another type', [{ property_type_id: 2, property_style_ids: [9] }], detached, false],
    ['a type-only box chosen whole', [{ property_type_id: 3, property_style_ids: [] }], bungalow, true],
    ['a type-only box with every style listed', [{ property_type_id: 3, property_style_ids: [14, 15, 16] }], bungalow, true],
    ['a type-only box with one style', [{ property_type_id: 3, property_style_ids: [14] }], bungalow, false],
  ])('with %s, the box is selected: %s', (_case, selection, box, selected) => {
    expect(isFeaturedSelected(selection, box)).toBe(selected)
  })
  it('removing a box from a whole type keeps the type’s other styles', () => {
    expect(toggleFeatured([{ property_type_id: 1, property_style_ids: [] }], detached)).toEqual([
      { property_type_id: 1, property_style_ids: [2, 3, 4, 5, 6, 8] },
    ])
  })
  it('turns a partly chosen type-only box into the whole type', () => {
    expect(toggleFeatured([{ property_type_id: 3, property_style_ids: [14] }], bungalow)).toEqual([{ property_type_id: 3, property_style_ids: [] }])
  })
})

describe('style list (SPEC §2/§4: All and Clear)', () => {
  it('toggles a style on and off, removing an empty type', () => {
    const one = toggleStyle([], 2, 11)
    expect(one).toEqual([{ property_type_id: 2, property_style_ids: [11] }])
    expect(toggleStyle(one, 2, 9)).toEqual([{ property_type_id: 2, property_style_ids: [9, 11] }])
    expect(toggleStyle(one, 2, 11)).toEqual([])
  })
  it('unticking a style of a whole type keeps the rest', () => {
    expect(toggleStyle([{ property_type_id: 4, property_style_ids: [] }], 4, 18)).toEqual([{ property_type_id: 4, property_style_ids: [17, 19] }])
  })
  it('All lists every style of the type, Clear removes the type', () => {
    const all = selectAllStyles([{ property_type_id: 6, property_style_ids: [] }], 2)
    expect(all).toEqual([
      { property_type_id: 6, property_style_ids: [] },
      { property_type_id: 2, property_style_ids: [9, 10, 11, 12, 13] },
    ])
    expect(clearStyles(all, 2)).toEqual([{ property_type_id: 6, property_style_ids: [] }])
    expect(isFeaturedSelected(all, flats)).toBe(true)
  })
  it('All chooses a type without styles whole', () => {
    expect(getStyleIdsOfType(99)).toEqual([])
    expect(selectAllStyles([], 99)).toEqual([{ property_type_id: 99, property_style_ids: [] }])
  })
  it('a type of the type list toggles as a whole', () => {
    expect(toggleType([{ property_type_id: 1, property_style_ids: [2] }], 5)).toEqual([
      { property_type_id: 1, property_style_ids: [2] },
      { property_type_id: 5, property_style_ids: [] },
    ])
    expect(toggleType([{ property_type_id: 1, property_style_ids: [2] }], 1)).toEqual([])
  })
  it('knows a style chosen through its whole type', () => {
    const selection: TypeSelection = [{ property_type_id: 1, property_style_ids: [] }]
    expect(isStyleSelected(selection, 1, 6)).toBe(true)
    expect(isStyleSelected(selection, 2, 9)).toBe(false)
  })
})

describe('typeSelectionReducer (SPEC §4: Save copies, Cancel discards)', () => {
  const run = (actions: TypeSelectionAction[], selection: TypeSelection = []) => actions.reduce(typeSelectionReducer, initTypeSelection(selection))

  it('toggles featured boxes on the applied selection while the popup is closed', () => {
    expect(run([{ type: 'featuredToggled', key: 'flats' }]).selection).toEqual([{ property_type_id: 2, property_style_ids: [9, 10, 11, 12, 13] }])
  })
  it('ignores an unknown box', () => {
    const state = initTypeSelection()
    expect(typeSelectionReducer(state, { type: 'featuredToggled', key: 'castle' })).toBe(state)
  })
  it('Save copies the popup’s working selection', () => {
    const state = run([
      { type: 'popupOpened', activeTypeId: 2 },
      { type: 'styleToggled', propertyTypeId: 2, propertyStyleId: 12 },
      { type: 'typeToggled', propertyTypeId: 5 },
      { type: 'featuredToggled', key: 'land' },
      { type: 'saved' },
    ])
    expect(state).toEqual({
      selection: [
        { property_type_id: 2, property_style_ids: [12] },
        { property_type_id: 5, property_style_ids: [] },
        { property_type_id: 6, property_style_ids: [] },
      ],
      working: null,
      activeTypeId: null,
    })
  })
  it('Cancel discards it', () => {
    const start: TypeSelection = [{ property_type_id: 3, property_style_ids: [] }]
    const state = run(
      [
        { type: 'popupOpened' },
        { type: 'typeShown', propertyTypeId: 1 },
        { type: 'allStylesSelected', propertyTypeId: 1 },
        { type: 'stylesCleared', propertyTypeId: 3 },
        { type: 'cancelled' },
      ],
      start,
    )
    expect(state).toEqual({ selection: start, working: null, activeTypeId: null })
  })
  it('shows the working copy while open and the chosen type', () => {
    const state = run([{ type: 'popupOpened' }, { type: 'typeShown', propertyTypeId: 4 }, { type: 'allStylesSelected', propertyTypeId: 4 }])
    expect(state.activeTypeId).toBe(4)
    expect(state.working).toEqual([{ property_type_id: 4, property_style_ids: [17, 18, 19] }])
    expect(state.selection).toEqual([])
  })
  it('Save without an open popup changes nothing; reset replaces the selection', () => {
    const state = initTypeSelection([{ property_type_id: 1, property_style_ids: [1] }])
    expect(typeSelectionReducer(state, { type: 'saved' })).toBe(state)
    expect(typeSelectionReducer(state, { type: 'reset', selection: [] })).toEqual(initTypeSelection([]))
  })
})

describe('toMergedTypeSelection (a form sent without JavaScript)', () => {
  it('unites the styles of one type and lets a whole type win, in first-seen order', () => {
    expect(
      toMergedTypeSelection([
        { property_type_id: 1, property_style_ids: [1, 7] },
        { property_type_id: 3, property_style_ids: [14] },
        { property_type_id: 1, property_style_ids: [2] },
        { property_type_id: 3, property_style_ids: [] },
        { property_type_id: 1, property_style_ids: [7, 6] },
      ]),
    ).toEqual([
      { property_type_id: 1, property_style_ids: [1, 2, 6, 7] },
      { property_type_id: 3, property_style_ids: [] },
    ])
  })

  it('adds the featured boxes and what lies outside them back up to the selection', () => {
    const selection: TypeSelection = [
      { property_type_id: 1, property_style_ids: [1, 6, 7] },
      { property_type_id: 4, property_style_ids: [19] },
    ]
    const boxes = FEATURED_PROPERTY_TYPES.filter((f) => isFeaturedSelected(selection, f)).map((f) => ({
      property_type_id: f.property_type_id,
      property_style_ids: [...f.property_style_ids],
    }))
    expect(toMergedTypeSelection([...boxes, ...toSelectionOutsideFeatured(selection)])).toEqual(selection)
  })
})

describe('toSelectionOutsideFeatured', () => {
  it('keeps only what no chosen featured box stands for', () => {
    // Detached (1, 7) and Flats (9–13) are chosen boxes; Cottage (6) and Lodge (19) are not boxes of their own.
    expect(
      toSelectionOutsideFeatured([
        { property_type_id: 1, property_style_ids: [1, 6, 7] },
        { property_type_id: 2, property_style_ids: [9, 10, 11, 12, 13] },
        { property_type_id: 4, property_style_ids: [19] },
      ]),
    ).toEqual([
      { property_type_id: 1, property_style_ids: [6] },
      { property_type_id: 4, property_style_ids: [19] },
    ])
  })

  it('leaves nothing of a whole type whose type-only box is chosen, and keeps a part of one', () => {
    expect(toSelectionOutsideFeatured([{ property_type_id: 3, property_style_ids: [] }])).toEqual([])
    expect(toSelectionOutsideFeatured([{ property_type_id: 3, property_style_ids: [14] }])).toEqual([
      { property_type_id: 3, property_style_ids: [14] },
    ])
  })
})
