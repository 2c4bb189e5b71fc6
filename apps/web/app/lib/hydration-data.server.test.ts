import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { takeHydrationData } from './hydration-data.server.ts'

/** An entry context as far as the data's stream goes. */
const contextWith = (stream: ReadableStream<Uint8Array> | undefined) => ({ serverHandoffStream: stream }) as unknown as EntryContext

/** A stream of the chunks, one a read, then closed, or failing at the read after them. */
const streamOf = (chunks: Uint8Array[], failure?: Error) => {
  const left = [...chunks]
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = left.shift()
      if (chunk) controller.enqueue(chunk)
      else if (failure) controller.error(failure)
      else controller.close()
    },
  })
}

describe('takeHydrationData', () => {
  it('reads the data whole, decoded, and takes the stream from the context so that React Router writes none of it', async () => {
    // '£' is two bytes: the chunks cut it in half, as a stream may.
    const bytes = new TextEncoder().encode('[{"price":"£1,250,000"}]\n[1,"late"]\n')
    const cut = bytes.indexOf(0xa3)
    const context = contextWith(streamOf([bytes.subarray(0, cut), bytes.subarray(cut)]))
    expect(await takeHydrationData(context)).toBe('[{"price":"£1,250,000"}]\n[1,"late"]\n')
    expect(context.serverHandoffStream).toBeUndefined()
  })

  it('answers null for a page without data, and throws a failed read', async () => {
    expect(await takeHydrationData(contextWith(undefined))).toBeNull()
    await expect(takeHydrationData(contextWith(streamOf([new Uint8Array([0x5b])], new Error('encoding failed'))))).rejects.toThrow('encoding failed')
  })
})
