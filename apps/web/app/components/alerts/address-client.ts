/**
 * The browser's address suggestions (GET /api/addresses?keyword=), loaded on demand by the address
 * combobox. Like the places client it reads the answer without the full API client, so zod and the
 * domain schemas stay out of the page's first load.
 */
import { findTypedSuggestion } from '@agency/domain'

interface FindOptions {
  signal?: AbortSignal
}

/** A suggestion's line: the API's display_name (SPEC §3 contact address), or its text. */
function toLine(item: unknown): string | null {
  if (typeof item === 'string') return item
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>
    for (const key of ['display_name', 'address', 'description', 'name']) {
      const value = record[key]
      if (typeof value === 'string' && value.trim() !== '') return value
    }
  }
  return null
}

/** A suggestion as a form keeps it: the id the lead form sends back, and the line shown. */
export interface AddressSuggestionLine {
  suggestion_id: string
  display_name: string
}

/** The suggestions for what was typed, one per line; an empty list when the API finds none. */
export async function findAddressSuggestions(keyword: string, options: FindOptions = {}): Promise<AddressSuggestionLine[]> {
  const response = await fetch(`/api/addresses?${new URLSearchParams({ keyword }).toString()}`, {
    headers: { accept: 'application/json' },
    signal: options.signal ?? null,
  })
  if (!response.ok) throw new Error(`address suggestions failed with status ${response.status}`)
  const body = (await response.json()) as { data?: unknown }
  const items = Array.isArray(body.data) ? body.data : []
  const byLine = new Map<string, AddressSuggestionLine>()
  for (const item of items) {
    const line = toLine(item)
    if (line === null || byLine.has(line)) continue
    const id = item && typeof item === 'object' ? (item as Record<string, unknown>).suggestion_id : undefined
    byLine.set(line, { suggestion_id: typeof id === 'string' && id !== '' ? id : line, display_name: line })
  }
  return [...byLine.values()]
}

/**
 * The suggestion that reads exactly as `typed` (case and spaces aside), asked of the API: a form sent
 * before the suggestions came still counts such an address as chosen. Null for none, or when asking fails.
 */
export async function findTypedAddress(typed: string): Promise<AddressSuggestionLine | null> {
  const keyword = typed.trim()
  if (keyword.length < 3) return null
  try {
    return findTypedSuggestion(await findAddressSuggestions(keyword.slice(0, 256)), keyword)
  } catch {
    return null
  }
}
