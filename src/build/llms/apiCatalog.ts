/**
 * The site's API catalog (RFC 9727), served at `/.well-known/api-catalog` as `application/linkset+json`
 * (RFC 9264): one link context per API, its production base URL, with the relations RFC 9727 names: `service-desc`
 * (the OpenAPI document, JSON and YAML), `service-doc` (the overview and the single-page reference), `service-meta`
 * (the Postman collection, llms.txt) and `describedby` (the Markdown twin of the overview). An agent that finds the
 * catalog finds everything else from it.
 */
export interface CatalogApi {
  /** Document id: `data-v4`. */
  id: string;
  /** The API's production base URL, the catalog's link context (`https://open.arena.example/data/v4`). */
  baseUrl: string;
  /** Route of the API's overview page: `/docs/data-api/data`. */
  overview: string;
  /** Route of its single-page reference: `/api/data`. */
  reference: string;
  /** Whether the build wrote a Postman collection of it. */
  postman: boolean;
}

export interface Link {
  href: string;
  type: string;
  title?: string;
}

export interface Linkset {
  linkset: ({ anchor: string } & Record<string, Link[] | string>)[];
}

/** The media type the catalog is served with (RFC 9727 §4). */
export const apiCatalogType = 'application/linkset+json';

/** The catalog's path on the site (RFC 9727 §3). */
export const apiCatalogPath = '/.well-known/api-catalog';

export function apiCatalog(siteUrl: string, apis: readonly CatalogApi[]): Linkset {
  const url = (route: string) => `${siteUrl}${route}`;
  return {
    linkset: apis.map((api) => ({
      anchor: api.baseUrl,
      'service-desc': [
        { href: url(`/openapi/${api.id}.json`), type: 'application/vnd.oai.openapi+json' },
        { href: url(`/openapi/${api.id}.yaml`), type: 'application/vnd.oai.openapi' },
      ],
      'service-doc': [
        { href: url(api.overview), type: 'text/html', title: 'Overview: authentication, paging and errors' },
        { href: url(api.reference), type: 'text/html', title: 'Every call on one page' },
      ],
      'service-meta': [
        ...(api.postman
          ? [{ href: url(`/openapi/${api.id}.postman.json`), type: 'application/json', title: 'Postman collection' }]
          : []),
        { href: url('/llms.txt'), type: 'text/markdown', title: 'llms.txt: every page as Markdown' },
      ],
      describedby: [{ href: url(`${api.overview}.md`), type: 'text/markdown' }],
    })),
  };
}
