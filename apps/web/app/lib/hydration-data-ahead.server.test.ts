import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { readHydrationDataAhead } from './hydration-data-ahead.server.ts'

/** An entry context as far as the data's stream and the render's bookkeeping go. */
const contextWith = (stream: ReadableStream<Uint8Array> | undefined) => ({ serverHandoffStream: stream, renderMeta: { didRenderScripts: false } }) as unknown as EntryContext

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

describe('readHydrationDataAhead', () => {
  it('keeps each chunk of the data in order, decoded, the last one done, as StreamTransfer reads them', async () => {
    // '£' is two bytes: the chunks cut it in half, as a stream may.
    const bytes = new TextEncoder().encode('[{"price":"£1,250,000"}]\n[1,"late"]\n')
    const cut = bytes.indexOf(0xa3)
    const context = contextWith(streamOf([bytes.subarray(0, cut), bytes.subarray(cut)]))
    await readHydrationDataAhead(context)
    const cache = context.renderMeta?.streamCache ?? {}
    expect(Object.keys(cache)).toEqual(['0', '1', '2'])
    expect(cache[0]?.result).toEqual({ done: false, value: '[{"price":"' })
    expect(cache[1]?.result).toEqual({ done: false, value: '£1,250,000"}]\n[1,"late"]\n' })
    expect(cache[2]?.result).toEqual({ done: true, value: '' })
    await expect(cache[0]).resolves.toBeUndefined()
    // What the render set already is kept.
    expect(context.renderMeta?.didRenderScripts).toBe(false)
    // The stream is free again, for React Router to take its reader.
    expect(context.serverHandoffStream?.locked).toBe(false)
  })

  it('keeps a failed read as StreamTransfer would, for the render to throw in its boundary', async () => {
    const failure = new Error('Server Timeout')
    const context = contextWith(streamOf([new TextEncoder().encode('[1]\n')], failure))
    await readHydrationDataAhead(context)
    const cache = context.renderMeta?.streamCache ?? {}
    expect(cache[0]?.result).toEqual({ done: false, value: '[1]\n' })
    expect(cache[1]?.result).toBeUndefined()
    expect(cache[1]?.error).toBe(failure)
  })

  it('leaves a page without data as it is', async () => {
    const context = contextWith(undefined)
    await readHydrationDataAhead(context)
    expect(context.renderMeta?.streamCache).toBeUndefined()
  })
})
