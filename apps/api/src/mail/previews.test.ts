import { describe, expect, it } from 'vitest'
import { PREVIEW_BRANCH, renderMailPreviews, toPreviewBrand } from './previews.ts'

describe('every e-mail', () => {
  it('has a subject, a plain-text part and an HTML part in the shared layout, with the footer in both', async () => {
    const previews = await renderMailPreviews({ brand: toPreviewBrand('https://agency.example'), branch: PREVIEW_BRANCH, pictures: ['https://agency.example/api/m/x/640'] })
    expect(previews).toHaveLength(9)
    for (const { name, mail } of previews) {
      expect(mail.subject, name).not.toBe('')
      expect(mail.text, name).not.toMatch(/<[a-z]/i)
      expect(mail.text, name).toContain('\n--\nHartwell & Co\n')
      expect(mail.text, name).toContain('Registered in England and Wales, company number 03574219.')
      expect(mail.html, name).toMatch(/^<!DOCTYPE html/)
      expect(mail.html, name).toContain('<html dir="ltr" lang="en-GB">')
      expect(mail.html, name).toContain('src="https://agency.example/api/company/logo.png"')
      expect(mail.html, name).toContain("You&#x27;re receiving this because")
      expect(mail.html, name).toContain('Registered in England and Wales, company number 03574219.')
      // No ISO dates: the e-mails write dates as people do.
      expect(`${mail.text}${mail.html}`, name).not.toMatch(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/)
    }
  })
})
