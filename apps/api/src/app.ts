import { randomBytes } from 'node:crypto'
import type { Database, MediaStore, ReadDatabase } from '@agency/db'
import fastifyCompress from '@fastify/compress'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import type { AccountsOptions } from '#app/accounts.ts'
import type { PlacesPluginOptions } from '#app/places-plugin.ts'
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import dbPlugin from '#app/plugins/db.ts'
import errorsPlugin from '#app/plugins/errors.ts'
import { OneLineRequestLog, requestLogSerializers } from '#app/log-redaction.ts'
import mediaPlugin from '#app/plugins/media.ts'
import branchesRoutes from '#app/routes/branches/index.ts'
import companyRoutes from '#app/routes/company/index.ts'
import companySettingsRoutes from '#app/routes/company_settings/index.ts'
import redirectsRoutes from '#app/routes/redirects/index.ts'
import feedsRoutes, { DEFAULT_FEEDS_OPTIONS, type FeedsOptions } from '#app/routes/feeds/index.ts'
import healthRoutes from '#app/routes/health/index.ts'
import mediaRoutes from '#app/routes/media/index.ts'
import shortMediaRoutes from '#app/routes/m/index.ts'
import openapiRoutes from '#app/routes/openapi/index.ts'
import propertiesRoutes from '#app/routes/properties/index.ts'
import savedRoutes from '#app/routes/saved/index.ts'
import siteSettingsRoutes from '#app/routes/site_settings/index.ts'
import { serializerCompiler, validatorCompiler } from '#app/schemas.ts'
import { createAddressProvider } from '#app/addresses/config.ts'
import type { AddressProvider } from '#app/addresses/provider.ts'
import addressesRoutes from '#app/routes/addresses/index.ts'
import contactApplicantsRoutes from '#app/routes/contact_applicants/index.ts'
import contactQuestionsRoutes from '#app/routes/contact_questions/index.ts'
import subscriptionTypesRoutes from '#app/routes/subscription_types/index.ts'
import sitemapRoutes from '#app/routes/sitemap/index.ts'
import leadsRoutes from '#app/routes/leads/index.ts'
import alertsRoutes from '#app/routes/alerts/index.ts'
import potentialViewingsRoutes from '#app/routes/potential_viewings/index.ts'
import { createAlertLinks, type AlertLinks } from '#app/alerts/alert-links.ts'
import { createMediaLinks, type MediaLinks } from '#app/media/media-links.ts'
import { createSiteServicesFactory, type SiteServicesFactory } from '#app/services/create-site-services.ts'
import { DEFAULT_LEAD_ENQUIRY_LIMITS, type LeadEnquiryLimits, type LeadEnquirySettings } from '#app/services/leads.ts'
import { alertWriteSettings, type AlertRegistrationLimits } from '#app/services/alerts.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed links of the Heads Up e-mails (alert-links.ts), checked by the alert routes. */
    alertLinks: AlertLinks
    /** The signed picture addresses of the Heads Up e-mails (media-links.ts), checked by the media route. */
    mediaLinks: MediaLinks
    /** The API's services for a page request (services/site-services.ts), on the instance buildApp answers. */
    siteServices: SiteServicesFactory
  }
}

/** What the API needs from the process that runs it. */
export interface ApiOptions {
  database: Database
  /**
   * The read replicas' handle (createReadDatabase of @agency/db), for the catalogue reads of
   * visitors; the primary when left out. The caller closes it.
   */
  readDatabase?: ReadDatabase
  /** The originals, under the keys the `file` columns hold (the disk, PostgreSQL or a bucket). */
  mediaStore: MediaStore
  /** Where derived picture variants are written: this machine's own cache. */
  cacheDir: string
  /** The site's public origin, for absolute media URLs. */
  publicUrl: string
  logger?: FastifyServerOptions['logger']
  /**
   * Behind reverse proxies: how many hops, or which proxies' addresses (IP or CIDR), may name the
   * client in X-Forwarded-For; never every hop, which would let a client name itself.
   */
  trustProxy?: false | number | string[]
  /** The most bytes a request body may carry (Fastify's default, 1 MB, when left out). */
  bodyLimit?: number
  /**
   * The site's key (ALTCHA_HMAC_KEY or the one kept in DATA_DIR) that signs the Heads Up e-mails'
   * links (alert-links.ts); the alert worker must sign with the same. The question key, else the
   * ALTCHA key, when left out; else a key of this process only (tests).
   */
  alertLinkKey?: string
  /** Accounts options beyond publicUrl: captcha, limits, timeouts (tests pass a fixed captcha). */
  accounts?: Omit<AccountsOptions, 'publicUrl'>
  /** The places provider's settings (PLACES_PROVIDER, GOOGLE_PLACES_API_KEY); the offline gazetteer when left out. */
  places?: PlacesPluginOptions
  /** Registers what must apply to every route, the API's included (the server's load shedding), before the API. */
  beforeApi?: (app: FastifyInstance) => Promise<void>
  /**
   * Address suggestions (GET /addresses): a provider to use as it is, or `ADDRESS_PROVIDER` from the
   * server's configuration; the offline provider over the database when left out.
   */
  addresses?: { provider?: AddressProvider; env?: Record<string, string | undefined> }
  /** Limits on visitors' alert registrations (tests raise or lower them). */
  alertLimits?: AlertRegistrationLimits
  /** Limits on lead enquiries (tests raise or lower them). */
  leadLimits?: LeadEnquiryLimits
  /** The feed import's key and limits (POST /api/feeds/blm); with no key every upload is refused. */
  feeds?: FeedsOptions
  /** How long a visitor's property search and map markers answer, and any place search's, is kept, in ms (0 or left out: not kept). */
  visitorCacheTtlMs?: number
}

