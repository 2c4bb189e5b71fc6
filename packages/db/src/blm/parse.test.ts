import { describe, expect, it } from 'vitest'
import { BlmFormatError, readBlm, type BlmItem } from './parse.ts'

async function* chunks(text: string | Buffer, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function readAll(source: AsyncIterable<Uint8Array>): Promise<BlmItem[]> {
  const items: BlmItem[] = []
  for await (const item of readBlm(source)) items.push(item)
  return items
}

const FEED = [
  '#HEADER#',
  'Version : 3',
  "EOF : '^'",
  "EOR : '~'",
  'Property Count : 2',
  'Generated Date : 21-Nov-2026 10:00',
  '',
  '#DEFINITION#',
  'AGENT_REF^ADDRESS_1^POSTCODE1^PRICE^~',
  '',
  '#DATA#',
  'A1^1 Park Row^LS1^250000^~',
  'A2^2 Park Row^LS1^^~',
  '#END#',
].join('\r\n')

describe('readBlm', () => {
  it('reads the header, the field list and each record with its line number', async () => {
    const items = await readAll(chunks(FEED))
    expect(items).toEqual([
      {
        kind: 'header',
        header: { version: '3', eof: '^', eor: '~', propertyCount: 2, generatedDate: '21-Nov-2026 10:00' },
        fields: ['AGENT_REF', 'ADDRESS_1', 'POSTCODE1', 'PRICE'],
      },
      { kind: 'record', record: { line: 12, values: { AGENT_REF: 'A1', ADDRESS_1: '1 Park Row', POSTCODE1: 'LS1', PRICE: '250000' } } },
      { kind: 'record', record: { line: 13, values: { AGENT_REF: 'A2', ADDRESS_1: '2 Park Row', POSTCODE1: 'LS1', PRICE: '' } } },
    ])
  })

  it('uses whatever delimiters the header declares, with keys in any case', async () => {
    const feed = ['#header#', 'VERSION : 3', 'eof : "|"', 'Eor : "@@"', '#Definition#', 'agent_ref|Address_1|@@', '#data#', 'B1|Flat ~ 2^3|@@B2|Mill Lane|@@', '#end#'].join('\n')
    const items = await readAll(chunks(feed, 3))
    expect(items.slice(1)).toEqual([
      { kind: 'record', record: { line: 8, values: { AGENT_REF: 'B1', ADDRESS_1: 'Flat ~ 2^3' } } },
      { kind: 'record', record: { line: 8, values: { AGENT_REF: 'B2', ADDRESS_1: 'Mill Lane' } } },
    ])
  })

  it('keeps quotes and commas inside fields as they are (BLM has no quoting)', async () => {
    const feed = FEED.replace('1 Park Row', '"The Old Forge", Mill Lane, \'Leeds\'')
    const [, first] = await readAll(chunks(feed))
    expect(first).toMatchObject({ record: { values: { ADDRESS_1: '"The Old Forge", Mill Lane, \'Leeds\'' } } })
  })

  it('skips a record whose field count differs from the definition, naming its line', async () => {
    const feed = FEED.replace('A2^2 Park Row^LS1^^~', 'A2^2 Park Row^LS1^~\r\nA3^3 Park Row^LS1^1^2^~')
    const items = await readAll(chunks(feed))
    expect(items.slice(1)).toEqual([
      expect.objectContaining({ kind: 'record' }),
      { kind: 'bad_record', line: 13, message: 'has 3 fields where the definition has 4', agentRef: 'A2' },
      { kind: 'bad_record', line: 14, message: 'has 5 fields where the definition has 4', agentRef: 'A3' },
    ])
  })

  it('reads Windows-1252 when a record is not UTF-8', async () => {
    const feed = Buffer.concat([
      Buffer.from(FEED.split('A2^')[0]!, 'utf8'),
      Buffer.from('A2^Caf\xe9 \x96 \x80250 pw^LS1^^~\r\n#END#', 'latin1'),
    ])
    const items = await readAll(chunks(feed))
    expect(items[2]).toMatchObject({ record: { values: { ADDRESS_1: 'Café – €250 pw' } } })
  })

  it('reads UTF-8 with a byte order mark', async () => {
    const items = await readAll(chunks(`\uFEFF${FEED.replace('1 Park Row', 'Café – €250')}`))
    expect(items[1]).toMatchObject({ record: { values: { ADDRESS_1: 'Café – €250' } } })
  })

  it.each([
    ['no header', FEED.replace('#HEADER#', ''), 'line 2: the file does not start with #HEADER#'],
    ['no definition', FEED.split('#DEFINITION#')[0]!, 'the file has no #DEFINITION# section'],
    ['no data section', FEED.replace('#DATA#', ''), 'line 12: the file has no #DATA# section'],
    ['no end', FEED.replace('#END#', ''), 'the file has no #END#'],
    ['no EOR', FEED.replace("EOR : '~'", ''), "line 8: the header declares no EOR delimiter"],
    ['no EOF', FEED.replace("EOF : '^'", ''), 'line 8: the header declares no EOF delimiter'],
    ['version 2', FEED.replace('Version : 3', 'Version : 2'), 'line 8: version 2 is not supported (BLM v3 only)'],
    ['no AGENT_REF', FEED.replace('AGENT_REF^', 'REF^'), 'line 9: the field list has no AGENT_REF'],
    ['an unended record', FEED.replace('A2^2 Park Row^LS1^^~\r\n#END#', 'A2^2 Park Row^LS1^^'), 'line 13: the last record has no end-of-record delimiter and the file has no #END#'],
    ['an empty file', '', 'line 1: the file has no #HEADER# section'],
  ])('refuses a file with %s', async (_name, feed, message) => {
    const error = await readAll(chunks(feed)).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(BlmFormatError)
    expect((error as Error).message).toMatch(message)
  })

  it('streams a 50 MB file, holding no more than a few chunks of it at a time', async () => {
    const record = (i: number) => `R${String(i).padStart(9, '0')}^${'x'.repeat(990)}^LS1^${String(i).padStart(9, '0')}^~\n`
    const recordBytes = Buffer.byteLength(record(0))
    const count = Math.ceil((50 * 1024 * 1024) / recordBytes) + 10_000
    const head = Buffer.from(FEED.split('#DATA#')[0] + '#DATA#\n')
    const chunkSize = 64 * 1024
    let produced = 0
    async function* source(): AsyncGenerator<Uint8Array> {
      // Built as it is read: the whole file never exists at once, here or (the test checks) in the reader.
      let pending: Buffer[] = [head]
      let pendingBytes = head.length
      for (let i = 0; i <= count; i++) {
        const text = i === count ? '#END#\n' : record(i)
        const bytes = Buffer.from(text)
        pending.push(bytes)
        pendingBytes += bytes.length
        if (pendingBytes >= chunkSize || i === count) {
          const chunk = Buffer.concat(pending)
          pending = []
          pendingBytes = 0
          produced += chunk.length
          yield chunk
        }
      }
    }
    let records = 0
    let consumed = head.length
    let widestGap = 0
    for await (const item of readBlm(source())) {
      if (item.kind !== 'record') continue
      records++
      consumed += recordBytes
      widestGap = Math.max(widestGap, produced - consumed)
    }
    expect(produced).toBeGreaterThan(50 * 1024 * 1024)
    expect(records).toBe(count)
    // The reader never ran more than two chunks ahead of the records it handed out.
    expect(widestGap).toBeLessThanOrEqual(2 * chunkSize + recordBytes * 2)
  })
})
