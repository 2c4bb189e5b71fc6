/**
 * The agency's client money protection certificate into the media store (the site serves it at
 * /api/company/cmp-certificate.pdf, and company setting 109 links it):
 *   npm run cmp-certificate -- path/to/certificate.pdf
 * Reads DATA_DIR (default ./data, from where npm ran); the media store is its media folder.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { putCompanyDocument } from '../seed/company-documents.ts'

const [file] = process.argv.slice(2)
if (!file) {
  console.error('usage: npm run cmp-certificate -- path/to/certificate.pdf')
  process.exit(2)
}
const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data')
try {
  await putCompanyDocument(path.join(dataDir, 'media'), await readFile(from))
  console.log(`stored ${path.basename(from)} as the client money protection certificate; set company setting 109's client_money_protection.certificate_url to /api/company/cmp-certificate.pdf to link it`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
