import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { toHydrationStart } from './hydration-start.server.ts'
import { hydrationDataApart } from './hydration.ts'

/** As much of React Router's entry context as toHydrationStart reads: a root and one page route. */
function contextOf(handle: unknown, page: { data?: unknown; contact?: unknown; actionData?: unknown; errors?: unknown } = {}): EntryContext {
  return {
    routeModules: { root: { default: () => null }, page: { default: () => null, handle } },
    staticHandlerContext: {
      matches: [{ route: { id: 'root' } }, { route: { id: 'page' } }],
      loaderData: { root: { contact: page.contact ?? null }, page: page.data ?? {} },
      actionData: page.actionData ?? null,
      errors: page.errors ?? null,
    },
  } as unknown as EntryContext
}

describe('toHydrationStart', () => {
  it('keeps a visitor\'s page data apart where its route asks for it, and inline on every other page', () => {
    expect(toHydrationStart(contextOf(hydrationDataApart()))).toBe('data-apart')
    expect(toHydrationStart(contextOf(undefined))).toBe('after-paint')
    expect(toHydrationStart(contextOf({ hydrate: false }))).toBe('after-paint')
  })

  it('keeps the data inline for a signed-in contact, a form\'s answer, an error, or data better written inline', () => {
    const handle = hydrationDataApart((data) => typeof data === 'object' && data !== null && 'map' in data)
    expect(toHydrationStart(contextOf(handle, { contact: { name: 'Ann' } }))).toBe('after-paint')
    expect(toHydrationStart(contextOf(handle, { actionData: { page: { ok: true } } }))).toBe('after-paint')
    expect(toHydrationStart(contextOf(handle, { errors: { page: new Error('x') } }))).toBe('after-paint')
    expect(toHydrationStart(contextOf(handle, { data: { map: true } }))).toBe('after-paint')
    expect(toHydrationStart(contextOf(handle, { data: { list: true } }))).toBe('data-apart')
  })
})
