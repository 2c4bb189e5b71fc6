/**
 * Copies every original of one store into another (`npm run media:move`: the disk a site kept its
 * media on, into the shared store it now uses). An object already in the target with the same bytes
 * is left alone, so a second run copies nothing; the source is never changed.
 */
import { sha256Hex, toBuffer, type MediaStore } from './store.ts'

/** What a move did. */
export interface MoveMediaSummary {
  /** Objects in the source. */
  found: number
  copied: number
  /** Already in the target with the same bytes. */
  unchanged: number
  bytesCopied: number
}

export async function moveMedia(from: MediaStore, to: MediaStore, options: { log?: (line: string) => void } = {}): Promise<MoveMediaSummary> {
  const summary: MoveMediaSummary = { found: 0, copied: 0, unchanged: 0, bytesCopied: 0 }
  for await (const key of from.list()) {
    summary.found += 1
    const source = await from.get(key)
    if (!source) continue // deleted while the move ran
    const bytes = await toBuffer(source.body)
    const there = await to.head(key)
    // A store that keeps no hash (the disk) is compared by reading the object.
    const theirs = there ? (there.sha256 ?? (there.size === bytes.length ? await hashOf(to, key) : undefined)) : undefined
    if (theirs === sha256Hex(bytes)) {
      summary.unchanged += 1
      continue
    }
    await to.put(key, bytes, source.contentType)
    summary.copied += 1
    summary.bytesCopied += bytes.length
    if (summary.copied % 500 === 0) options.log?.(`${summary.copied} copied…`)
  }
  return summary
}

async function hashOf(store: MediaStore, key: string): Promise<string | undefined> {
  const object = await store.get(key)
  return object ? sha256Hex(await toBuffer(object.body)) : undefined
}
