/**
 * SPEC §2 'Redirect screen': `/go/:slug` sends the visitor to a URL configured for that slug. The
 * targets live in company setting 107 (catalogue.ts COMPANY_SETTING.REDIRECT_TARGETS; SPEC names no
 * id, so it takes the next free one) as a JSON object of slug → absolute https URL. Only what is
 * configured there is ever a target, so the route cannot be used as an open redirect.
 */
import { z } from 'zod'

/** A redirect slug: lower-case words of letters and digits joined by hyphens, at most 64 characters. */
export const REDIRECT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SLUG_MAX_LENGTH = 64

/** A slug as it may appear in `/go/:slug`. */
export const RedirectSlugSchema = z.string().max(SLUG_MAX_LENGTH).regex(REDIRECT_SLUG_PATTERN)

/** An absolute https URL with a host and no credentials. */
export const RedirectUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
    } catch {
      return false
    }
  }, 'Must be an absolute https URL.')

/** Company setting 107: slug → absolute https URL. */
export const RedirectTargetsSchema = z.record(RedirectSlugSchema, RedirectUrlSchema)
/** The redirect targets by slug. */
export type RedirectTargets = z.infer<typeof RedirectTargetsSchema>

/** One configured redirect, as GET /api/redirects/:slug answers it. */
export const RedirectTargetSchema = z.object({ slug: RedirectSlugSchema, url: RedirectUrlSchema })
/** One configured redirect. */
export type RedirectTarget = z.infer<typeof RedirectTargetSchema>

/**
 * The valid entries of a stored setting 107: an entry whose slug or URL does not pass is left out
 * (and so answers 404) rather than taking every other redirect down with it.
 */
export function parseRedirectTargets(value: unknown): Map<string, string> {
  const targets = new Map<string, string>()
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return targets
  for (const [slug, url] of Object.entries(value)) {
    if (RedirectSlugSchema.safeParse(slug).success && RedirectUrlSchema.safeParse(url).success) targets.set(slug, url as string)
  }
  return targets
}

/** The configured URL for `slug`, or null: nothing that is not configured is ever returned. */
export function findRedirectTarget(value: unknown, slug: string): string | null {
  return parseRedirectTargets(value).get(slug) ?? null
}
