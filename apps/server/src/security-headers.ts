import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet'

/**
 * Helmet's headers for the pages. The policy forbids framing (so the login form cannot be laid over
 * another site), plugins, a foreign <base> and form posts to other origins; it does not yet restrict
 * what pages load (no default-src): scripts would need a nonce on every inline script React Router writes. The Referrer-Policy
 * is the browsers' own default rather than helmet's `no-referrer`: with `no-referrer` a browser sends
 * `Origin: null` with a form post, which the API's Origin check rightly refuses. HSTS only means
 * something over https, so it is sent only when the public address is https.
 */
export function pageSecurityHeaders(publicOrigin: URL): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: fastifyHelmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: publicOrigin.protocol === 'https:' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  }
}
