import type { ApiRecord } from '../../../config/apis';
import type { SampleEnvironment } from '../samples';

/**
 * What the openapi-source plugin publishes to pages (`usePluginData('openapi-source')`): the build writes it, the
 * landing page, the downloads and the Postman link read it, so the shape lives here where both may import it.
 */
/** What pages learn of each resolved document through `usePluginData('openapi-source')`. */
export interface ResolvedApiSummary {
  id: string;
  title: string;
  version: string;
  source: 'remote' | 'vendored';
  operations: number;
  /** The first server's URL, for snippets such as the landing page's first request. */
  baseUrl: string;
  /** Site-relative paths of the downloads; a Postman collection where one could be made of the document. */
  downloads: { json: string; yaml: string; postman?: string };
  /** The variables samples read the credential and base URL from (config/apis.ts). */
  environment?: SampleEnvironment;
  /** The API's card and quick start on the landing page, from its registry record (config/apis.ts). */
  site?: {
    name: string;
    href: string;
    card: string;
    credential: ApiRecord['credential']['kind'];
    quickStart?: ApiRecord['quickStart'];
  };
}

export interface OpenApiSourceData {
  apis: ResolvedApiSummary[];
}

export function downloadsOf(id: string): { json: string; yaml: string } {
  return { json: `/openapi/${id}.json`, yaml: `/openapi/${id}.yaml` };
}
