import { describe, expect, it } from 'vitest'
import { BATHROOM_VALUES, BEDROOM_VALUES, RECEPTION_VALUES, getRoomOptions, toRoomValueLabel } from './rooms.ts'

describe('room options (SPEC §9)', () => {
  it('offers Studio (0) and 1 to 6 bedrooms between No Min and the values', () => {
    expect(BEDROOM_VALUES).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(getRoomOptions('bedroom', 'min')).toEqual([
      { value: null, label: 'No Min' },
      { value: 0, label: 'Studio' },
      { value: 1, label: '1' },
      { value: 2, label: '2' },
      { value: 3, label: '3' },
      { value: 4, label: '4' },
      { value: 5, label: '5' },
      { value: 6, label: '6' },
    ])
  })
  it('offers 1 to 5 bathrooms and receptions with No Max first on a max list', () => {
    expect(BATHROOM_VALUES).toEqual([1, 2, 3, 4, 5])
    expect(RECEPTION_VALUES).toEqual([1, 2, 3, 4, 5])
    expect(getRoomOptions('bathroom', 'max').map((o) => o.label)).toEqual(['No Max', '1', '2', '3', '4', '5'])
    expect(getRoomOptions('reception', 'min').map((o) => o.value)).toEqual([null, 1, 2, 3, 4, 5])
  })
  it('labels 0 as Studio only for bedrooms', () => {
    expect(toRoomValueLabel('bedroom', 0)).toBe('Studio')
    expect(toRoomValueLabel('bathroom', 0)).toBe('0')
    expect(toRoomValueLabel('bedroom', 3)).toBe('3')
  })
})