/**
 * The query schemas give every parameter a default through preprocessing, which the generated
 * document cannot see; it would mark them all required.
 */
const documentTransform: typeof jsonSchemaTransform = (document) => {
  const result = jsonSchemaTransform(document)
  const querystring = (result.schema as { querystring?: { required?: string[] } }).querystring
  if (querystring) delete querystring.required
  return result
}

/**
 * The API as one encapsulated plugin: its validator, serialiser, error and 404 handling and security
 * headers apply to its own routes only, so the composition root can serve pages beside it.
 */
export const api: FastifyPluginAsync<
  Omit<ApiOptions, 'logger' | 'trustProxy' | 'bodyLimit' | 'beforeApi'> & {
    /** Receives the site's services over this instance (buildApp keeps them as `app.siteServices`). */
    exposeSiteServices?: (factory: SiteServicesFactory) => void
  }
> = async (app, options) => {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(dbPlugin, { database: options.database, readDatabase: options.readDatabase })
  await app.register(mediaPlugin, options)
  await app.register(errorsPlugin)
  await app.register(helmet, {
    // JSON and pictures only: nothing here may run script, load anything or be framed.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // HSTS means something only over https; over plain http it is noise a browser ignores.
    strictTransportSecurity: new URL(options.publicUrl).protocol === 'https:' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })
  // An answer of a kilobyte or more goes gzipped to a caller that accepts it: a phone on a slow
  // connection fetches a page of 24 cards (88 KB of JSON) as 13 KB and a map's 500 markers (205 KB)
  // as 39 KB. Level 1, as it is made for each answer: half the cost of level 6 for a tenth more bytes,
  // in one call up to 256 KB (0.4 ms for the page of cards, 1 ms for the markers here) rather than
  // through a zlib stream on libuv's threads, which cost more in all. Answers kept for every visitor
  // are gzipped once, and harder (kept-answer.ts).
  await app.register(fastifyCompress, { global: true, encodings: ['gzip'], threshold: 1024, syncThreshold: 256 * 1024, zlibOptions: { level: 1 } })
  // Answers depend on who asks (a session unlocks pre-market properties), so no shared cache may keep
  // one, and a browser must check again before reusing it. Routes that know better set their own.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache')
    return payload
  })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Estate agency API', version: '1.0.0' },
      components: { securitySchemes: { feedApiKey: { type: 'http', scheme: 'bearer', description: 'FEED_API_KEY of the server' } } },
    },
    transform: documentTransform,
    // Writes the shared and recursive schemas (a JSON setting value) into components, where the
    // routes' $refs point.
    transformObject: jsonSchemaTransformObject,
  })

  await app.register(import('#app/accounts.ts'), {
    ...options.accounts,
    publicUrl: options.publicUrl,
  })
  await app.register(healthRoutes, { prefix: '/health' })
  await app.register(openapiRoutes)
  await app.register(propertiesRoutes, { prefix: '/properties', visitorCacheTtlMs: options.visitorCacheTtlMs ?? 0 })
  await app.register(branchesRoutes, { prefix: '/branches' })
  await app.register(companyRoutes, { prefix: '/company' })
  await app.register(companySettingsRoutes, { prefix: '/company_settings' })
  await app.register(siteSettingsRoutes, { prefix: '/site_settings' })
  await app.register(redirectsRoutes, { prefix: '/redirects' })
  await app.register(mediaRoutes, { prefix: '/media' })
  await app.register(shortMediaRoutes, { prefix: '/m' })
  await app.register(sitemapRoutes, { prefix: '/sitemap' })
  await app.register(savedRoutes, { prefix: '/contacts/me/saved_properties' })
  await app.register(feedsRoutes, { prefix: '/feeds', mediaStore: options.mediaStore, feeds: options.feeds ?? DEFAULT_FEEDS_OPTIONS })
  // A place search answers every caller alike (the gazetteer holds only what visitors may see), so its
  // answers are kept as long as a visitor's property search is.
  await app.register(import('#app/places-plugin.ts'), { answerCacheTtlMs: options.visitorCacheTtlMs ?? 0, ...options.places })
  await app.register(contactQuestionsRoutes, { prefix: '/contact_questions' })
  await app.register(subscriptionTypesRoutes, { prefix: '/subscription_types' })
  // The alert writes' settings, for their routes and the site's services alike.
  app.decorate('alertWrites', alertWriteSettings(options.publicUrl, options.alertLimits))
  await app.register(contactApplicantsRoutes, { prefix: '/contact_applicants' })
  // How enquiries are taken, for the lead routes and the site's services alike.
  app.decorate('leadEnquiries', { publicUrl: options.publicUrl, limits: options.leadLimits ?? DEFAULT_LEAD_ENQUIRY_LIMITS } satisfies LeadEnquirySettings)
  await app.register(leadsRoutes, { prefix: '/leads' })
  await app.register(potentialViewingsRoutes, { prefix: '/potential_viewings' })
  await app.register(alertsRoutes, { prefix: '/alerts', publicUrl: options.publicUrl })
  // One provider for the address route and the site's services.
  app.decorate('addressProvider', options.addresses?.provider ?? createAddressProvider(options.addresses?.env ?? {}, { db: options.database.db, log: app.log }))
  await app.register(addressesRoutes, { prefix: '/addresses' })
  // The pages' loaders call the services over this instance, whose database, media and sessions the
  // routes above use.
  options.exposeSiteServices?.(createSiteServicesFactory(app))
}

