/**
 * The one brand constant. Every name, slug, host and external link of the brand is read from here, so a rebrand
 * is a change of this file (plus new OpenAPI documents).
 */
export const brand = {
  /** Display name, as in "Arena Data API". */
  name: 'Arena',
  /** Lower-case slug, used in routes (`build-arena-apps`) and field names (`arena_url`). */
  slug: 'arena',
  /** Host of the open APIs. A reserved example domain: builds and tests never call it. */
  apiHost: 'https://open.arena.example',
  /** Where the portal itself is deployed. */
  siteUrl: 'https://developers.arena.example',
  sdkUrl: 'https://sdk.arena.example',
  gameStudioUrl: 'https://studio.arena.example',
  copyrightYear: 2025,
} as const;

export type Brand = typeof brand;

/** The site title, used in every page title after the `|` delimiter. */
export const siteTitle = `${brand.name} Developers`;
