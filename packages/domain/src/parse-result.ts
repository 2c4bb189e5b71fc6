/**
 * The result every `parseX` of this package returns: the data, or the first failing message in SPEC's
 * order with all messages by field. Never throws.
 */
import type { z } from 'zod'

/** A successful parse. */
export interface ParseSuccess<T> {
  readonly success: true
  readonly data: T
}

/** A failed parse: `message` is the one to show (SPEC §5 toasts show one), `field` where it belongs. */
export interface ParseFailure {
  readonly success: false
  readonly message: string
  readonly field: string
  /** Messages by field, fields in check order; the API answers these as its 422 `errors`. */
  readonly errors: Record<string, string[]>
}

/** The result of a `parseX`. */
export type ParseResult<T> = ParseSuccess<T> | ParseFailure

/** The form-level field name used when an issue belongs to no field. */
export const FORM_FIELD = 'form'

/**
 * The field an issue belongs to: the longest entry of `fieldOrder` its dotted path starts with
 * ('contact_address.suggestion_id' → 'contact_address', 'contacts.0.name' → 'contacts'), else the whole
 * dotted path, or FORM_FIELD for an issue about the whole input.
 */
export function toIssueField(path: readonly PropertyKey[], fieldOrder: readonly string[] = []): string {
  if (path.length === 0) return FORM_FIELD
  const dotted = path.map(String).join('.')
  let best: string | undefined
  for (const field of fieldOrder) {
    if ((dotted === field || dotted.startsWith(`${field}.`)) && field.length > (best?.length ?? -1)) best = field
  }
  return best ?? dotted
}

/**
 * Turns a zod result into a ParseResult. Issues are grouped by field (toIssueField) and ordered by
 * `fieldOrder` (SPEC's order of checks); fields not listed follow in zod's order. Within a field,
 * messages keep the order the checks ran, each once.
 */
export function toParseResult<T>(result: z.ZodSafeParseResult<T>, fieldOrder: readonly string[] = []): ParseResult<T> {
  if (result.success) return { success: true, data: result.data }
  const rank = (field: string): number => {
    const i = fieldOrder.indexOf(field)
    return i === -1 ? fieldOrder.length : i
  }
  const issues = result.error.issues
    .map((issue, i) => ({ field: toIssueField(issue.path, fieldOrder), message: issue.message, i }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.i - b.i)
  const errors: Record<string, string[]> = {}
  for (const { field, message } of issues) {
    const list = (errors[field] ??= [])
    if (!list.includes(message)) list.push(message)
  }
  // A failed zod result always carries at least one issue.
  const first = issues[0]!
  return { success: false, message: first.message, field: first.field, errors }
}

/** One field's message. */
export interface FieldFailure {
  readonly field: string
  readonly message: string
}

/** Failures found by hand, in check order, as a ParseFailure (null when there are none). */
export function toParseFailure(failures: readonly FieldFailure[]): ParseFailure | null {
  const first = failures[0]
  if (!first) return null
  const errors: Record<string, string[]> = {}
  for (const { field, message } of failures) {
    const list = (errors[field] ??= [])
    if (!list.includes(message)) list.push(message)
  }
  return { success: false, message: first.message, field: first.field, errors }
}

/**
 * Two checks of one form as one failure: the first's messages first (its first message is the one
 * to show), then the second's. Null when both passed.
 */
export function joinParseFailures(first: ParseFailure | null, second: ParseFailure | null): ParseFailure | null {
  const failures = [first, second].flatMap((failure) =>
    failure ? Object.entries(failure.errors).flatMap(([field, messages]) => messages.map((message) => ({ field, message }))) : [],
  )
  const lead = first ?? second
  const joined = toParseFailure(failures)
  return lead && joined ? { ...joined, message: lead.message, field: lead.field } : null
}

/**
 * Messages by field without those of `fields` (a form's fields being put right): the same object
 * when none of them had any, so a form's state need not change.
 */
export function withoutFieldErrors(errors: Record<string, string[]>, fields: readonly string[]): Record<string, string[]> {
  if (!fields.some((field) => field in errors)) return errors
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)))
}
