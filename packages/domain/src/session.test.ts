import { describe, expect, it } from 'vitest'
import { isSessionCookieName, RETURN_PATH_MAX_LENGTH, SESSION_COOKIE_NAMES, toSafeReturnPath, toSessionCookieName } from './session.ts'

const SITE = 'https://agency.example'

describe('toSessionCookieName', () => {
  it('is __Host-session over https and session over plain http', () => {
    expect(toSessionCookieName('https://agency.example')).toBe('__Host-session')
    expect(toSessionCookieName('http://localhost:3000')).toBe('session')
    expect(SESSION_COOKIE_NAMES).toEqual({ HTTPS: '__Host-session', HTTP: 'session' })
  })

  it.each([
    ['__Host-session', true],
    ['session', true],
    ['mysession', false],
    ['session_hint', false],
    ['Session', false],
  ])('isSessionCookieName(%j) → %s', (name, expected) => {
    expect(isSessionCookieName(name)).toBe(expected)
  })
})

describe('toSafeReturnPath', () => {
  // The page's guard (a path from the login page's query or form) and the API's guard (SPEC §7
  // request_page_url, a path or a URL of the site) were one each; these are both of their cases.
  it.each([
    // A path of this site, as the page's guard kept it.
    ['/sales/property-for-sale?page=2', undefined, '/sales/property-for-sale?page=2'],
    ['/property/7/house#login', undefined, '/property/7/house#login'],
    ['/a/../b', undefined, '/b'],
    ['/', undefined, '/'],
    ['/lettings/property-to-rent?locations=53.48%2C-2.23%2C3', undefined, '/lettings/property-to-rent?locations=53.48%2C-2.23%2C3'],
    // Normalised to the form a browser would send: still the same page.
    ['/a b', undefined, '/a%20b'],
    ['/caf\u00e9', undefined, '/caf%C3%A9'],
    ['/x/./y', undefined, '/x/y'],
    // The API's cases: a URL of the site gives its path; a path is taken as well.
    [`${SITE}/property/12/a-house?tab=photos`, SITE, '/property/12/a-house?tab=photos'],
    [`${SITE}`, SITE, '/'],
    ['/sales/property-for-sale', SITE, '/sales/property-for-sale'],
    [`${SITE}/a/../b#x`, SITE, '/b#x'],
  ])('keeps %j (site %s) as %j', (value, site, expected) => {
    expect(toSafeReturnPath(value, site)).toBe(expected)
  })

  it.each([
    // The page's guard's cases.
    ['//evil.example/x', undefined],
    ['/\\evil.example/x', undefined],
    ['https://evil.example/', undefined],
    ['javascript:alert(1)', undefined],
    ['sales', undefined],
    ['/\tevil', undefined],
    ['/x\n', undefined],
    ['', undefined],
    [null, undefined],
    [42, undefined],
    [undefined, undefined],
    // The API's cases: another site, a protocol-relative path, a script, the site over another scheme.
    ['https://evil.example/phish', SITE],
    ['//evil.example/x', SITE],
    ['javascript:alert(1)', SITE],
    ['http://agency.example/sales', SITE],
    ['https://agency.example.evil.example/', SITE],
    ['https://agency.example:8443/', SITE],
    ['https://user@evil.example/', SITE],
    // The page's stricter rules now hold for the API's URLs too.
    [`${SITE}/\tx`, SITE],
    [`${SITE}/x\r\nSet-Cookie: a=b`, SITE],
    ['sales', SITE],
    // Normalising makes '//evil.example' of these (dot segments, backslashes, encoded dots): they are
    // checked after normalising, so they are refused rather than passed on.
    ['/.//evil.example', undefined],
    ['/..//evil.example', undefined],
    ['/./\\evil.example', undefined],
    ['/.\\/evil.example', undefined],
    ['/x/..//evil.example', undefined],
    ['/%2e//evil.example', undefined],
    ['/%2E%2E//evil.example', undefined],
    ['/\t/evil.example', undefined],
    [`${SITE}/.//evil.example`, SITE],
    [`${SITE}/..//evil.example`, SITE],
    [`${SITE}/./\\evil.example`, SITE],
    // Control characters beyond ASCII (C1).
    ['/x\u0085y', undefined],
  ])('refuses %j (site %s), which could leave the site', (value, site) => {
    expect(toSafeReturnPath(value, site)).toBeNull()
  })

  it('refuses a value longer than 2,048 characters, or one that normalising makes longer', () => {
    expect(RETURN_PATH_MAX_LENGTH).toBe(2048)
    const longest = `/${'a'.repeat(RETURN_PATH_MAX_LENGTH - 1)}`
    expect(toSafeReturnPath(longest)).toBe(longest)
    expect(toSafeReturnPath(`${longest}a`)).toBeNull()
    expect(toSafeReturnPath(`${SITE}${longest}`, SITE)).toBeNull()
    // Each space becomes '%20'.
    expect(toSafeReturnPath(`/${'a '.repeat(1000)}a`)).toBeNull()
  })

  it('answers a path it kept unchanged when given it again, so it never changes on its way', () => {
    for (const value of ['/sales/property-for-sale?page=2', '/a b/../c?q=x y#f', '/caf\u00e9', `${SITE}/property/7/house#login`]) {
      const path = toSafeReturnPath(value, SITE)
      expect(path).not.toBeNull()
      expect(toSafeReturnPath(path)).toBe(path)
      expect(toSafeReturnPath(path, SITE)).toBe(path)
    }
  })
})
