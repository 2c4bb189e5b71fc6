import { randomBytes } from 'node:crypto'
import type { FastifyHelmetOptions } from '@fastify/helmet'

/** What the pages load from elsewhere, from the server's configuration. */
export interface PagePolicyOptions {
  publicOrigin: URL
  /** The maps' tile server's URL template (MAP_TILE_URL): its pictures are shown on the maps. */
  mapTileUrl: string
  /** Google reCAPTCHA keys are configured: the login form loads Google's script and frame. */
  recaptcha: boolean
}

/** Google reCAPTCHA's script and frame addresses, as Google's own CSP guidance lists them. */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']

/** A fresh script nonce: 128 random bits in base64 (always 24 characters). */
export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/**
 * The CSP source of the tile server: its origin, with a `{s}` subdomain (a.tile…, b.tile…) as a
 * wildcard; null when the template is not an absolute http(s) address.
 */
export function tileSource(template: string): string | null {
  const absolute = template.startsWith('//') ? `https:${template}` : template
  const match = /^(https?:)\/\/([^/?#]+)/i.exec(absolute)
  if (!match) return null
  const host = match[2]!.toLowerCase().replace(/\{s\}/g, '*')
  return /^[a-z0-9*.:[\]-]+$/.test(host) ? `${match[1]!.toLowerCase()}//${host}` : null
}

/**
 * The directives every answer of the pages' context shares. Inline styles stay allowed (React's
 * `style` attributes and Leaflet's positioning need them); scripts never run inline without the
 * response's nonce. Pictures may come from any https address (a feed's pictures, the map tiles) and
 * the gallery embeds a property's https video; the public origin is named beside 'self' because the
 * API's picture and link addresses use it when the site is reached at another address.
 */
function directives(options: PagePolicyOptions, scriptSrc: string[]): Record<string, string[]> {
  const self = ["'self'", options.publicOrigin.origin]
  const tiles = tileSource(options.mapTileUrl)
  return {
    'default-src': self,
    'script-src': [...scriptSrc, ...(options.recaptcha ? RECAPTCHA_SCRIPTS : [])],
    'style-src': [...self, "'unsafe-inline'"],
    'img-src': [...self, 'data:', 'blob:', 'https:', ...(tiles && !tiles.startsWith('https:') ? [tiles] : [])],
    'connect-src': self,
    'font-src': self,
    'frame-src': ['https:', ...(options.recaptcha ? RECAPTCHA_FRAMES : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': self,
    'frame-ancestors': ["'none'"],
  }
}

function serialise(policy: Record<string, string[]>): string {
  return Object.entries(policy)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ')
}

/** The Content-Security-Policy of a rendered page: its scripts are the site's own files and the inline ones carrying `nonce`. */
export function pageContentSecurityPolicy(nonce: string, options: PagePolicyOptions): string {
  return serialise(directives(options, [`'nonce-${nonce}'`, "'self'"]))
}

/** Features no page uses, refused for the pages and anything they frame. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'

/**
 * Helmet's headers for everything the pages' context answers (files, problem pages); a rendered page
 * replaces the CSP with its own nonce'd one (pageContentSecurityPolicy). Framing is forbidden (so the
 * login form cannot be laid over another site). The Referrer-Policy is the browsers' own default
 * rather than helmet's `no-referrer`: with `no-referrer` a browser sends `Origin: null` with a form
 * post, which the API's Origin check rightly refuses. HSTS only means something over https, so it is
 * sent only when the public address is https.
 */
export function pageSecurityHeaders(options: PagePolicyOptions): FastifyHelmetOptions {
  const policy = directives(options, ["'self'"])
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(policy).map(([name, sources]) => [name, [...new Set(sources)]])),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.publicOrigin.protocol === 'https:' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  }
}
