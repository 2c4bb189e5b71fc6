import type { ContactView } from '@agency/domain'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { UNUSED_SERVICES } from './unused-services.test-support.ts'
import { isLoginPath } from './session.ts'
import { getCurrentContact, getLoginReturnPath, hasSessionCookie } from './session.server.ts'

const PUBLIC_URL = 'https://agency.example'

describe('isLoginPath', () => {
  it.each([
    ['/login', true],
    ['/login?redirect=%2F', true],
    ['/login/verify?token=x', true],
    ['/logout', true],
    ['/loginx', false],
    ['/sales/property-for-sale', false],
  ])('%s → %s', (path, expected) => {
    expect(isLoginPath(path)).toBe(expected)
  })
})

describe('hasSessionCookie', () => {
  const withCookie = (cookie?: string) => new Request(PUBLIC_URL, cookie ? { headers: { cookie } } : {})

  it.each([
    ['session=abc', true],
    ['theme=dark; __Host-session=abc', true],
    ['mysession=abc; session_hint=1', false],
    ['theme=dark;session=abc', true],
    ['theme="a;b"; __Host-session=abc', true],
    ['session', false],
    [undefined, false],
  ])('%s → %s', (cookie, expected) => {
    expect(hasSessionCookie(withCookie(cookie))).toBe(expected)
  })
})

describe('getLoginReturnPath', () => {
  const request = (url: string, referer?: string) => new Request(url, referer ? { headers: { referer } } : {})

  it('takes the redirect parameter first', () => {
    expect(getLoginReturnPath(request(`${PUBLIC_URL}/login?redirect=%2Fsales%3Fpage%3D2`, `${PUBLIC_URL}/lettings`), PUBLIC_URL)).toBe(
      '/sales?page=2',
    )
  })

  it('falls back to the page of this site the visitor came from', () => {
    expect(getLoginReturnPath(request(`${PUBLIC_URL}/login`, `${PUBLIC_URL}/property/7/house?x=1`), PUBLIC_URL)).toBe('/property/7/house?x=1')
  })

  it('normalises the path it keeps, and keeps the page of a referer with its query', () => {
    expect(getLoginReturnPath(request(`${PUBLIC_URL}/login?redirect=%2Fa%2F..%2Fsales`), PUBLIC_URL)).toBe('/sales')
    expect(getLoginReturnPath(request(`${PUBLIC_URL}/login`, `${PUBLIC_URL}/a/../lettings?page=2`), PUBLIC_URL)).toBe('/lettings?page=2')
  })

  it.each([
    [`${PUBLIC_URL}/login?redirect=%2F%2Fevil.example`, undefined],
    // Normalising makes '//evil.example' of these; the login page must not write that into its form.
    [`${PUBLIC_URL}/login?redirect=${encodeURIComponent('/.//evil.example')}`, undefined],
    [`${PUBLIC_URL}/login?redirect=${encodeURIComponent('/..//evil.example')}`, undefined],
    [`${PUBLIC_URL}/login?redirect=${encodeURIComponent('/./\\evil.example')}`, undefined],
    [`${PUBLIC_URL}/login`, `${PUBLIC_URL}/.//evil.example`],
    [`${PUBLIC_URL}/login?redirect=%2Fsales%0A`, undefined],
    [`${PUBLIC_URL}/login?redirect=%2Flogin`, undefined],
    [`${PUBLIC_URL}/login`, 'https://evil.example/page'],
    [`${PUBLIC_URL}/login`, `${PUBLIC_URL}/login?redirect=%2F`],
    [`${PUBLIC_URL}/login`, undefined],
  ])('returns nothing for %s from %s', (url, referer) => {
    expect(getLoginReturnPath(request(url, referer), PUBLIC_URL)).toBeNull()
  })
})

describe('getCurrentContact', () => {
  /** A load context whose services answer the contacts given, one a call, and count the calls. */
  const contextAnswering = (...answers: Array<Partial<ContactView>>) => {
    let calls = 0
    const services = { ...UNUSED_SERVICES, getCurrentContact: () => Promise.resolve((answers[calls++] ?? null) as ContactView | null) }
    return { context: { services } as unknown as AppLoadContext, calls: () => calls }
  }
  const request = (method: string) => new Request(PUBLIC_URL, { method, headers: { cookie: 'session=abc' } })

  it('reads the contact once for the loaders of one page request', async () => {
    const { context, calls } = contextAnswering({ contact_id: 1 }, { contact_id: 2 })
    expect((await getCurrentContact(request('GET'), context))?.contact_id).toBe(1)
    expect((await getCurrentContact(request('GET'), context))?.contact_id).toBe(1)
    expect(calls()).toBe(1)
  })

  it('gives the loaders after an action the contact as the action left it', async () => {
    // The action reads the contact (its active alert 10), switches that alert off; the loaders read it again (none active).
    const { context, calls } = contextAnswering({ contact_id: 1, active_contact_applicant_id: 10 }, { contact_id: 1, active_contact_applicant_id: null })
    expect((await getCurrentContact(request('POST'), context))?.active_contact_applicant_id).toBe(10)
    expect((await getCurrentContact(request('GET'), context))?.active_contact_applicant_id).toBeNull()
    expect(calls()).toBe(2)
  })

  it('asks nobody for a request without a session cookie', async () => {
    const { context, calls } = contextAnswering({ contact_id: 1 })
    expect(await getCurrentContact(new Request(PUBLIC_URL), context)).toBeNull()
    expect(calls()).toBe(0)
  })
})
