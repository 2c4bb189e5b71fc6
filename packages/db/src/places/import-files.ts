/**
 * Reading the public lists of schools and pubs, streamed: the DfE's 'Get Information about Schools'
 * establishment CSV and OpenStreetMap `amenity=pub` points as GeoJSON (a FeatureCollection or one
 * feature a line) or CSV.
 */
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { parse, type CsvError } from 'csv-parse'

/** A file that is not what the importer was asked to read, or cannot be read at all. */
export class ImportFileError extends Error {
  override name = 'ImportFileError'
}

/** A row the importer could not use, with its line in the file. */
export interface RowProblem {
  line: number
  message: string
}

/**
 * The file's text encoding: UTF-8 when every byte sequence is valid UTF-8 (with or without a byte
 * order mark), otherwise Windows-1252, the encoding the DfE's download has long used. Reads the file
 * once, a chunk at a time.
 */
export async function detectEncoding(file: string): Promise<'utf-8' | 'windows-1252'> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  try {
    for await (const chunk of createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true })
    decoder.decode()
    return 'utf-8'
  } catch (error) {
    if (error instanceof TypeError) return 'windows-1252'
    throw new ImportFileError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The file as a stream of text, decoded chunk by chunk, without a byte order mark. */
export function readText(file: string, encoding: 'utf-8' | 'windows-1252'): Readable {
  async function* decode() {
    const decoder = new TextDecoder(encoding)
    for await (const chunk of createReadStream(file)) {
      const text = decoder.decode(chunk as Buffer, { stream: true })
      if (text) yield text
    }
    const rest = decoder.decode()
    if (rest) yield rest
  }
  return Readable.from(decode())
}

/** Leading white space and the record separator of GeoJSON text sequences (RFC 8142). */
export function trimRecordStart(text: string): string {
  let i = 0
  while (i < text.length && (text.charCodeAt(i) === 0x1e || /\s/.test(text[i] as string))) i++
  return text.slice(i)
}

/** The first characters of a file (for telling formats apart), without a byte order mark. */
export async function readStart(file: string, bytes = 512): Promise<string> {
  const handle = await open(file, 'r').catch((error: unknown) => {
    throw new ImportFileError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  })
  try {
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead).toString('latin1').replace(/^\xef\xbb\xbf/, '')
  } finally {
    await handle.close()
  }
}

/** One CSV record by column name, with the line it started on. */
export interface CsvRecord {
  line: number
  values: Record<string, string>
}

/**
 * A CSV (commas or tabs, any line endings) record by record. `checkHeader` sees the header first and
 * throws an ImportFileError for the wrong file. Records with the wrong number of fields are skipped and
 * reported through `onBad`.
 */
export async function* readCsv(
  file: string,
  encoding: 'utf-8' | 'windows-1252',
  checkHeader: (header: string[]) => void,
  onBad: (problem: RowProblem) => void,
): AsyncGenerator<CsvRecord> {
  let headerError: ImportFileError | null = null
  const parser = parse({
    bom: true,
    delimiter: [',', '\t'],
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim())
      try {
        checkHeader(names)
      } catch (error) {
        if (error instanceof ImportFileError) headerError = error
        throw error
      }
      return names
    },
    info: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      onBad({ line: typeof error?.lines === 'number' ? error.lines : 0, message: error?.message ?? 'unreadable row' })
      return undefined
    },
  })
  const records = readText(file, encoding).pipe(parser)
  try {
    for await (const item of records as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { line: item.info.lines, values: item.record }
    }
  } catch (error) {
    if (headerError) throw headerError
    throw new ImportFileError(`${file}: not a readable CSV (${error instanceof Error ? error.message : String(error)})`)
  }
}

/**
 * The features of a GeoJSON file, one at a time: a FeatureCollection is scanned for the objects of its
 * `features` array without holding the file whole, and a GeoJSON text sequence (one feature a line,
 * as `osmium export -f geojsonseq` writes) is read line by line. A feature that is not valid JSON is
 * reported through `onBad`.
 */
export async function* readGeoJsonFeatures(file: string, onBad: (problem: RowProblem) => void): AsyncGenerator<{ line: number; feature: unknown }> {
  const start = trimRecordStart(await readStart(file))
  if (!start.startsWith('{')) throw new ImportFileError(`${file}: not GeoJSON`)
  const firstLine = start.split('\n')[0] ?? ''
  if (/"type"\s*:\s*"Feature"/.test(firstLine) && !/"FeatureCollection"/.test(firstLine)) {
    yield* readFeatureLines(file, onBad)
    return
  }
  yield* scanFeatureCollection(file, onBad)
}

async function* readFeatureLines(file: string, onBad: (problem: RowProblem) => void): AsyncGenerator<{ line: number; feature: unknown }> {
  let line = 0
  let rest = ''
  const parseLine = (text: string, at: number) => {
    const json = trimRecordStart(text).trim()
    if (!json) return undefined
    try {
      return { line: at, feature: JSON.parse(json) as unknown }
    } catch {
      onBad({ line: at, message: 'not valid JSON' })
      return undefined
    }
  }
  for await (const chunk of readText(file, 'utf-8')) {
    const lines = (rest + (chunk as string)).split('\n')
    rest = lines.pop() ?? ''
    for (const text of lines) {
      const item = parseLine(text, ++line)
      if (item) yield item
    }
  }
  const item = parseLine(rest, line + 1)
  if (item) yield item
}

async function* scanFeatureCollection(file: string, onBad: (problem: RowProblem) => void): AsyncGenerator<{ line: number; feature: unknown }> {
  let depth = 0
  let inString = false
  let escaped = false
  let key = ''
  let keyText: string[] | null = null
  let valueOf = ''
  let inFeatures = false
  let sawFeatures = false
  let line = 1
  let feature: string[] | null = null
  let featureLine = 0
  for await (const chunk of readText(file, 'utf-8')) {
    const text = chunk as string
    let from = 0
    for (let i = 0; i < text.length; i++) {
      const c = text[i] as string
      if (c === '\n') line++
      if (inString) {
        if (escaped) escaped = false
        else if (c === '\\') escaped = true
        else if (c === '"') {
          inString = false
          if (keyText) {
            keyText.push(text.slice(from, i))
            key = keyText.join('')
            keyText = null
          }
        }
        continue
      }
      if (c === '"') {
        inString = true
        // Keys of the collection itself: 'type', 'features'.
        if (depth === 1) {
          keyText = []
          from = i + 1
        }
      } else if (c === ':' && depth === 1) {
        valueOf = key
      } else if (c === '{' || c === '[') {
        if (inFeatures && depth === 2 && c === '{') {
          feature = []
          from = i
          featureLine = line
        }
        if (depth === 1 && c === '[' && valueOf === 'features') {
          inFeatures = true
          sawFeatures = true
        }
        depth++
      } else if (c === '}' || c === ']') {
        depth--
        if (feature && depth === 2) {
          feature.push(text.slice(from, i + 1))
          const json = feature.join('')
          feature = null
          try {
            yield { line: featureLine, feature: JSON.parse(json) as unknown }
          } catch {
            onBad({ line: featureLine, message: 'not valid JSON' })
          }
        }
        if (depth === 1) inFeatures = false
      } else if (c === ',' && depth === 1) {
        valueOf = ''
      }
    }
    if (keyText) keyText.push(text.slice(from))
    if (feature) feature.push(text.slice(from))
  }
  if (!sawFeatures) throw new ImportFileError(`${file}: not a GeoJSON FeatureCollection (no "features")`)
}
