/**
 * The browser's address suggestions (GET /api/addresses?keyword=), loaded on demand by the address
 * combobox. Like the places client it reads the answer without the full API client, so zod and the
 * domain schemas stay out of the page's first load.
 */

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

/** The address lines suggested for what was typed; an empty list when the API finds none. */
export async function findAddresses(keyword: string, options: FindOptions = {}): Promise<string[]> {
  const response = await fetch(`/api/addresses?${new URLSearchParams({ keyword }).toString()}`, {
    headers: { accept: 'application/json' },
    signal: options.signal ?? null,
  })
  if (!response.ok) throw new Error(`address suggestions failed with status ${response.status}`)
  const body = (await response.json()) as { data?: unknown }
  const items = Array.isArray(body.data) ? body.data : []
  return [...new Set(items.map(toLine).filter((line): line is string => line !== null))]
}
