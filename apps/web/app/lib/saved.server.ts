import type { AppLoadContext } from 'react-router'
import { getCurrentContact } from '#app/lib/session.server.ts'

/**
 * The ids of the logged-in contact's saved properties, for the hearts of the page; null for a visitor,
 * whose saves stay in their browser. A failure shows every heart empty rather than an error page.
 */
export async function getSavedPropertyIds(request: Request, context: AppLoadContext): Promise<number[] | null> {
  const contact = await getCurrentContact(request, context)
  if (!contact) return null
  return context.services
    .getSavedPropertyIds()
    .then((ids) => ids ?? [])
    .catch((error: unknown) => {
      console.warn('could not read the saved properties', error instanceof Error ? error.message : error)
      return []
    })
}
