import { describe, expect, it } from 'vitest'
import { hasLoggedInCookie, hasNoticeCookie, LOGGED_IN_COOKIE, LOGGED_OUT_COOKIE, toLoggedInCookie, toLoggedInCookieCleared, toNoticeCookie, toNoticeCookieCleared } from './logged-in-notice.ts'

const withCookie = (cookie: string | null, url = 'https://agency.example/sales') =>
  new Request(url, { headers: cookie === null ? {} : { cookie } })

describe("the 'You're logged in.' mark", () => {
  it('is read only when the request carries the mark the Log in button set', () => {
    const set = toLoggedInCookie(withCookie(null))
    const [pair] = set.split(';')
    expect(hasLoggedInCookie(withCookie(pair ?? ''))).toBe(true)
    expect(hasLoggedInCookie(withCookie(`theme=dark; ${pair}; other=1`))).toBe(true)
    expect(hasLoggedInCookie(withCookie(null))).toBe(false)
    expect(hasLoggedInCookie(withCookie('theme=dark'))).toBe(false)
  })

  it('is an HttpOnly, SameSite=Lax cookie of a minute, Secure on https, and cleared the same way', () => {
    expect(toLoggedInCookie(withCookie(null))).toBe(`${LOGGED_IN_COOKIE}=1; Max-Age=60; Path=/; HttpOnly; SameSite=Lax; Secure`)
    expect(toLoggedInCookie(withCookie(null, 'http://127.0.0.1:3000/'))).toBe(`${LOGGED_IN_COOKIE}=1; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`)
    expect(toLoggedInCookieCleared(withCookie(null))).toBe(`${LOGGED_IN_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure`)
  })
})

describe("the 'You have logged out.' mark", () => {
  it('is a cookie of its own, read only as the Log out set it, and cleared the same way', () => {
    const set = toNoticeCookie(withCookie(null), 'logged_out')
    expect(set).toBe(`${LOGGED_OUT_COOKIE}=1; Max-Age=60; Path=/; HttpOnly; SameSite=Lax; Secure`)
    expect(toNoticeCookieCleared(withCookie(null), 'logged_out')).toBe(`${LOGGED_OUT_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure`)
    const [pair] = set.split(';')
    expect(hasNoticeCookie(withCookie(pair ?? ''), 'logged_out')).toBe(true)
    // Neither mark stands for the other.
    expect(hasLoggedInCookie(withCookie(pair ?? ''))).toBe(false)
    expect(hasNoticeCookie(withCookie(`${LOGGED_IN_COOKIE}=1`), 'logged_out')).toBe(false)
    expect(hasNoticeCookie(withCookie(`${LOGGED_OUT_COOKIE}=0`), 'logged_out')).toBe(false)
  })
})

describe('both one-time marks', () => {
  it('refuses any other value a visitor could send, for either mark, without throwing', () => {
    for (const [notice, name] of [['logged_in', LOGGED_IN_COOKIE], ['logged_out', LOGGED_OUT_COOKIE]] as const) {
      const hostile = [
        `${name}=`,
        `${name}=0`,
        `${name}=11`,
        `${name}=1 OR 1=1`,
        `${name}=<script>alert(1)</script>`,
        `${name}=%E0%A4%A`,
        `${name}=${'1'.repeat(100_000)}`,
        `${name}=\u00ff1`,
        `${name}=1\u00a0`,
        `${name.toUpperCase()}=1`,
        `x${name}=1`,
        '=1',
        ';;;',
      ]
      for (const cookie of hostile) expect(hasNoticeCookie(withCookie(cookie), notice), cookie).toBe(false)
    }
  })
})
