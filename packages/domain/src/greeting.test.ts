import { describe, expect, it } from 'vitest'
import { toGreeting, toOneLine, toOneLineName } from './greeting.ts'

describe('greeting', () => {
  it.each([
    ['Priya', 'Hello Priya,'],
    ['  Priya  ', 'Hello Priya,'],
    ['Mary\r\nBcc: x@example.com', 'Hello Mary Bcc: x@example.com,'],
    ['', 'Hello,'],
    ['   ', 'Hello,'],
    [null, 'Hello,'],
    [undefined, 'Hello,'],
  ])('greets %j as %j', (name, greeting) => {
    expect(toGreeting(name)).toBe(greeting)
  })

  it('keeps a name on one line and within the longest name accepted', () => {
    expect(toOneLine(' 1 High St\r\nBcc: x ')).toBe('1 High St Bcc: x')
    expect(toOneLineName('Ann\u2028Lee\tJones\u0085')).toBe('Ann Lee Jones')
    expect(toOneLineName('x'.repeat(150))).toHaveLength(100)
  })
})
