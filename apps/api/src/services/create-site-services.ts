import { isDatabaseBusy, isDatabaseUnavailable } from '@agency/db'
import { APPLICANT_KEY_HEADER, ApplicantStatusAnswerSchema, NEARBY_KINDS, RedirectSlugSchema, toPlaceSearchBounds } from '@agency/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Answer, Caller, CookieJar } from '#app/auth/caller.ts'
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeyHeadersSchema } from '#app/alerts/idempotency.ts'
import { checkMagicLink } from '#app/auth/magic-links.ts'
import { checkAlertConfirmation } from '#app/alerts/commands.ts'
import { findActiveApplicant, sessionSeesLocked, type ActiveApplicant, type Session } from '#app/auth/session.ts'
import { BUSY_RETRY_AFTER_SECONDS } from '#app/plugins/errors.ts'
import { getContactView } from '#app/queries/contact-view.ts'
import { toBranch, toBranchDetails } from '#app/presenters/branch.ts'
import { getBranch, getCompanyProfile, getCompanySetting, getSiteSettings, listBranches } from '#app/queries/catalogue.ts'
import { getContactQuestions, getSubscriptionTypes, toQuestionProfile } from '#app/alerts/views.ts'
import { PlaceIdParamsSchema, PlaceSearchQuerySchema } from '#app/places/schemas.ts'
import { getNearbyPlaces } from '#app/queries/nearby.ts'
import { checkRequestPart } from '#app/schemas.ts'
import { listSavedPropertyIds } from '#app/queries/saved.ts'
import {
  AlertAnswerSchema,
  AlertConfirmationAnswerSchema,
  AlertConfirmationBodySchema,
  AlertIdParamsSchema,
  AlertPayloadBodySchema,
  AlertStatusBodySchema,
  ApplicantKeyHeaderSchema,
  ApplicantKeyParamSchema,
  changeAlert,
  confirmAlertFromEmail,
  findAlertByKey,
  findPendingAlert,
  listAlertsOfContact,
  registerNewAlert,
  switchAlert,
} from './alerts.ts'
import { findPropertyDetail, findRedirect, findSimilarCards, findSitemapPage, searchPropertyList, type CatalogueCaller } from './catalogue.ts'
import { MagicLinkAnswerSchema, SessionAnswerSchema, askForLoginLink, logInWithLink, logOut } from './accounts.ts'
import { createPageCaller, runPageWrite } from './page-caller.ts'
import { CardIdsSchema, findCardsByIds, listSavedOf, saveFor, unsaveFor } from './saved.ts'
import type { SiteServices } from './site-services.ts'
import { EnquiryBodySchema, LeadEnquiryAnswerSchema, sendEnquiry } from './leads.ts'
import { AddressQuerySchema } from './addresses.ts'

/** The page request the services answer for, as a FastifyRequest carries it: the cookie names its session; a write checks its origin and counts its address. */
export type PageRequest = Pick<FastifyRequest, 'method' | 'headers' | 'ip' | 'log' | 'protocol' | 'host'>

/** What the server learns from the services while a page renders. */
export interface SiteServicesHooks {
  /** The database was too busy or unreachable (the API answers 503 then): the page says so too. */
  onUnavailable(retryAfterSeconds: number): void
}

/** A part of a request (its schema, its value, which part) as a route checks it. */
type RequestPart = readonly [schema: z.ZodType, value: unknown, part: 'params' | 'body' | 'headers']

/** The route's 400 answer for the first of `parts` its schema refuses (Fastify checks params, then the body, then the headers); null when none. */
function refusedPart(...parts: RequestPart[]): Promise<Answer> | null {
  for (const [schema, value, part] of parts) {
    const checked = checkRequestPart(schema, value, part)
    if (!checked.ok) return Promise.resolve(checked.answer)
  }
  return null
}

/** An alert's id as the PATCH routes take it from their path. */
const alertIdPart = (contactApplicantId: number): RequestPart => [AlertIdParamsSchema, { contact_applicant_id: String(contactApplicantId) }, 'params']

/** The captcha's token as the body field the alert routes read (the api-client's way). */
const captchaField = (options: { captchaToken?: string } | undefined) => (options?.captchaToken ? { recaptcha_token: options.captchaToken } : {})

/** The alert's key as the header the alert routes read. */
const applicantKeyHeader = (options: { applicantKey?: string } | undefined): Record<string, string> => (options?.applicantKey ? { [APPLICANT_KEY_HEADER]: options.applicantKey } : {})

/** The idempotency key as the header the writes read (the api-client's way). */
const idempotencyHeader = (options: { idempotencyKey?: string } | undefined): Record<string, string> => (options?.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey } : {})

/** The services for one page request. */
export type SiteServicesFactory = (request: PageRequest, hooks: SiteServicesHooks) => SiteServices

