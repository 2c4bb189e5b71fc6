import type { EntryContext } from 'react-router'

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>

/**
 * Reads a page's hydration data whole before the page is rendered, into the cache React Router's
 * StreamTransfer reads its chunks from (`renderMeta.streamCache`, one entry a chunk, the last one
 * `done`, as it would fill it itself). StreamTransfer then writes the data's scripts at once instead
 * of suspending for each chunk, so the page renders in one pass, to a string (render-document.server.tsx),
 * with the same bytes as a stream gives. Every loader has awaited its data, so the data are whole as
 * soon as they are encoded. A failed read is kept as StreamTransfer keeps one: the render throws it
 * inside its Suspense boundary, and the page goes to the browser to render that part, as before.
 */
export async function readHydrationDataAhead(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream
  if (!stream) return
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  const cache: StreamCache = {}
  for (let identifier = 0; ; identifier++) {
    const entry: StreamCache[number] = Object.assign(Promise.resolve(), {})
    cache[identifier] = entry
    try {
      const { done, value } = await reader.read()
      entry.result = { done, value: decoder.decode(value, { stream: true }) }
      if (done) break
    } catch (error) {
      entry.error = error
      break
    }
  }
  reader.releaseLock()
  ;(context.renderMeta ??= {}).streamCache = cache
}
