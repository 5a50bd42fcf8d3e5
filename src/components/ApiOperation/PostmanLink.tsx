import type { ReactNode } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type { OpenApiSourceData } from '@site/src/core/openapi/sourceData';

/**
 * Where the API's Postman collection is (published beside its OpenAPI document by
 * src/build/pipeline/postman.ts), or undefined when none could be made of the document.
 */
export function usePostmanCollection(api: string): string | undefined {
  const data = usePluginData('openapi-source') as OpenApiSourceData;
  const postman = data.apis.find((candidate) => candidate.id === api)?.downloads.postman;
  const href = useBaseUrl(postman ?? '');
  return postman ? href : undefined;
}

/** A link to the API's Postman collection, or nothing. */
export default function PostmanLink({ api, children }: { api: string; children?: ReactNode }): ReactNode {
  const href = usePostmanCollection(api);
  if (!href) return null;
  return (
    // A plain anchor: a file, not a page of the client-side router.
    <a href={href} download={`${api}.postman.json`}>
      {children ?? 'Postman collection'}
    </a>
  );
}
