import { describe, expect, it } from 'vitest'
import { toBrandStyle } from './brand-style.ts'

describe("the site's brand colour", () => {
  it("takes the company's primary colour where white text reads on it", () => {
    expect(toBrandStyle({ brand_colours: { primary: '#1b4332', accent: '#c9a227' } })).toEqual({ '--navy': '#1b4332' })
  })
  it('keeps its own for a light primary colour, and without a company profile', () => {
    expect(toBrandStyle({ brand_colours: { primary: '#f4d35e', accent: '#000000' } })).toBeUndefined()
    expect(toBrandStyle(null)).toBeUndefined()
  })
})
