import { describe, expect, it } from 'vitest'
import { findTypedSuggestion, toPostcodeDistrict, toTownGuess, toTypedAddress, withoutTown } from './typed-address.ts'

describe('a typed address', () => {
  it('splits off a full postcode at its end, in capitals with one space, typed with or without it', () => {
    expect(toTypedAddress('12 Park Row, Leeds LS1 5HD')).toEqual({ lines: '12 Park Row, Leeds', postcode: 'LS1 5HD' })
    expect(toTypedAddress('12 park row ls15hd')).toEqual({ lines: '12 Park Row', postcode: 'LS1 5HD' })
    // Typed with capitals, the lines are the visitor's own.
    expect(toTypedAddress('1 McAdam close, hebden bridge HX7 8AB')).toEqual({ lines: '1 McAdam close, hebden bridge', postcode: 'HX7 8AB' })
    expect(toTypedAddress("2 st john's hill-side")).toEqual({ lines: "2 St John's Hill-Side", postcode: null })
    expect(toTypedAddress('Flat 2,  12 Kent Road ,HG1 2LE ')).toEqual({ lines: 'Flat 2, 12 Kent Road', postcode: 'HG1 2LE' })
    expect(toTypedAddress('sw1a 1aa')).toEqual({ lines: '', postcode: 'SW1A 1AA' })
    expect(toTypedAddress('10 Downing Street, London SW1A2AA')).toEqual({ lines: '10 Downing Street, London', postcode: 'SW1A 2AA' })
  })

  it('keeps what holds no full postcode as lines only', () => {
    expect(toTypedAddress('NE1 4')).toEqual({ lines: 'NE1 4', postcode: null })
    expect(toTypedAddress('3 Mill Lane,, Otley')).toEqual({ lines: '3 Mill Lane, Otley', postcode: null })
    // A postcode inside the lines, not at their end, is not the address's postcode.
    expect(toTypedAddress('LS1 5HD Park Row')).toEqual({ lines: 'LS1 5HD Park Row', postcode: null })
    // Glued to a word, it is part of that word.
    expect(toTypedAddress('RowLS1 5HD')).toEqual({ lines: 'RowLS1 5HD', postcode: null })
  })

  it('names the district of a postcode, drops a last line that is the town, and guesses the town from a last line', () => {
    expect(toPostcodeDistrict('SW1A 1AA')).toBe('SW1A')
    expect(withoutTown('12 Park Row, leeds', 'Leeds')).toBe('12 Park Row')
    expect(withoutTown('12 Park Row', 'Leeds')).toBe('12 Park Row')
    expect(toTownGuess('3 Mill Lane, Otley')).toEqual({ street: '3 Mill Lane', town: 'Otley' })
    expect(toTownGuess('12 High Street')).toBeNull()
  })
})

describe('a typed address that a suggestion reads', () => {
  const suggestions = [
    { suggestion_id: 'a', display_name: '12 Park Row, Leeds LS1 5HD' },
    { suggestion_id: 'b', display_name: '12 Park Row, Leeds LS1 5HE' },
  ]

  it('is that suggestion, whatever its case and spaces', () => {
    expect(findTypedSuggestion(suggestions, '12 Park Row, Leeds LS1 5HD')).toBe(suggestions[0])
    expect(findTypedSuggestion(suggestions, '  12 park row ,leeds  ls1 5he ')).toBe(suggestions[1])
  })

  it('is none when it differs in anything else, or is empty', () => {
    expect(findTypedSuggestion(suggestions, '12 Park Row, Leeds')).toBeNull()
    expect(findTypedSuggestion(suggestions, '12 Park Row Leeds LS1 5HD')).toBeNull()
    expect(findTypedSuggestion(suggestions, '   ')).toBeNull()
    expect(findTypedSuggestion([], '12 Park Row, Leeds LS1 5HD')).toBeNull()
  })
})
