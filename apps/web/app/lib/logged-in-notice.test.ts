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

  it('refuses any other value a visitor could send, without throwing', () => {
    const hostile = [
      `${LOGGED_IN_COOKIE}=`,
      `${LOGGED_IN_COOKIE}=0`,
      `${LOGGED_IN_COOKIE}=11`,
      `${LOGGED_IN_COOKIE}=1 OR 1=1`,
      `${LOGGED_IN_COOKIE}=<script>alert(1)</script>`,
      `${LOGGED_IN_COOKIE}=%E0%A4%A`,
      `${LOGGED_IN_COOKIE}=${'1'.repeat(100_000)}`,
      `${LOGGED_IN_COOKIE}=\u00ff1`,
      `${LOGGED_IN_COOKIE}=1\u00a0`,
      `${LOGGED_IN_COOKIE.toUpperCase()}=1`,
      `x${LOGGED_IN_COOKIE}=1`,
      '=1',
      ';;;',
    ]
    for (const cookie of hostile) expect(hasLoggedInCookie(withCookie(cookie)), cookie).toBe(false)
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
