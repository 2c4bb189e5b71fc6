/**
 * A streaming reader of Rightmove BLM v3 files: `#HEADER#` (Version, the EOF and EOR delimiters,
 * Property Count, Generated Date), `#DEFINITION#` (the field names in order, ended by the
 * delimiters), `#DATA#` records and `#END#`. It holds one record at a time, never the file, so a
 * 50 MB feed costs what its longest record does.
 *
 * Keys (header names and field names) are case-insensitive: they come out upper-cased. Each record is
 * decoded as UTF-8, or as Windows-1252 when it is not valid UTF-8 (agency software of a certain age
 * writes that). A record whose field count differs from the definition is reported with its line
 * number and skipped; a file without its sections or delimiters is refused whole.
 *
 * Why here: the reader's one user is the import beside it, which writes through packages/db; it works
 * on Node byte streams, so it cannot live in packages/domain (no I/O there), which keeps only the code
 * tables (blm.ts); and a package of its own would be a workspace for one module, adding nothing to
 * the api -> db -> domain direction it already follows.
 */

/** What a BLM header declares. */
export interface BlmHeader {
  version: string
  /** End-of-field delimiter. */
  eof: string
  /** End-of-record delimiter. */
  eor: string
  /** The declared number of properties, when the header gives one. */
  propertyCount: number | null
  generatedDate: string | null
}

/** One data record: the values by upper-cased field name, and the line it starts on. */
export interface BlmRecord {
  line: number
  values: Record<string, string>
}

/** What the reader yields, in file order. */
export type BlmItem =
  | { kind: 'header'; header: BlmHeader; fields: string[] }
  | { kind: 'record'; record: BlmRecord }
  | { kind: 'bad_record'; line: number; message: string; agentRef: string | null }

