import type { PropertyCard, SavedProperty } from '@agency/domain'
import { SAVED_COPY, SAVED_PAGE_COPY, SAVED_PROPERTIES_MAX, isBrowserSave, parseIdSegment, toSafeReturnPath, toSavedPriceNote } from '@agency/domain'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { data, redirect } from 'react-router'
import { SavedList, type SavedItem } from '#app/components/saved/saved-list.tsx'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import { SAVED_PATH } from '#app/lib/saved.ts'
import { parseVisitorSaves, toVisitorSavesCookie, toggleVisitorSave } from '#app/lib/saved-cookie.ts'
import { toCardAnchor } from '#app/components/property-card/property-grid.tsx'
import { getBrowserSaves, getServerSaves, subscribeToBrowserSaves } from '#app/lib/saved-browser.ts'
import { getCurrentContact } from '#app/lib/session.server.ts'
import { toListCard } from '#app/components/property-card/types.ts'
import type { Route } from './+types/saved-properties'

/** What the hearts' posts answer when they come from a page's script (`via=fetch`). */
export type SavedActionData = { status: 'saved' | 'removed' | 'merged' | 'full' | 'not_found' | 'invalid' }

/** A saved property of a logged-in contact, as the page lists it. */
function toSavedItem(saved: SavedProperty): SavedItem {
  const notes: string[] = []
  if (!saved.on_market) notes.push(SAVED_PAGE_COPY.NO_LONGER_ON_MARKET)
  const priceNote = toSavedPriceNote(saved)
  if (priceNote) notes.push(priceNote)
  return { id: saved.property_profile_id, card: saved.property ? toListCard(saved.property) : null, notes }
}

/** Whether the site is served over https (the visitor's cookie is then sent only there). */
const isSecure = (request: Request) => new URL(request.url).protocol === 'https:'

/** Saves each property to the logged-in contact, oldest first; one gone or a full list leaves that one out. */
async function saveAll(context: Route.LoaderArgs['context'], saves: readonly { id: number; saved_price: number | null }[]): Promise<void> {
  for (const save of saves) await context.services.saveProperty(save.id, save.saved_price)
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const contact = await getCurrentContact(request, context)
  const cookieIds = parseVisitorSaves(request.headers.get('cookie'))
  if (!contact) {
    // A visitor's hearts pressed without JavaScript: their cards, as the server can show them.
    if (!cookieIds.length) return { signedIn: false as const, items: [] }
    const cards = (await context.services.getPropertyCards(cookieIds)) ?? []
    const byId = new Map(cards.map((card) => [card.property_profile_id, card]))
    const items = cookieIds.map((id): SavedItem => {
      const card = byId.get(id)
      return { id, card: card ? toListCard(card) : null, notes: card ? [] : [SAVED_PAGE_COPY.NO_LONGER_ON_MARKET] }
    })
    return data({ signedIn: false as const, items }, { headers: { 'Cache-Control': 'private, no-cache' } })
  }
  const saved = await context.services.getSavedProperties()
  // A session that ended between the contact's lookup and this one: the page as a visitor sees it.
  if (!saved) return { signedIn: false as const, items: [] }
  // Hearts pressed as a visitor without JavaScript, still in the cookie: the page offers to add them
  // (a post: the API takes no change from a page's GET). With JavaScript they move on their own.
  const waiting = cookieIds.filter((id) => !saved.some((s) => s.property_profile_id === id)).length
  return data({ signedIn: true as const, items: saved.map(toSavedItem), waiting }, { headers: { 'Cache-Control': 'private, no-cache' } })
}

