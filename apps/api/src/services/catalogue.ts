import type { Db } from '@agency/db'
import { COMPANY_SETTING, findRedirectTarget, type PropertySearchQuery, type RedirectTarget } from '@agency/domain'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { canSeeLocked, getActiveApplicantCriteria, type ActiveApplicant } from '#app/auth/session.ts'
import type { MediaService } from '#app/plugins/media.ts'
import { toApplicantMatchCriteria, toCardMatch } from '#app/presenters/match.ts'
import { presentCard, presentCardWithoutMedias, presentDetail } from '#app/presenters/property.ts'
import { SITEMAP_PAGE_MAX, getSimilarProperties, getSitemapPage, type SitemapEntry } from '#app/queries/extras.ts'
import { getCompanySetting } from '#app/queries/catalogue.ts'
import { getPropertyDetail, searchProperties } from '#app/queries/properties.ts'
import type { ApiPropertyCardSchema, ApiPropertyDetailSchema, ApiPropertyListResponseSchema } from '#app/schemas.ts'

/**
 * Who reads the catalogue, as its services need to know: where the reads go, how media are linked,
 * whether pre-market properties are shown in full (SPEC §6) and, for the match score, the active
 * applicant. The HTTP routes make one of a request (catalogueCallerOf); a page's loaders get one from
 * the server (site-services.ts), so both doors give the same answer.
 */
export interface CatalogueCaller {
  /** The database the reads go to: a visitor's may be a read replica (plugins/db.ts `dbFor`). */
  db: Db
  media: MediaService
  canSeeLocked: boolean
  /** The active applicant and its criteria (SPEC §2 match percentage); null for a visitor. */
  activeApplicant: () => Promise<ActiveApplicant | null>
}

/** The caller of an API request. */
export function catalogueCallerOf(request: FastifyRequest): CatalogueCaller {
  const app = request.server
  return { db: app.dbFor(request), media: app.media, canSeeLocked: canSeeLocked(request), activeApplicant: () => getActiveApplicantCriteria(request) }
}

/** A page of search results as the caller may see them (GET /api/properties). */
export type PropertyList = z.infer<typeof ApiPropertyListResponseSchema>

/**
 * SPEC §3 search: a page of cards, each as the caller may see it and, for an applicant, scored against
 * their active criteria (read once for the page). `withMedias` false gives each card its one picture
 * and its number of photos instead of its photo list, as the list pages show it.
 */
export async function searchPropertyList(caller: CatalogueCaller, query: PropertySearchQuery, { withMedias }: { withMedias: boolean }): Promise<PropertyList> {
  const context = { media: caller.media, canSeeLocked: caller.canSeeLocked }
  const { rows, medias, pictures, photoCounts, total, capped } = await searchProperties(caller.db, query, context, { withMedias })
  const criteria = toApplicantMatchCriteria(await caller.activeApplicant())
  return {
    data: rows.map((row) => {
      const id = row.property_profile_id
      const card = medias ? presentCard(row, medias.get(id) ?? [], context) : presentCardWithoutMedias(row, pictures?.get(id) ?? null, context, photoCounts?.get(id) ?? 0)
      return criteria ? { ...card, ...toCardMatch(criteria, row) } : card
    }),
    total,
    ...(capped ? { total_capped: true as const } : {}),
    page: query.page,
    page_size: query.page_size,
  }
}

/** One property as the caller may see it (GET /api/properties/:id); null for an unknown id. */
export type PropertyDetailView = z.infer<typeof ApiPropertyDetailSchema>

/** One property as the caller may see it: in full, or locked (SPEC §6); null for an unknown id. */
export async function findPropertyDetail(caller: CatalogueCaller, propertyProfileId: number): Promise<PropertyDetailView | null> {
  const rows = await getPropertyDetail(caller.db, propertyProfileId)
  return rows && presentDetail(rows, { media: caller.media, canSeeLocked: caller.canSeeLocked })
}

/** A card as the caller may see it, with its photos (GET /api/properties/:id/similar). */
export type PropertyCardView = z.infer<typeof ApiPropertyCardSchema>

/** Up to 4 properties like this one, each as the caller may see it; null for an unknown id. */
export async function findSimilarCards(caller: CatalogueCaller, propertyProfileId: number): Promise<PropertyCardView[] | null> {
  const context = { media: caller.media, canSeeLocked: caller.canSeeLocked }
  const rows = await getSimilarProperties(caller.db, propertyProfileId, context)
  return rows && rows.map(({ gallery, ...row }) => presentCard(row, gallery, context))
}

/** One page of the sitemap's property pages, and the id to ask after for the next (null: this was the last). */
export interface SitemapPageView {
  data: SitemapEntry[]
  next_after: number | null
}

/** The property pages anyone may see, in id order after `after` (GET /api/sitemap/properties). */
export async function findSitemapPage(db: Db, after: number, limit = SITEMAP_PAGE_MAX): Promise<SitemapPageView> {
  const data = await getSitemapPage(db, after, limit)
  // A full page may have more behind it; a short one is the last.
  return { data, next_after: data.length === limit ? (data.at(-1)?.property_profile_id ?? null) : null }
}

/** The configured target of a redirect slug (SPEC §2 Redirect screen, company setting 107); null for one not configured. */
export async function findRedirect(db: Db, slug: string): Promise<RedirectTarget | null> {
  const setting = await getCompanySetting(db, COMPANY_SETTING.REDIRECT_TARGETS)
  const url = setting ? findRedirectTarget(setting.value, slug) : null
  return url ? { slug, url } : null
}
