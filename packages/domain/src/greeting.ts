/**
 * How the site's e-mails address a person. SPEC does not word it; every e-mail to a person says
 * 'Hello Priya,' with the first name they gave, and 'Hello,' when it knows none.
 */
import { PERSON_NAME_MAX_LENGTH } from './fields.ts'

/**
 * A text typed by a person as one line of an e-mail (a subject, a greeting): every control character
 * and run of blanks (a line break too, so no header can be broken) made one space, and trimmed.
 * Escaping is the HTML renderer's.
 */
export function toOneLine(text: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return (text ?? '').replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim()
}

/** A name typed by a person as one line (toOneLine), cut at PERSON_NAME_MAX_LENGTH characters. */
export function toOneLineName(name: string | null | undefined): string {
  return toOneLine(name).slice(0, PERSON_NAME_MAX_LENGTH).trim()
}

/** The greeting of an e-mail to a person: 'Hello Priya,'; 'Hello,' when no name is known. */
export function toGreeting(firstName: string | null | undefined): string {
  const name = toOneLineName(firstName)
  return name ? `Hello ${name},` : 'Hello,'
}
