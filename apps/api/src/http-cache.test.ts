import { describe, expect, it } from 'vitest'
import { entityTag, gzipEntityTag, isVisitorRequest, notModified } from './http-cache.ts'

describe('isVisitorRequest', () => {
  it('takes only a GET without cookie or credentials', () => {
    expect(isVisitorRequest('GET', { accept: 'text/html' })).toBe(true)
    expect(isVisitorRequest('GET', { cookie: 'session=abc' })).toBe(false)
    expect(isVisitorRequest('GET', { authorization: 'Bearer x' })).toBe(false)
    expect(isVisitorRequest('HEAD', {})).toBe(false)
    expect(isVisitorRequest('POST', {})).toBe(false)
  })
})

describe('entityTag', () => {
  it('tags the bytes strongly, the same bytes alike, other bytes and the gzipped form apart', () => {
    const body = Buffer.from('{"price":"£225,000"}')
    const tag = entityTag(body, 'identity')
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    expect(entityTag(Buffer.from(body), 'identity')).toBe(tag)
    expect(entityTag(Buffer.from('{"price":"£230,000"}'), 'identity')).not.toBe(tag)
    expect(entityTag(body, 'gzip')).toBe(gzipEntityTag(tag))
    expect(gzipEntityTag(tag)).toMatch(/^"[A-Za-z0-9_-]{27}-gzip"$/)
  })
})

describe('notModified', () => {
  const tag = '"abc"'
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    [' "x" ,W/"abc" ', true],
    ['*', true],
    ['"abc-gzip"', false],
    ['"ab"', false],
    ['abc', false],
    ['', false],
    [['"x"', '"abc"'], true],
  ] as const)('If-None-Match %j → %s', (header, expected) => {
    expect(notModified(header as string | string[] | undefined, tag)).toBe(expected)
  })
})
