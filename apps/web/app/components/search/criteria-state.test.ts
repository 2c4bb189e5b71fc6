import { ALERT_CRITERIA_DEFAULT, toEmptySearchQuery } from '@agency/domain'
import { describe, expect, it } from 'vitest'
import { initRegisterState, registerReducer } from '#app/components/alerts/register-state.ts'
import type { CriteriaAction, CriteriaFieldValues } from '#app/components/search/criteria-state.ts'
import { searchFormReducer, toFormQuery, toSearchFormState } from '#app/components/search/search-form-state.ts'

/** What a visitor does in the criteria's fields, whichever form shows them (CriteriaFields). */
const ACTIONS: CriteriaAction[] = [
  { type: 'criteriaChanged', patch: { min_price: 250_000, max_price: 450_000, min_bedroom: 2 } },
  { type: 'criteriaChanged', patch: { must_haves: ['garden'], new_homes: 'exclude', min_bathroom: 1 } },
  { type: 'types', action: { type: 'featuredToggled', key: 'flats' } },
]

const FIELDS: ReadonlyArray<keyof CriteriaFieldValues> = ['min_price', 'max_price', 'min_bedroom', 'min_bathroom', 'must_haves', 'new_homes']
const pick = (criteria: CriteriaFieldValues) => Object.fromEntries(FIELDS.map((field) => [field, criteria[field]]))

describe('the criteria of the search panel and of the alert, one reducer', () => {
  it('turns the same actions into the same criteria and property types in both forms', () => {
    const search = ACTIONS.reduce(searchFormReducer, toSearchFormState({ searchType: 'sales', query: toEmptySearchQuery('sales'), locationNames: [] }))
    const alert = ACTIONS.reduce(registerReducer, initRegisterState('create', [], { criteria: ALERT_CRITERIA_DEFAULT }))
    expect(pick(search.query)).toEqual({ min_price: 250_000, max_price: 450_000, min_bedroom: 2, min_bathroom: 1, must_haves: ['garden'], new_homes: 'exclude' })
    expect(pick(alert.criteria)).toEqual(pick(search.query))
    expect(alert.criteria.property_types).toEqual(toFormQuery(search).property_types)
    expect(alert.criteria.property_types.length).toBeGreaterThan(0)
  })
})
