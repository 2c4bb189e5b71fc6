/**
 * Writes BLM v3 files and feed zips, as agency software exports them: for tests, the benchmark and
 * trying the import out.
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import yazl from 'yazl'

/** The fields of a typical agency export, in order (media columns are added per file as needed). */
export const BLM_SAMPLE_FIELDS = [
  'AGENT_REF', 'ADDRESS_1', 'ADDRESS_2', 'ADDRESS_3', 'ADDRESS_4', 'TOWN', 'POSTCODE1', 'POSTCODE2',
  'FEATURE1', 'FEATURE2', 'FEATURE3', 'FEATURE4', 'FEATURE5', 'FEATURE6', 'FEATURE7', 'FEATURE8', 'FEATURE9', 'FEATURE10',
  'SUMMARY', 'DESCRIPTION', 'BRANCH_ID', 'STATUS_ID', 'BEDROOMS', 'BATHROOMS', 'LIVING_ROOMS', 'PRICE', 'PRICE_QUALIFIER',
  'PROP_SUB_ID', 'CREATE_DATE', 'UPDATE_DATE', 'DISPLAY_ADDRESS', 'PUBLISHED_FLAG', 'LET_DATE_AVAILABLE', 'LET_BOND',
  'LET_TYPE_ID', 'LET_FURN_ID', 'LET_RENT_FREQUENCY', 'TENURE_TYPE_ID', 'TRANS_TYPE_ID', 'NEW_HOME_FLAG', 'COUNCIL_TAX_BAND',
] as const

/** Options of a written file. */
export interface BlmWriteOptions {
  /** The field list; default BLM_SAMPLE_FIELDS plus any other key the records use. */
  fields?: readonly string[]
  eof?: string
  eor?: string
  /** Line ending (default CRLF, as Windows agency software writes). */
  newline?: string
}

function toFields(records: ReadonlyArray<Record<string, string | number>>, options: BlmWriteOptions): string[] {
  if (options.fields) return [...options.fields]
  const fields: string[] = [...BLM_SAMPLE_FIELDS]
  const known = new Set(fields)
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!known.has(key)) {
        known.add(key)
        fields.push(key)
      }
    }
  }
  return fields
}

/** The header and definition of a file, up to and including `#DATA#`. */
export function toBlmHead(fields: readonly string[], count: number, options: BlmWriteOptions = {}): string {
  const eof = options.eof ?? '^'
  const eor = options.eor ?? '~'
  const nl = options.newline ?? '\r\n'
  return [
    '#HEADER#',
    'Version : 3',
    `EOF : '${eof}'`,
    `EOR : '${eor}'`,
    `Property Count : ${count}`,
    'Generated Date : 2026-11-21 09:00:00',
    '',
    '#DEFINITION#',
    `${fields.join(eof)}${eof}${eor}`,
    '',
    '#DATA#',
    '',
  ].join(nl)
}

/** One record line. */
export function toBlmRecordLine(fields: readonly string[], record: Record<string, string | number>, options: BlmWriteOptions = {}): string {
  const eof = options.eof ?? '^'
  return `${fields.map((f) => String(record[f] ?? '')).join(eof)}${eof}${options.eor ?? '~'}${options.newline ?? '\r\n'}`
}

/** A whole BLM file as text. */
export function toBlmText(records: ReadonlyArray<Record<string, string | number>>, options: BlmWriteOptions = {}): string {
  const fields = toFields(records, options)
  return toBlmHead(fields, records.length, options) + records.map((r) => toBlmRecordLine(fields, r, options)).join('') + '#END#' + (options.newline ?? '\r\n')
}

/** Writes a zip of a `.blm` and its media files. */
export async function writeFeedZip(target: string, blmName: string, blm: string | Buffer, media: ReadonlyArray<{ name: string; body: Buffer }>): Promise<void> {
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.isBuffer(blm) ? blm : Buffer.from(blm, 'utf8'), blmName)
  for (const file of media) zip.addBuffer(file.body, file.name)
  zip.end()
  const out = createWriteStream(target)
  zip.outputStream.pipe(out)
  await once(out, 'close')
}

/** A sample record: a three-bedroom semi for sale (override any field). */
export function toSampleBlmRecord(ref: string, overrides: Record<string, string | number> = {}): Record<string, string | number> {
  return {
    AGENT_REF: ref,
    ADDRESS_1: '12 Park Row',
    ADDRESS_2: 'Headingley',
    TOWN: 'Leeds',
    POSTCODE1: 'LS6',
    POSTCODE2: '2AB',
    FEATURE1: 'South-facing rear garden',
    FEATURE2: 'Off-street parking',
    SUMMARY: 'A bright three-bedroom semi-detached house close to the park.',
    DESCRIPTION: '<p>A bright three-bedroom semi-detached house.</p><p>Gas central heating &amp; double glazing.</p>',
    BRANCH_ID: 1,
    STATUS_ID: 0,
    BEDROOMS: 3,
    BATHROOMS: 1,
    LIVING_ROOMS: 2,
    PRICE: 325000,
    PRICE_QUALIFIER: 2,
    PROP_SUB_ID: 3,
    DISPLAY_ADDRESS: 'Park Row, Headingley, Leeds',
    PUBLISHED_FLAG: 1,
    TENURE_TYPE_ID: 1,
    TRANS_TYPE_ID: 1,
    NEW_HOME_FLAG: 'N',
    COUNCIL_TAX_BAND: 'C',
    ...overrides,
  }
}
