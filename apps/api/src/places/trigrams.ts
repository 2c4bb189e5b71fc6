/**
 * pg_trgm's `similarity` and `word_similarity`, computed in JavaScript for the place search on the
 * embedded database: PGlite's build of pg_trgm sometimes faults under load ('null function or
 * function signature mismatch' inside `comp_trgm`, an indirect call through the comparison pointer
 * PostgreSQL 18 chooses on first use), so the embedded site compares its few thousand named places
 * here instead (database-provider.ts). The functions follow trgm_op.c for the keys `toPlaceSearchKey`
 * makes (words of a-z and 0-9 separated by single spaces), to the same float4 results;
 * `trigrams.test.ts` checks them against PostgreSQL's own.
 */

/**
 * A key's trigrams in order, duplicates kept: each word padded with two spaces before and one after
 * ('  york '), then every run of three characters. A trigram is its three character codes in one number.
 */
export function toOrderedTrigrams(key: string): Int32Array {
  let count = 0
  const words = key.split(' ').filter((word) => word.length > 0)
  for (const word of words) count += word.length + 1
  const out = new Int32Array(count)
  let at = 0
  for (const word of words) {
    const padded = `  ${word} `
    for (let i = 0; i + 3 <= padded.length; i++) {
      out[at++] = (padded.charCodeAt(i) << 16) | (padded.charCodeAt(i + 1) << 8) | padded.charCodeAt(i + 2)
    }
  }
  return out
}

/** A key's distinct trigrams, in ascending order. */
export function toTrigramSet(ordered: Int32Array): Int32Array {
  const sorted = Int32Array.from(ordered).sort()
  let length = 0
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[length++] = sorted[i]!
  return sorted.slice(0, length)
}

/** pg_trgm's CALCSML: shared trigrams over the union, as a float4. */
const calcSml = (count: number, length1: number, length2: number) => Math.fround(count / (length1 + length2 - count))

/** pg_trgm's `similarity(a, b)` from both keys' distinct trigrams (toTrigramSet). */
export function trigramSimilarity(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 || b.length === 0) return 0
  let i = 0
  let j = 0
  let count = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      count++
      i++
      j++
    } else if (a[i]! < b[j]!) i++
    else j++
  }
  return calcSml(count, a.length, b.length)
}

/**
 * pg_trgm's `word_similarity(key, name)` (calc_word_similarity and iterate_word_similarity without
 * the strict flag): the greatest similarity between the key's trigrams and any continuous extent of
 * the name's trigrams in order. `keySet` is the key's distinct trigrams, `name` the name's in order.
 */
export function trigramWordSimilarity(keySet: Int32Array, name: Int32Array): number {
  // Number the distinct trigrams of both; `found` marks those of the key.
  const numbers = new Map<number, number>()
  for (const trigram of keySet) numbers.set(trigram, numbers.size)
  const keyLength = numbers.size
  const indexes = new Int32Array(name.length)
  for (let i = 0; i < name.length; i++) {
    const trigram = name[i]!
    let number = numbers.get(trigram)
    if (number === undefined) {
      number = numbers.size
      numbers.set(trigram, number)
    }
    indexes[i] = number
  }
  const found = (number: number) => number < keyLength
  const lastPosition = new Int32Array(numbers.size).fill(-1)

  let lower = -1
  let upper: number
  let extentLength = 0
  let count = 0
  let best = 0
  for (let i = 0; i < name.length; i++) {
    const number = indexes[i]!
    if (lower >= 0 || found(number)) {
      if (lastPosition[number]! < 0) {
        extentLength++
        if (found(number)) count++
      }
      lastPosition[number] = i
    }
    if (!found(number)) continue
    upper = i
    if (lower === -1) {
      lower = i
      extentLength = 1
    }
    let current = calcSml(count, keyLength, extentLength)
    // Moving the extent's start later may raise the similarity.
    let tryCount = count
    let tryLength = extentLength
    const previousLower = lower
    for (let tryLower = lower; tryLower <= upper; tryLower++) {
      const trial = calcSml(tryCount, keyLength, tryLength)
      if (trial > current) {
        current = trial
        extentLength = tryLength
        lower = tryLower
        count = tryCount
      }
      const at = indexes[tryLower]!
      if (lastPosition[at] === tryLower) {
        tryLength--
        if (found(at)) tryCount--
      }
    }
    best = Math.max(best, current)
    for (let dropped = previousLower; dropped < lower; dropped++) {
      const at = indexes[dropped]!
      if (lastPosition[at] === dropped) lastPosition[at] = -1
    }
  }
  return best
}
