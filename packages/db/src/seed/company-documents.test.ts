import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDiskMediaStore } from '../media-store/disk.ts'
import { CMP_CERTIFICATE_FILE, ensureCompanyDocuments, putCompanyDocument } from './company-documents.ts'

describe("the company's certificate in the media store", () => {
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'agency-company-docs-'))
  afterAll(() => rmSync(mediaDir, { recursive: true, force: true }))
  const stored = () => readFileSync(path.join(mediaDir, CMP_CERTIFICATE_FILE), 'latin1')

  it("writes the demo certificate once, and never over the agency's own", async () => {
    expect(await ensureCompanyDocuments(createDiskMediaStore(mediaDir))).toBe(true)
    expect(stored()).toMatch(/^%PDF-1\.4[\s\S]*\(Certificate of Membership\)[\s\S]*%%EOF\n$/)
    await putCompanyDocument(createDiskMediaStore(mediaDir), Buffer.from('%PDF-1.7 the agency\'s own'))
    expect(await ensureCompanyDocuments(createDiskMediaStore(mediaDir))).toBe(false)
    expect(stored()).toBe("%PDF-1.7 the agency's own")
  })

  it('takes only a PDF', async () => {
    await expect(putCompanyDocument(createDiskMediaStore(mediaDir), Buffer.from('GIF89a'))).rejects.toThrow('The certificate must be a PDF file.')
    expect(stored()).toBe("%PDF-1.7 the agency's own")
  })
})
