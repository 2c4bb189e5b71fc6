import { index, route } from '@react-router/dev/routes'
import type { RouteConfig } from '@react-router/dev/routes'
import { MOVED_PATHS } from './moved-paths.ts'

/**
 * Pages for the end-to-end tests and for styling: the shared dialogs, the slider arrow variants and
 * the register screen's layouts. Only a build made with TEST_PAGES=1 has them, and that build goes to
 * its own folders (build-e2e here, dist-e2e for the server; scripts/serve-for-tests.mjs makes it), so
 * the production build never serves them.
 */
const testPages =
  process.env.TEST_PAGES === '1'
    ? [
        route('test/dialogs', 'routes/test.dialogs.tsx'),
        route('test/slider-arrows', 'routes/test.slider-arrows.tsx'),
        route('test/register-variants', 'routes/test.register-variants.tsx'),
      ]
    : []

export default [
  index('routes/home.tsx'),
  route('properties', 'routes/properties.tsx'),
  route('sales/property-for-sale', 'routes/sales.tsx'),
  route('lettings/property-to-rent', 'routes/lettings.tsx'),
  route('property/:propertyId/:slug/gallery', 'routes/property-gallery.tsx'),
  route('property/:propertyId/:slug?', 'routes/property-detail.tsx'),
  route('saved-properties', 'routes/saved-properties.tsx'),
  route('branches', 'routes/branches.tsx'),
  route('branches/:branchId/:slug?', 'routes/branch.tsx'),
  route('about-us', 'routes/about-us.tsx'),
  route('fees', 'routes/fees.tsx'),
  route('privacy-notice', 'routes/privacy-notice.tsx'),
  route('cookies', 'routes/cookies.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('complaints', 'routes/complaints.tsx'),
  route('valuation', 'routes/valuation.tsx'),
  route('login', 'routes/login.tsx'),
  route('login/verify', 'routes/login.verify.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('go/:slug', 'routes/go.tsx'),
  route('heads-up-alerts/register', 'routes/heads-up-alerts.register.tsx'),
  route('heads-up-alerts/register/:type', 'routes/heads-up-alerts.register.type.tsx'),
  route('heads-up-alerts/profiles/:applicantKey', 'routes/heads-up-alerts.profiles.tsx'),
  route('heads-up-alerts/update', 'routes/heads-up-alerts.update.tsx'),
  route('heads-up-alerts/my-alerts', 'routes/heads-up-alerts.my-alerts.tsx'),
  route('heads-up-alerts/confirm', 'routes/heads-up-alerts.confirm.tsx'),
  ...testPages,
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  // Addresses people type or old links carry for pages that live elsewhere here (moved-paths.ts).
  ...Object.keys(MOVED_PATHS).map((path) => route(path.slice(1), 'routes/moved.tsx', { id: `moved${path}` })),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
