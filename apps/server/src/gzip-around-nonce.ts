import { constants, crc32, deflateRawSync } from 'node:zlib'

/** A gzip member's header (RFC 1952 §2.3): deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
/** The last deflate block (RFC 1951 §3.2.4): a final stored block of no bytes. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])
/** How far back deflate may refer (RFC 1951 §2: 32 KB). */
const WINDOW = 32 * 1024

/**
 * A kept page gzipped once, around the nonce that every answer made of it replaces with its own
 * (web.ts `swapNonce`). The text between nonces is deflated once, each part ending on a byte boundary
 * (a full flush); an answer is those parts with its nonce between them as stored blocks, a last empty
 * block, and the CRC-32 and length of the page it holds. So a browser gets the kept page gzipped for the cost of a CRC over it, where gzipping it
 * afresh for every answer (each answer's bytes differ by their nonce) cost the process most of its time.
 */
export class GzipAroundNonce {
  readonly #parts: Buffer[]
  readonly #deflated: Buffer[]
  readonly #nonceLength: number
  readonly #length: number

  constructor(body: Buffer, nonce: string, level = 6) {
    const marker = Buffer.from(nonce)
    if (marker.byteLength === 0 || marker.byteLength > 0xffff) throw new Error('a nonce is 1 to 65,535 bytes')
    this.#parts = []
    let from = 0
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, from)) {
      this.#parts.push(body.subarray(from, at))
      from = at + marker.byteLength
    }
    this.#parts.push(body.subarray(from))
    // Each part may refer back into the text before it, as one deflate stream would, through that
    // text as its dictionary: the page so far with each nonce blanked out by 0xFF bytes. No match can
    // take a byte from a blank (a part holding no 0xFF byte cannot match one, and UTF-8 text has
    // none), so the distances line up with what a browser's inflater holds, its own nonce in each
    // blank, and nothing is read from it.
    const blank = Buffer.alloc(marker.byteLength, 0xff)
    this.#deflated = this.#parts.map((part, i) => {
      const options = { level, finishFlush: constants.Z_FULL_FLUSH }
      if (i === 0 || part.includes(0xff)) return deflateRawSync(part, options)
      const before = Buffer.concat(this.#parts.slice(0, i).flatMap((previous) => [previous, blank]))
      return deflateRawSync(part, { ...options, dictionary: before.subarray(Math.max(0, before.byteLength - WINDOW)) })
    })
    this.#nonceLength = marker.byteLength
    this.#length = body.byteLength
  }

  /** The page with `nonce` in place of the kept one, gzipped. */
  answer(nonce: string): Buffer {
    const fresh = Buffer.from(nonce)
    if (fresh.byteLength !== this.#nonceLength) throw new Error('nonces differ in length')
    // A stored block (RFC 1951 §3.2.4): not final, its length and that length's complement, the bytes.
    const stored = Buffer.alloc(5 + fresh.byteLength)
    stored.writeUInt16LE(fresh.byteLength, 1)
    stored.writeUInt16LE(~fresh.byteLength & 0xffff, 3)
    fresh.copy(stored, 5)
    const pieces: Buffer[] = [GZIP_HEADER]
    let crc = 0
    this.#deflated.forEach((deflated, i) => {
      if (i > 0) {
        pieces.push(stored)
        crc = crc32(fresh, crc)
      }
      pieces.push(deflated)
      crc = crc32(this.#parts[i]!, crc)
    })
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc >>> 0, 0)
    trailer.writeUInt32LE(this.#length % 2 ** 32, 4)
    pieces.push(LAST_BLOCK, trailer)
    return Buffer.concat(pieces)
  }
}
