import { toLockedHeading } from '@agency/domain'
import { LOCKED_CARD_HEADINGS } from '@agency/db'
import { describe, expect, it } from 'vitest'

describe("the indexes of locked cards' words", () => {
  // The keyword search asks with toLockedHeading's words; an index made for other words would never
  // be used, and every search would make each locked card's words anew.
  it('are made for the headings the keyword search asks with', () => {
    expect(LOCKED_CARD_HEADINGS.sales).toBe(toLockedHeading('sales'))
    expect(LOCKED_CARD_HEADINGS.lettings).toBe(toLockedHeading('lettings'))
  })
})
