import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// patches/@electric-sql+pglite+0.5.17.patch (applied by `npm install`'s postinstall, and in the
// Dockerfile): PGlite's protocol reader copied every field of every row into an ArrayBuffer of its own
// before decoding its text. Those small buffers were 13% of the embedded database's thread on a search
// near two places. Patched, a field's text is decoded from where it lies in the message.
describe("PGlite's protocol reader, as patched", () => {
  let pg: PGlite
  beforeAll(async () => {
    pg = await PGlite.create()
  })
  afterAll(async () => {
    await pg.close()
  })

  /** How many ArrayBuffers `run` cuts from others while it runs. */
  async function slicesDuring(run: () => Promise<unknown>): Promise<number> {
    const slice = ArrayBuffer.prototype.slice
    let count = 0
    ArrayBuffer.prototype.slice = function (this: ArrayBuffer, ...args: Parameters<ArrayBuffer['slice']>) {
      count++
      return slice.apply(this, args)
    }
    try {
      await run()
    } finally {
      ArrayBuffer.prototype.slice = slice
    }
    return count
  }

  it('reads the fields of 2,000 rows without a buffer for each', async () => {
    const query = () => pg.query<{ n: number; price: string }>(`select n, '£' || to_char(n * 1000, 'FM999,999,999') || ' – café' as price from generate_series(1, 2000) as n`)
    await query()
    const slices = await slicesDuring(query)
    // Unpatched: one for each of the 4,000 fields, and more.
    expect(slices).toBeLessThan(100)
  })

  it('reads text in any script, empty fields and nulls as they are', async () => {
    const { rows } = await pg.query<{ a: string; b: string; c: string | null; d: string }>(`select '£1,250,000 – Château d''Eau, Llanfair' as a, '' as b, null as c, 'after' as d`)
    expect(rows).toEqual([{ a: "£1,250,000 – Château d'Eau, Llanfair", b: '', c: null, d: 'after' }])
  })
})