/**
 * The hearts' form posts: save or remove one property (a logged-in contact's, in the API), or move a
 * visitor's browser-kept saves to the contact who has just logged in (`merge`). A visitor's heart
 * without JavaScript keeps the property in a cookie of ids (lib/saved-cookie.ts); a post without
 * JavaScript comes back to the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const viaScript = field('via') === 'fetch'
  const back = toSafeReturnPath(field('redirect')) ?? SAVED_PATH
  const answer = (status: SavedActionData['status'], httpStatus = 200) =>
    viaScript ? data<SavedActionData>({ status }, { status: httpStatus }) : redirect(back)

  const contact = await getCurrentContact(request, context)
  if (!contact) {
    if (viaScript) return data<SavedActionData>({ status: 'invalid' }, { status: 401 })
    const [toggle, ...others] = (['save', 'remove'] as const).filter((name) => form.has(name))
    const propertyId = parseIdSegment(toggle ? field(toggle) : '')
    if (!toggle || others.length > 0 || propertyId === null) return redirect(back)
    const ids = toggleVisitorSave(parseVisitorSaves(request.headers.get('cookie')), propertyId, toggle)
    // A full list changes nothing (the script says why; without it the heart stays empty).
    if (!ids) return redirect(back)
    // Back at the card whose heart was pressed (a list further down, or its second page).
    const atCard = back.includes('#') ? back : `${back}#${toCardAnchor(propertyId)}`
    return redirect(atCard, { headers: { 'Set-Cookie': toVisitorSavesCookie(ids, isSecure(request)) } })
  }

  const intent = field('intent')
  if (intent === 'merge-cookie') {
    // The hearts a visitor pressed without JavaScript, kept in the cookie, join the shortlist (oldest
    // first), as the browser-kept list does, and the cookie is cleared.
    await saveAll(context, [...parseVisitorSaves(request.headers.get('cookie'))].reverse().map((id) => ({ id, saved_price: null })))
    const cleared = { headers: { 'Set-Cookie': toVisitorSavesCookie([], isSecure(request)) } }
    return viaScript ? data<SavedActionData>({ status: 'merged' }, cleared) : redirect(back, cleared)
  }
  if (intent === 'merge') {
    let saves: unknown
    try {
      saves = JSON.parse(field('saves'))
    } catch {
      return answer('invalid', 400)
    }
    if (!Array.isArray(saves)) return answer('invalid', 400)
    // Oldest first, so the shortlist keeps the order they were saved in; a property gone since, or a
    // full shortlist, leaves that one out, and the others still move.
    await saveAll(context, saves.filter(isBrowserSave).slice(0, SAVED_PROPERTIES_MAX).reverse())
    return answer('merged')
  }

  // A heart sent without JavaScript is a button of the page's save form (save-form.tsx), named for
  // what it does, its value the property; the page's script sends `intent` and `property_profile_id`.
  const [toggle, ...others] = (['save', 'remove'] as const).filter((name) => form.has(name))
  if (others.length > 0 || (toggle && (intent || form.has('property_profile_id')))) return answer('invalid', 400)
  const action = toggle ?? intent
  const propertyId = parseIdSegment(field(toggle ?? 'property_profile_id'))
  if (propertyId === null || (action !== 'save' && action !== 'remove')) return answer('invalid', 400)
  const done = action === 'save' ? await context.services.saveProperty(propertyId) : await context.services.unsaveProperty(propertyId)
  if (!done.ok) {
    if (done.status === 404) return answer('not_found', 404)
    if (done.status === 422) return answer('full', 422)
    // Any other refusal (a post whose Origin a privacy extension stripped: 403) is its own 4xx page.
    if (viaScript) return answer('invalid', done.status)
    throw data(done.error.message, { status: done.status })
  }
  return answer(action === 'save' ? 'saved' : 'removed')
}

export function meta({ matches }: Route.MetaArgs) {
  // A shortlist has nothing for a search engine: it stays out of the index, but says what it is.
  return [{ title: toTitle(SAVED_COPY.TITLE, getAgencyName(matches)) }, { name: 'description', content: SAVED_PAGE_COPY.DESCRIPTION }, { name: 'robots', content: 'noindex' }]
}

/** A visitor's saves, read from this browser and shown as the API answers their cards now. */
function BrowserSavedList({ cookieItems }: { cookieItems: readonly SavedItem[] }) {
  const saves = useSyncExternalStore(subscribeToBrowserSaves, getBrowserSaves, getServerSaves)
  const [hydrated, setHydrated] = useState(false)
  const [cards, setCards] = useState<Map<number, PropertyCard> | null>(null)
  const [failed, setFailed] = useState(false)
  const ids = saves.map((save) => save.id).join(',')

  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    if (!ids) return
    const controller = new AbortController()
    setFailed(false)
    void import('@agency/api-client')
      .then(({ createApiClient }) => createApiClient({ baseUrl: '/api', fetch: (input, init) => fetch(input, init) }))
      .then((api) => api.getPropertyCards(ids.split(',').map(Number), { signal: controller.signal }))
      .then((found) => setCards(new Map(found.map((card) => [card.property_profile_id, card]))))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true)
      })
    return () => controller.abort()
  }, [ids])

  if (!hydrated) {
    if (!cookieItems.length) {
      return (
        <>
          <p className="saved__empty">{SAVED_PAGE_COPY.EMPTY}</p>
          <p className="saved__note">{SAVED_PAGE_COPY.NEEDS_JAVASCRIPT}</p>
        </>
      )
    }
    return (
      <>
        <p className="saved__note">{SAVED_PAGE_COPY.KEPT_IN_BROWSER}</p>
        <SavedList items={cookieItems} />
      </>
    )
  }
  if (!saves.length) return <p className="saved__empty">{SAVED_PAGE_COPY.EMPTY}</p>
  if (failed) return <p role="alert">{SAVED_PAGE_COPY.LOAD_FAILED}</p>
  if (!cards) return <p role="status">{SAVED_PAGE_COPY.LOADING}</p>
  const items: SavedItem[] = saves.map((save) => {
    const card = cards.get(save.id) ?? null
    const notes: string[] = []
    if (!card) notes.push(SAVED_PAGE_COPY.NO_LONGER_ON_MARKET)
    const priceNote = toSavedPriceNote({ saved_price: save.saved_price, property: card })
    if (priceNote) notes.push(priceNote)
    return { id: save.id, card: card ? toListCard(card) : null, notes }
  })
  return (
    <>
      <p className="saved__note">{SAVED_PAGE_COPY.KEPT_IN_BROWSER}</p>
      <SavedList items={items} />
    </>
  )
}

export default function SavedPropertiesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page saved">
      <h1>{SAVED_COPY.TITLE}</h1>
      {loaderData.signedIn && loaderData.waiting > 0 && (
        <form method="post" action={SAVED_PATH} className="notice saved__waiting">
          <p>{SAVED_PAGE_COPY.WAITING(loaderData.waiting)}</p>
          <input type="hidden" name="redirect" value={SAVED_PATH} />
          <button type="submit" name="intent" value="merge-cookie" className="button">
            {SAVED_PAGE_COPY.ADD_WAITING}
          </button>
        </form>
      )}
      {loaderData.signedIn ? (
        loaderData.items.length ? (
          <SavedList items={loaderData.items} />
        ) : (
          <p className="saved__empty">{SAVED_PAGE_COPY.EMPTY}</p>
        )
      ) : (
        <BrowserSavedList cookieItems={loaderData.items} />
      )}
    </div>
  )
}
