import type { JsonObject } from '../../core/openapi/document';
import { productionServer } from '../../core/openapi/servers';
import type { SecurityView } from '../../core/openapi/view';
import type { ArazzoWorkflow } from '../../core/recipes/types';
import type { RecipePagesApi } from './pages';

/*
 * What a recipe page's runner needs to sign in before a run (src/components/RecipeRunner): the OAuth2 scheme a token
 * input is for, and the server a production run sends to.
 */

/**
 * The OAuth2 schemes a workflow's inputs are the tokens of, by input: each `x-security` entry (the workflow's, its
 * steps') whose value is `$inputs.<name>` and whose scheme, as the workflow's calls require it, has a flow Try it
 * runs (authorization code, client credentials). Its scopes are every scope those calls ask for.
 */
export function signInSchemes(
  workflow: ArazzoWorkflow,
  callSecurity: (stepId: string) => SecurityView[],
): Map<string, SecurityView> {
  const schemes = new Map<string, SecurityView>();
  const entries = [
    ...(workflow['x-security'] ?? []).map((entry) => ({ entry, steps: workflow.steps })),
    ...workflow.steps.flatMap((step) => (step['x-security'] ?? []).map((entry) => ({ entry, steps: [step] }))),
  ];
  for (const { entry, steps } of entries) {
    const required = steps
      .flatMap((step) => callSecurity(step.stepId))
      .filter((view) => view.name === entry.schemeName && (view.authorizationCode || view.clientCredentials));
    if (required.length === 0) continue;
    const view = { ...required[0], scopes: [...new Set(required.flatMap((each) => each.scopes))] };
    for (const value of Object.values(entry.values)) {
      const name = /^\$inputs\.([A-Za-z0-9_.-]+)$/.exec(value)?.[1];
      if (name && !schemes.has(name)) schemes.set(name, view);
    }
  }
  return schemes;
}

/** The server a production run sends to, by the runner's rule: the document's first on the API's own hosts. */
export function productionUrlOf(document: JsonObject | undefined, api: RecipePagesApi): { productionUrl?: string } {
  const url = document ? productionServer(document.servers, api) : undefined;
  return url ? { productionUrl: url } : {};
}
