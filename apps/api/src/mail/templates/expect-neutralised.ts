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
