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
 * The directives every answer of the pages' context shares, rendered pages included. Scripts run only
 * from the site's own files ('self'): no page holds an inline script (React Router's would-be inline
 * scripts are data for the boot script, apps/web/app/lib/page-scripts.tsx), so the policy needs
 * neither a per-answer nonce nor a hash, a page kept for visitors is the same bytes for everyone,
 * and a script slipped into a page inline is refused. Neither 'strict-dynamic' (which would let
 * whatever a trusted script creates run, from anywhere) nor a hash taken of anything in a page
 * (which could allow text a visitor wrote) is used. Inline styles stay allowed (React's
 * `style` attributes and Leaflet's positioning need them). Pictures may come from any https address (a feed's pictures, the map tiles) and
 * the gallery embeds a property's https video; the public origin is named beside 'self' because the
 * API's picture and link addresses use it when the site is reached at another address.
 */
function directives(options: PagePolicyOptions): Record<string, string[]> {
  const self = ["'self'", options.publicOrigin.origin]
  const tiles = tileSource(options.mapTileUrl)
  return {
    'default-src': self,
    'script-src': ["'self'", ...(options.recaptcha ? RECAPTCHA_SCRIPTS : [])],
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

/** The Content-Security-Policy of the pages, as sent: their scripts are the site's own files. */
export function pageContentSecurityPolicy(options: PagePolicyOptions): string {
  return serialise(directives(options))
}

/** Features no page uses, refused for the pages and anything they frame. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'

/**
 * Helmet's headers for everything the pages' context answers (rendered pages, files, problem pages),
 * with the one Content-Security-Policy of the pages (pageContentSecurityPolicy). Framing is forbidden (so the
 * login form cannot be laid over another site). The Referrer-Policy is the browsers' own default
 * rather than helmet's `no-referrer`: with `no-referrer` a browser sends `Origin: null` with a form
 * post, which the API's Origin check rightly refuses. HSTS only means something over https, so it is
 * sent only when the public address is https.
 */
export function pageSecurityHeaders(options: PagePolicyOptions): FastifyHelmetOptions {
  const policy = directives(options)
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
