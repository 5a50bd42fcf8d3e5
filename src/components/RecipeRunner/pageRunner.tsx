import type { ReactNode } from 'react';
import { apis as records } from '@site/config/apis';
import type { ArazzoDocument } from '@site/src/core/recipes/types';
import RecipeRunner, { type RunnerApi, type RunnerInput } from './index';

/**
 * What a recipe page gives its runner (src/components/Recipe's `Runner` place: the recipe's page data and the
 * workflow it shows first), written as the fields read, so the runner does not depend on the page's other fields.
 */
export interface PageRunnerProps {
  recipe: {
    slug: string;
    title: string;
    /** The recipe as the build checked it. */
    document?: ArazzoDocument;
    /** The APIs by source name; the servers' fields when the build gives them (the options of the API's pages). */
    apis: Record<string, { id: string; title: string } & Partial<Omit<RunnerApi, 'id' | 'title'>>>;
  };
  workflow: { id: string; inputs: readonly RunnerInput[] };
}

/**
 * The API as the runner needs it. When the page's data leaves out the servers' fields, the local mock is the API's
 * documented port (config/apis.ts) and the only trusted origin: production needs the API's hosts, which only the
 * build knows (from the vendored document, src/build/hosts.ts), so a run there is refused with why rather than
 * trusting whatever document the page loads.
 */
export function runnerApi(api: PageRunnerProps['recipe']['apis'][string]): RunnerApi {
  const record = records.find((candidate) => candidate.id === api.id);
  const mockUrl = api.mockUrl ?? (record ? `http://127.0.0.1:${record.mock.port}` : '');
  const trustedOrigins = api.trustedOrigins ?? [
    ...(record?.hosts ?? []),
    ...(mockUrl ? [new URL(mockUrl).origin] : []),
  ];
  return {
    id: api.id,
    title: api.title,
    mockUrl,
    trustedOrigins,
    ...(api.signInOrigins ? { signInOrigins: api.signInOrigins } : {}),
    ...(api.productionUrl ? { productionUrl: api.productionUrl } : {}),
  };
}

export default function PageRunner({ recipe, workflow }: PageRunnerProps): ReactNode {
  const apis = Object.fromEntries(Object.entries(recipe.apis).map(([source, api]) => [source, runnerApi(api)]));
  return (
    <RecipeRunner
      slug={recipe.slug}
      title={recipe.title}
      {...(recipe.document ? { document: recipe.document } : {})}
      workflowId={workflow.id}
      inputs={workflow.inputs}
      apis={apis}
    />
  );
}
