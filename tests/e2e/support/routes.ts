import { brand } from '../../../config/brand';

/**
 * Every route of spec §2, written out from the spec (the test's own oracle), with the brand slug in place of
 * `{product}`.
 */
const product = brand.slug;

export const specRoutes: readonly string[] = [
  '/',
  '/api/data',
  '/api/chat',
  '/docs/',
  '/docs/chat-api/',
  '/docs/chat-api/chat',
  '/docs/data-api/',
  '/docs/data-api/data',
  '/docs/webhooks',
  '/getting-started/intro/start-here',
  '/getting-started/intro/getting-help',
  '/getting-started/authentication/api-keys',
  '/getting-started/authentication/oauth2',
  '/getting-started/brand-guidelines',
  ...[
    `build-${product}-apps`,
    'chat-bots',
    'download-api',
    'event-notifications',
    'permissions',
    `retreiving-${product}-data`,
    'using-web-widgets',
  ].map((page) => `/getting-started/Guides/${page}`),
  ...['account-linkage', 'auto-redeem-guide', 'cdp-integration'].map(
    (page) => `/getting-started/partner-integration-guide/${page}/`,
  ),
  ...['authentication', 'guides', 'intro', 'partner-integration-guide'].map(
    (category) => `/getting-started/category/${category}`,
  ),
];

/** A representative guide page, for checks that need one page of a kind. */
export const guideRoute = '/getting-started/Guides/chat-bots';

/** Generated reference pages of each kind: operations with and without a request body, and schemas. */
export const referenceSampleRoutes: readonly string[] = [
  '/docs/data-api/get-championship',
  '/docs/data-api/get-player-history',
  '/docs/data-api/schemas/championship',
  '/docs/chat-api/post-room-message',
  '/docs/chat-api/schemas/room',
];

/** The changelog of all APIs and one API's (its data and feeds: tests/e2e/changelog.spec.ts). */
export const changelogRoutes: readonly string[] = ['/docs/changelog', '/docs/data-api/changelog'];