/** A file that is not a BLM file: its structure is wrong, so nothing of it may be imported. */
export class BlmFormatError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`)
    this.name = 'BlmFormatError'
  }
}

/** A record longer than this without its end-of-record delimiter means the file is not what it says. */
const MAX_RECORD_BYTES = 8 * 1024 * 1024

const NEWLINE = 0x0a
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Windows-1252's 0x80–0x9F, where it differs from Latin-1 (undefined bytes keep their Latin-1 value).
 * Written out because Node 20's TextDecoder('windows-1252') decodes those bytes as Latin-1.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] as string)
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else Windows-1252. */
export function decodeBlmText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    return decodeWindows1252(bytes)
  }
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0xa0
}

/** Header lines are `Name : value`, the value optionally in single or double quotes. */
function parseHeaderLine(line: string): [string, string] | null {
  const colon = line.indexOf(':')
  if (colon < 0) return null
  const key = line.slice(0, colon).trim().toUpperCase().replace(/\s+/g, '_')
  let value = line.slice(colon + 1).trim()
  const quoted = /^(['"])(.*)\1$/s.exec(value)
  if (quoted) value = quoted[2] as string
  return [key, value]
}

function toHeader(entries: Map<string, string>, line: number): BlmHeader {
  const version = entries.get('VERSION')
  if (!version) throw new BlmFormatError('the header declares no Version', line)
  if (!/^3(\.\d+)?i?$/i.test(version)) throw new BlmFormatError(`version ${version} is not supported (BLM v3 only)`, line)
  const eof = entries.get('EOF')
  const eor = entries.get('EOR')
  if (!eof) throw new BlmFormatError('the header declares no EOF delimiter', line)
  if (!eor) throw new BlmFormatError('the header declares no EOR delimiter', line)
  if (eof === eor) throw new BlmFormatError('the EOF and EOR delimiters are the same', line)
  const count = entries.get('PROPERTY_COUNT')
  return {
    version,
    eof,
    eor,
    propertyCount: count !== undefined && /^\d+$/.test(count) ? Number(count) : null,
    generatedDate: entries.get('GENERATED_DATE') ?? null,
  }
}

/** Splits on the EOF delimiter; the trailing empty value after the last delimiter is not a field. */
function splitFields(text: string, eof: string): string[] {
  const parts = text.split(eof)
  if (parts.length > 1 && parts[parts.length - 1]!.trim() === '') parts.pop()
  return parts
}

/**
 * Reads a BLM file from its bytes, in order: the header and field list first, then each record (or
 * the reason it was skipped). Throws BlmFormatError when the file is not a BLM file.
 */
export async function* readBlm(source: AsyncIterable<Uint8Array>): AsyncGenerator<BlmItem> {
  let buffer: Buffer = Buffer.alloc(0)
  let offset = 0
  let line = 1
  let ended = false
  let state: 'start' | 'header' | 'definition' | 'data' | 'end' = 'start'
  const headerEntries = new Map<string, string>()
  let header: BlmHeader | null = null
  let eorBytes: Buffer = Buffer.alloc(0)
  let fields: string[] = []
  const iterator = source[Symbol.asyncIterator]()

  /** Reads more bytes; false at the end of the stream. */
  const fill = async (): Promise<boolean> => {
    if (ended) return false
    const next = await iterator.next()
    if (next.done) {
      ended = true
      return false
    }
    buffer = offset < buffer.length ? Buffer.concat([buffer.subarray(offset), Buffer.from(next.value)]) : Buffer.from(next.value)
    offset = 0
    return true
  }
  const consume = (end: number) => {
    for (let i = offset; i < end; i++) if (buffer[i] === NEWLINE) line++
    offset = end
  }
  const skipSpace = async (): Promise<boolean> => {
    for (;;) {
      while (offset < buffer.length && isSpace(buffer[offset]!)) consume(offset + 1)
      if (offset < buffer.length) return true
      if (!(await fill())) return false
    }
  }
  /** The bytes up to (not including) `delimiter`, consuming both; null at the end of the stream. */
  const takeUntil = async (delimiter: Buffer): Promise<Buffer | null> => {
    let from = offset
    for (;;) {
      const at = buffer.indexOf(delimiter, from)
      if (at >= 0) {
        const bytes = buffer.subarray(offset, at)
        consume(at)
        consume(at + delimiter.length)
        return bytes
      }
      if (buffer.length - offset > MAX_RECORD_BYTES) throw new BlmFormatError('a record runs past 8 MB without its end-of-record delimiter', line)
      const before = buffer.length - offset
      if (!(await fill())) return null
      from = offset + Math.max(0, before - delimiter.length + 1)
    }
  }
  const startsWith = async (marker: string): Promise<boolean> => {
    while (buffer.length - offset < marker.length) if (!(await fill())) break
    return buffer.subarray(offset, offset + marker.length).toString('latin1').toUpperCase() === marker
  }

  try {
    for (;;) {
      if (state === 'start' || state === 'header') {
        if (!(await skipSpace())) {
          throw new BlmFormatError(state === 'start' ? 'the file has no #HEADER# section' : 'the file has no #DEFINITION# section', line)
        }
        const at = line
        const raw = await takeUntil(Buffer.from('\n'))
        const text = decodeBlmText(raw ?? buffer.subarray(offset)).replace(/^\uFEFF/, '').trim()
        if (raw === null) consume(buffer.length)
        const upper = text.toUpperCase()
        if (state === 'start') {
          if (upper !== '#HEADER#') throw new BlmFormatError('the file does not start with #HEADER#', at)
          state = 'header'
        } else if (upper === '#DEFINITION#') {
          header = toHeader(headerEntries, at)
          eorBytes = Buffer.from(header.eor, 'utf8')
          state = 'definition'
        } else if (upper.startsWith('#')) {
          throw new BlmFormatError(`${text} before #DEFINITION#`, at)
        } else {
          const entry = parseHeaderLine(text)
          if (entry) headerEntries.set(entry[0], entry[1])
        }
        continue
      }
      if (!header) throw new BlmFormatError('the file has no #HEADER# section', line)

      if (state === 'definition') {
        if (!(await skipSpace())) throw new BlmFormatError('the #DEFINITION# section is empty', line)
        const at = line
        const raw = await takeUntil(eorBytes)
        if (raw === null) throw new BlmFormatError('the field list has no end-of-record delimiter', at)
        fields = splitFields(decodeBlmText(raw), header.eof).map((f) => f.trim().toUpperCase())
        if (fields.length === 0 || fields.some((f) => f === '')) throw new BlmFormatError('the field list has an empty field name', at)
        if (!fields.includes('AGENT_REF')) throw new BlmFormatError('the field list has no AGENT_REF', at)
        if (!(await skipSpace()) || !(await startsWith('#DATA#'))) throw new BlmFormatError('the file has no #DATA# section', line)
        consume(offset + '#DATA#'.length)
        yield { kind: 'header', header, fields }
        state = 'data'
        continue
      }

      if (state === 'data') {
        if (!(await skipSpace())) throw new BlmFormatError('the file has no #END#', line)
        if (await startsWith('#END#')) {
          consume(offset + '#END#'.length)
          state = 'end'
          continue
        }
        const at = line
        const raw = await takeUntil(eorBytes)
        if (raw === null) throw new BlmFormatError('the last record has no end-of-record delimiter and the file has no #END#', at)
        const values = splitFields(decodeBlmText(raw), header.eof)
        if (values.length !== fields.length) {
          // Its AGENT_REF, where the record reaches that far: a property whose record is broken is not withdrawn.
          const agentRef = values[fields.indexOf('AGENT_REF')]?.trim() || null
          yield { kind: 'bad_record', line: at, message: `has ${values.length} fields where the definition has ${fields.length}`, agentRef }
          continue
        }
        const record: Record<string, string> = {}
        for (let i = 0; i < fields.length; i++) record[fields[i]!] = values[i]!
        yield { kind: 'record', record: { line: at, values: record } }
        continue
      }
      return
    }
  } finally {
    await iterator.return?.()
  }
}
