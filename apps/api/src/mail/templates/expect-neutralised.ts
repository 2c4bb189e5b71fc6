import { expect } from 'vitest'
import { HOSTILE_ESCAPED } from '../mail-fixtures.ts'

/**
 * Whatever a visitor typed shows in the HTML part as text, never as markup, an attribute or a link:
 * no raw `<script>`, no quote that ends an attribute, no `javascript:` address, and each field's
 * value (hostile(field)) there escaped.
 */
export function expectNeutralised(html: string, fields: readonly string[]): void {
  expect(html).not.toContain('<script>')
  expect(html).not.toContain('" onmouseover=')
  expect(html).not.toMatch(/(href|src)\s*=\s*["']?\s*javascript:/i)
  for (const field of fields) expect(html, field).toContain(`${field}${HOSTILE_ESCAPED}`)
}

/**
 * The words a person reads in an e-mail's HTML part: its body's text, tags gone, entities decoded,
 * blanks collapsed to one space; a `<br>` stays a line break.
 */
export function toVisibleText(html: string): string {
  const body = html.slice(Math.max(0, html.search(/<body[\s>]/i)))
  return body
    .replace(/[\r\n]+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|&#xA0;/gi, ' ')
    .replace(/&amp;/g, '&')
    .replace(/(?:[ \t\u200b\u200c\u00a0\u2060\ufeff]|\u034f)+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim()
}
