import type { ReactNode } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type { OpenApiSourceData } from '@site/src/core/openapi/sourceData';
import PostmanLink, { usePostmanCollection } from '@site/src/components/ApiOperation/PostmanLink';

/** Links to the resolved OpenAPI document of one API, as published by the openapi-source plugin. */
export default function ApiDownloads({ api }: { api: string }): ReactNode {
  const data = usePluginData('openapi-source') as OpenApiSourceData;
  const summary = data.apis.find((candidate) => candidate.id === api);
  const json = useBaseUrl(summary?.downloads.json ?? '');
  const yaml = useBaseUrl(summary?.downloads.yaml ?? '');
  const postman = usePostmanCollection(api);
  if (!summary) {
    throw new Error(`ApiDownloads: no resolved OpenAPI document with id "${api}"`);
  }
  return (
    <p>
      Download the OpenAPI document of the {summary.title} (version {summary.version}, {summary.operations} operations):{' '}
      {/* Plain anchors: these are files, not pages of the client-side router. */}
      <a href={json} download={`${api}.json`}>
        JSON
      </a>{' '}
      or{' '}
      <a href={yaml} download={`${api}.yaml`}>
        YAML
      </a>
      .
      {postman && (
        <>
          {' '}
          To try every call in Postman, import its <PostmanLink api={api}>Postman collection</PostmanLink>: the
          credential and base URL are its variables, named like the samples&apos; environment variables.
        </>
      )}
    </p>
  );
}