/**
 * Fastify's trustProxy for the server's TRUST_PROXY: the proxies' addresses as they are; a number of
 * hops as a function trusting the socket and the entries the proxies in front of it appended (Fastify
 * itself trusts no hop for a bare number, as it cannot tell a proxy from a client). A hop count
 * suits a site reachable only through its proxies; docs/production.md says so.
 */
export function toFastifyTrustProxy(trustProxy: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy
  const hops = trustProxy
  return hops > 0 ? (_address: string, hop: number) => hop < hops : false
}

/**
 * A complete Fastify instance with every route under `/api`, not yet listening. The caller may add
 * its own routes (the web pages) before `listen()`.
 */
export async function buildApp(options: ApiOptions): Promise<FastifyInstance> {
  const { logger, trustProxy, bodyLimit, beforeApi, ...apiOptions } = options
  // Place ids from a provider such as Google run past Fastify's default 100-character parameter limit.
  // Every request is one line of the log, its URL with secrets and e-mails redacted (log-redaction.ts).
  const withRedaction = logger === true ? { serializers: requestLogSerializers } : logger ? { ...logger, serializers: { ...logger.serializers, ...requestLogSerializers } } : false
  const app = Fastify({
    logger: withRedaction,
    logController: new OneLineRequestLog(),
    trustProxy: toFastifyTrustProxy(trustProxy ?? false),
    bodyLimit: bodyLimit ?? 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
    // Registering the API's plugins (each route module, its schemas and the database work some do at
    // start) has taken longer than Fastify's 10 s on the embedded database of a busy two-core machine,
    // and a site that gives up starting for it helps no one. A start that hangs for good is still ended.
    pluginTimeout: 60_000,
  })
  const alertLinkKey = apiOptions.alertLinkKey ?? apiOptions.accounts?.questionKey ?? apiOptions.accounts?.captchaConfig?.altchaHmacKey
  if (!alertLinkKey) app.log.warn("no alert link key: the Heads Up e-mails' links are checked with a key of this process only")
  const linkKey = alertLinkKey ?? randomBytes(32).toString('hex')
  app.decorate('alertLinks', createAlertLinks(linkKey))
  app.decorate('mediaLinks', createMediaLinks(linkKey))
  if (beforeApi) await beforeApi(app)
  let siteServices: SiteServicesFactory | undefined
  await app.register(api, { ...apiOptions, prefix: '/api', exposeSiteServices: (factory) => (siteServices = factory) })
  if (!siteServices) throw new Error('the API did not hand over its services')
  app.decorate('siteServices', siteServices)
  return app
}