/**
 * The site's services over the API's instance `app` (its database, read replicas, media and sessions):
 * for each page request, a caller made as the API makes one of its own requests (catalogueCallerOf),
 * its session read from the page request's cookie once, and only when a service needs it.
 */
export function createSiteServicesFactory(app: FastifyInstance): SiteServicesFactory {
  return (request, hooks) => {
    const page = createPageCaller(app, request)
    const sessionOf = () => page.session()
    // The catalogue's caller for the session as it is now (an action that logs in or out changes it).
    let caller: { of: Session | null; caller: CatalogueCaller } | undefined
    const callerOf = async (): Promise<CatalogueCaller> => {
      const found = await sessionOf()
      if (caller?.of !== found) {
        let applicant: Promise<ActiveApplicant | null> | undefined
        caller = {
          of: found,
          caller: {
            db: app.dbFor(request),
            media: app.media,
            canSeeLocked: sessionSeesLocked(found),
            activeApplicant: () => (applicant ??= findActiveApplicant(app.db, found)),
          },
        }
      }
      return caller.caller
    }
    const write = <D>(read: (body: unknown) => D, work: (caller: Caller, jar: CookieJar) => Promise<Answer>, withHeaders?: Record<string, string>) =>
      runPageWrite(app, request, page, read, work, withHeaders)
    /** A service's answer; a database too busy or unreachable is told to the server before the error goes on. */
    const answer = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work()
      } catch (error) {
        if (isDatabaseBusy(error) || isDatabaseUnavailable(error)) hooks.onUnavailable(BUSY_RETRY_AFTER_SECONDS)
        throw error
      }
    }
    return {
      searchPropertyCards: (query) => answer(async () => searchPropertyList(await callerOf(), query, { withMedias: false })),
      getProperty: (propertyProfileId) => answer(async () => findPropertyDetail(await callerOf(), propertyProfileId)),
      getSimilarProperties: (propertyProfileId) => answer(async () => findSimilarCards(await callerOf(), propertyProfileId)),
      getNearbyPlaces: (at) => answer(() => getNearbyPlaces(app.readDb, at, NEARBY_KINDS)),
      // The keyword and id are checked as the place routes check theirs; the provider (app.places) is theirs too, with its bounds.
      searchPlaces: (keyword) =>
        answer(async () => {
          const query = PlaceSearchQuerySchema.safeParse({ keyword })
          return query.success ? await app.places.search(query.data.keyword) : null
        }),
      findNearestSpellings: (keyword) =>
        answer(async () => {
          const query = PlaceSearchQuerySchema.safeParse({ keyword })
          if (!query.success) return null
          const nearest = app.places.nearestSpellings
          return nearest ? await nearest.call(app.places, query.data.keyword) : []
        }),
      getPlace: (placeId) =>
        answer(async () => {
          const params = PlaceIdParamsSchema.safeParse({ place_id: placeId })
          const place = params.success ? await app.places.details(params.data.place_id) : null
          // A point's bounds only frame a map: a search around it is a circle (domain location.ts).
          return place && { name: place.location, lat: place.lat, lng: place.lng, bounds: toPlaceSearchBounds(place) }
        }),
      getSitemapPage: (after) => answer(() => findSitemapPage(app.db, after)),
      getRedirect: (slug) =>
        answer(async () => {
          const checked = RedirectSlugSchema.safeParse(slug)
          return checked.success ? await findRedirect(app.db, checked.data) : null
        }),
      getCaptchaConfig: () => Promise.resolve(app.captchaForms.config),
      issueCaptchaQuestion: () => Promise.resolve(app.captchaForms.question()),
      getCurrentContact: () =>
        answer(async () => {
          const found = await sessionOf()
          return found ? await getContactView(app.db, found.contact_id, found.active_contact_applicant_id) : null
        }),
      getSavedPropertyIds: () =>
        answer(async () => {
          const found = await sessionOf()
          return found ? await listSavedPropertyIds(app.db, found.contact_id) : null
        }),
      // The same for every caller: the routes of GET /api/site_settings, /api/company and /api/branches read them so.
      getSiteSettings: () => answer(() => getSiteSettings(app.db)),
      getCompanySetting: (settingId) => answer(() => getCompanySetting(app.db, settingId)),
      getContactQuestions: (type) => answer(() => getContactQuestions(app.db, toQuestionProfile(type))),
      getSubscriptionTypes: () => answer(() => getSubscriptionTypes(app.db)),
      getAlertByKey: (key) =>
        answer(async () => {
          const checked = ApplicantKeyParamSchema.safeParse(key)
          return checked.success ? findAlertByKey(app, checked.data, await sessionOf()) : null
        }),
      getMyApplicants: () =>
        answer(async () => {
          const found = await sessionOf()
          return found ? listAlertsOfContact(app.db, found.contact_id) : null
        }),
      getCompanyProfile: () => answer(() => getCompanyProfile(app.db)),
      listBranches: () => answer(async () => (await listBranches(app.db)).map(toBranch)),
      getBranch: (branchId) =>
        answer(async () => {
          const row = await getBranch(app.db, branchId)
          return row ? toBranchDetails(row) : null
        }),
      requestLoginLink: (link, options) =>
        answer(() =>
          write((body) => MagicLinkAnswerSchema.parse(body).data, (caller) => askForLoginLink(app, caller, link), idempotencyHeader(options)),
        ),
      // Read only, on the primary (a replica may not have seen the link spent yet); a token of any
      // shape is only ever 'invalid'.
      checkLoginLink: (token) => answer(() => checkMagicLink(app.db, token, app.loginLinks.magicLinks.now())),
      logInWithLink: (token) => answer(() => write((body) => SessionAnswerSchema.parse(body).data, (caller, jar) => logInWithLink(app, caller, jar, token))),
      logOut: () => answer(() => write(() => null, (caller, jar) => logOut(app, caller, jar))),
      getPropertyCards: (ids) =>
        answer(async () => {
          const checked = CardIdsSchema.safeParse(ids.join(','))
          return checked.success ? findCardsByIds(await callerOf(), checked.data) : null
        }),
      getSavedProperties: () =>
        answer(async () => {
          const found = await sessionOf()
          return found ? listSavedOf(app, found) : null
        }),
      saveProperty: (propertyProfileId, savedPrice) => answer(() => write(() => null, (caller) => saveFor(app, caller, propertyProfileId, savedPrice))),
      unsaveProperty: (propertyProfileId) => answer(() => write(() => null, (caller) => unsaveFor(app, caller, propertyProfileId))),
      sendLeadEnquiry: (enquiry, options) =>
        answer(() =>
          write(
            (body) => LeadEnquiryAnswerSchema.parse(body).data,
            (caller, jar) => refusedPart([EnquiryBodySchema, enquiry, 'body'], [IdempotencyKeyHeadersSchema, caller.headers, 'headers']) ?? sendEnquiry(app, caller, jar, enquiry),
            idempotencyHeader(options),
          ),
        ),
      // The keyword is checked as the address route checks it; the provider (app.addressProvider) is the route's.
      searchAddresses: (keyword) =>
        answer(async () => {
          const query = AddressQuerySchema.safeParse({ keyword })
          return query.success ? await app.addressProvider.search(query.data.keyword) : null
        }),
      // The alert writes: the body, id and headers the api-client would send, checked as the routes check theirs.
      createAlert: (payload, options) =>
        answer(() =>
          write(
            (body) => AlertAnswerSchema.parse(body).data,
            (caller, jar) => {
              const body = { ...payload, unknown_user_branch: true, ...captchaField(options) }
              return refusedPart([AlertPayloadBodySchema, body, 'body'], [IdempotencyKeyHeadersSchema, caller.headers, 'headers']) ?? registerNewAlert(app, caller, jar, body)
            },
            idempotencyHeader(options),
          ),
        ),
      updateAlert: (contactApplicantId, payload, options) =>
        answer(() =>
          write(
            (body) => AlertAnswerSchema.parse(body).data,
            (caller) => {
              const body = { ...payload, ...captchaField(options) }
              return refusedPart(alertIdPart(contactApplicantId), [AlertPayloadBodySchema, body, 'body'], [ApplicantKeyHeaderSchema, caller.headers, 'headers']) ?? changeAlert(app, caller, contactApplicantId, body)
            },
            applicantKeyHeader(options),
          ),
        ),
      setAlertStatus: (contactApplicantId, status, options) =>
        answer(() =>
          write(
            (body) => ApplicantStatusAnswerSchema.parse(body),
            (caller) => {
              const body = { status, contact_applicant_id: contactApplicantId, ...captchaField(options) }
              return refusedPart(alertIdPart(contactApplicantId), [AlertStatusBodySchema, body, 'body'], [ApplicantKeyHeaderSchema, caller.headers, 'headers']) ?? switchAlert(app, caller, contactApplicantId, body)
            },
            applicantKeyHeader(options),
          ),
        ),
      checkAlertConfirmationLink: (token) => answer(() => checkAlertConfirmation(app.db, token, app.sessions.settings.now())),
      confirmAlert: (token) =>
        answer(() =>
          write(
            (body) => AlertConfirmationAnswerSchema.parse(body).data,
            (caller, jar) => refusedPart([AlertConfirmationBodySchema, { token }, 'body']) ?? confirmAlertFromEmail(app, caller, jar, token),
          ),
        ),
      getPendingAlert: () => answer(async () => findPendingAlert(app, await page.ready())),
    }
  }
}
