import type { EntryContext } from 'react-router'

/**
 * A page's hydration data (React Router's turbo-stream text of the loaders' answers), read whole
 * before the page is rendered, and taken from the context, so that React Router writes none of them
 * itself (its StreamTransfer writes them as inline scripts). PageScripts writes them as data for the
 * boot script instead. Every loader has awaited its data, so they are whole as soon as they are
 * encoded. Null when the page has none; a failed read is thrown.
 */
export async function takeHydrationData(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream
  context.serverHandoffStream = undefined
  if (!stream) return null
  const decoder = new TextDecoder()
  let text = ''
  const reader = stream.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value, { stream: true })
  return text + decoder.decode()
}
