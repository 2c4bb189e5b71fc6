import { render } from '@react-email/render'
import type { ReactElement } from 'react'
import type { MailBranch, MailBrand } from './brand.ts'

/** A rendered e-mail: its subject, a plain-text part and an HTML part (and headers, when it needs some). */
export interface RenderedMail {
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
}

/** The HTML part of an e-mail from its React element (React escapes every text and attribute). */
export function renderHtml(element: ReactElement): Promise<string> {
  return render(element)
}

/** What the footer says, in the plain-text part. */
export interface TextFooter {
  brand: MailBrand
  branch?: MailBranch | null
  reason: string
  unsubscribe?: { href: string; label: string } | null
}

/** The plain-text part's footer: the same facts as the HTML footer, after a rule. */
export function toTextFooter({ brand, branch, reason, unsubscribe }: TextFooter): string[] {
  return [
    '--',
    brand.agencyName,
    ...(branch ? [`${branch.name} branch, ${branch.address}, ${branch.phone}`] : []),
    reason,
    ...(unsubscribe ? [`${unsubscribe.label}: ${unsubscribe.href}`] : []),
    ...brand.companyLines,
  ]
}

/** Paragraphs of a plain-text part: each followed by a blank line; a paragraph may hold several lines. */
export function toText(paragraphs: ReadonlyArray<string | readonly string[] | null | false | undefined>): string {
  return `${paragraphs
    .filter((p): p is string | readonly string[] => typeof p === 'string' || (Array.isArray(p) && p.length > 0))
    .map((p) => (typeof p === 'string' ? p : p.join('\n')))
    .join('\n\n')}\n`
}
