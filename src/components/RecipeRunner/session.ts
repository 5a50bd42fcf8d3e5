import type { JsonObject } from '@site/src/core/openapi/document';
import { productionServer } from '@site/src/core/openapi/servers';
import type { SecurityView } from '@site/src/core/openapi/view';
import { writeToken } from '@site/src/core/oauth/tokens';
import { operationResolver } from '@site/src/core/recipes/requests';
import type { RecipeAnswer, RunOptions } from '@site/src/core/recipes/runModel';
import type { ArazzoDocument, ArazzoSecurity, ArazzoWorkflow } from '@site/src/core/recipes/types';
import { fetchAnswer, signedInFor, tokenFlow, type Outcome } from '../ApiExplorer/send';
import { readCredential } from '../ApiExplorer/storage';

/**
 * Running a recipe in its page, with no React: the recipe and its APIs' documents fetched when the reader starts a
 * run (a page nobody runs from loads neither), each call sent to the server the reader chose with Try it's
 * credential for that API, through Try it's own bounded reading of an answer (its time and size limits).
 */

/** An API a recipe calls, as the recipe page gives it: the build's own options for the API's pages. */
export interface RunnerApi {
  /** The document's id: its published document is `/openapi/<id>.json`, Try it keeps its credential under it. */
  id: string;
  title: string;
  /** `npm run mock`'s server for the API (config/mock.ts). */
  mockUrl: string;
  /** The origins a credential of this API may go to: its own hosts and the local mock's (src/build/hosts.ts). */
  trustedOrigins: readonly string[];
  /** Where its OAuth2 sign-in's authorization page may be (src/build/hosts.ts); none: sign-in at the mock only. */
  signInOrigins?: readonly string[];
  /** The server a production run sends to, when the page names it (`productionServer`): what a sign-in is for. */
  productionUrl?: string;
}

/** A workflow input as the recipe page lists it (src/core/recipes/page.ts's RecipeInputView). */
export interface RunnerInput {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  example?: string;
  default?: string;
  /** A credential (`format: password`): a password field bound to Try it's stored credential, never an example. */
  secret: boolean;
  /** The OAuth2 scheme it is the token of, when Try it can sign in for it (src/core/recipes/page.ts). */
  signIn?: SecurityView;
}

export type ServerChoice = 'production' | 'mock';

export interface Prepared {
  document: ArazzoDocument;
  workflow: ArazzoWorkflow;
  /** The options `runRecipe` takes, but for `confirm` and `signal`, which belong to the run. */
  options: Omit<RunOptions, 'confirm' | 'signal'>;
  /** The server each source's calls go to. */
  servers: Record<string, string>;
}

/** What the tests replace: the network and the tab's storage. */
export interface SessionEnvironment {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem'> | undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The site's own JSON file, or why it could not be read. */
async function siteJson(transport: typeof fetch, path: string): Promise<unknown> {
  let response: Response;
  try {
    response = await transport(path, { credentials: 'same-origin' });
  } catch (error) {
    throw new Error(`${path} could not be loaded: ${messageOf(error)}`);
  }
  if (!response.ok) throw new Error(`${path} could not be loaded: ${response.status}`);
  return response.json() as Promise<unknown>;
}

/** The server a source's calls go to: the local mock, or the document's first server on the API's own hosts. */
export function serverFor(api: RunnerApi, document: JsonObject, choice: ServerChoice): string {
  if (choice === 'mock') return api.mockUrl;
  const url = productionServer(document.servers, api);
  if (!url) throw new Error(`${api.title} lists no production server on its own hosts: choose the local mock`);
  return url;
}

/** A form's text as the workflow's schema types it; an empty field is left out, so the input's default applies. */
export function typedInputs(workflow: ArazzoWorkflow, typed: Record<string, string>): Record<string, unknown> {
  const properties = workflow.inputs?.properties ?? {};
  const inputs: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(typed)) {
    if (text.trim() === '') continue;
    const type = Object.hasOwn(properties, name) ? properties[name].type : undefined;
    if (type === 'integer' || type === 'number') {
      const number = Number(text);
      inputs[name] = Number.isFinite(number) ? number : text;
    } else if (type === 'boolean') {
      inputs[name] = text === 'true' ? true : text === 'false' ? false : text;
    } else if (type === 'object' || type === 'array') {
      try {
        inputs[name] = JSON.parse(text) as unknown;
      } catch {
        inputs[name] = text;
      }
    } else {
      inputs[name] = text;
    }
  }
  return inputs;
}

/** Every `x-security` entry of the recipe, the workflows' and the steps'. */
function securityEntries(document: ArazzoDocument): ArazzoSecurity[] {
  return document.workflows.flatMap((workflow) => [
    ...(workflow['x-security'] ?? []),
    ...workflow.steps.flatMap((step) => step['x-security'] ?? []),
  ]);
}

/** The scheme a recipe's `x-security` names, as the call of its API that uses it models it, and that API's source. */
async function schemeOf(
  prepared: Omit<Prepared, 'servers'>,
  schemeName: string,
): Promise<{ source: string; scheme: SecurityView; first: boolean } | undefined> {
  for (const workflow of prepared.document.workflows) {
    for (const step of workflow.steps) {
      const match = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(step.operationId ?? '');
      if (!match) continue;
      const resolved = await prepared.options.resolveOperation(match[1], match[2]);
      if (!resolved) continue;
      const alternatives = [resolved.view.security, ...(resolved.view.otherSecurity ?? [])];
      for (const alternative of alternatives) {
        const scheme = alternative.find((candidate) => candidate.name === schemeName);
        if (scheme) return { source: match[1], scheme, first: resolved.view.security[0]?.name === scheme.name };
      }
    }
  }
  return undefined;
}

/**
 * The credential Try it holds for a scheme on a server: a sign-in's token for that server (refreshed first when it
 * expires within 5 s, as Try it does), else the credential typed in Try it (the call's first scheme under the API's
 * key, another under its name).
 */
export async function triedCredential(
  api: RunnerApi,
  scheme: SecurityView,
  first: boolean,
  serverUrl: string,
  storage: SessionEnvironment['storage'],
): Promise<string> {
  const token = signedInFor(api.id, scheme, serverUrl);
  const flow = tokenFlow(scheme);
  if (token && flow) {
    if (token.expiresAt === undefined || token.expiresAt > Date.now() + 5_000) return token.accessToken;
    const { refresh } = await import('@site/src/core/oauth/signIn');
    try {
      const fresh = await refresh(flow, token);
      writeToken(api.id, scheme.name, fresh);
      return fresh.accessToken;
    } catch (error) {
      writeToken(api.id, scheme.name, undefined);
      throw error;
    }
  }
  return readCredential(storage, api.id, first ? undefined : scheme.name);
}

/** Sends a request through Try it's reading of an answer (its time limit, its size limit), stoppable by `signal`. */
export function browserSend(transport: typeof fetch): RunOptions['send'] {
  return async (request, signal): Promise<RecipeAnswer> => {
    const last: { outcome: Outcome } = { outcome: { kind: 'none' } };
    const stoppable: typeof fetch = (url, init) => {
      if (!signal) return transport(url, init);
      // Try it's own time limit and the reader's Stop both end the request.
      const both = new AbortController();
      for (const each of [init?.signal, signal]) {
        if (!each) continue;
        if (each.aborted) both.abort();
        else each.addEventListener('abort', () => both.abort(), { once: true });
      }
      return transport(url, { ...init, signal: both.signal });
    };
    await fetchAnswer(
      request,
      (outcome) => {
        last.outcome = outcome;
      },
      { fetch: stoppable },
    );
    const { outcome } = last;
    if (outcome.kind === 'response') return { status: outcome.status, headers: outcome.headers, body: outcome.body };
    throw new Error(outcome.kind === 'error' ? outcome.message : 'no answer');
  };
}

/**
 * Loads the recipe (`/recipes/<slug>.json`, as the build publishes it, unless the page has it) and each API's document
 * (`/openapi/<id>.json`), and makes the run's options: the typed inputs, each credential input left empty filled
 * from Try it, every call sent to the chosen server and held to the APIs' trusted origins.
 */
export async function prepareRun(
  request: {
    slug: string;
    /** The recipe, when the page carries it; else it is fetched from `/recipes/<slug>.json`. */
    document?: ArazzoDocument;
    workflowId?: string;
    apis: Readonly<Record<string, RunnerApi>>;
    choice: ServerChoice;
    typed: Record<string, string>;
  },
  environment: SessionEnvironment,
): Promise<Prepared> {
  // The page's own copy when it has one (checked against these documents by the same build), else the published one.
  const document =
    request.document ??
    ((await siteJson(environment.fetch, `/recipes/${encodeURIComponent(request.slug)}.json`)) as
      ArazzoDocument | undefined);
  if (!document || !Array.isArray(document.workflows) || !Array.isArray(document.sourceDescriptions)) {
    throw new Error(`/recipes/${request.slug}.json is not an Arazzo document`);
  }
  const workflow = request.workflowId
    ? document.workflows.find((candidate) => candidate.workflowId === request.workflowId)
    : document.workflows[0];
  if (!workflow) throw new Error(`the recipe has no workflow ${request.workflowId ?? ''}`);

  const servers: Record<string, string> = {};
  const sources: Record<string, { document: JsonObject; api: string; serverUrl: string }> = {};
  const openapiSources = document.sourceDescriptions.filter((source) => (source.type ?? 'openapi') === 'openapi');
  await Promise.all(
    openapiSources.map(async (source) => {
      const api = Object.hasOwn(request.apis, source.name) ? request.apis[source.name] : undefined;
      if (!api) throw new Error(`the page names no API for the recipe's source ${source.name}`);
      const openapi = (await siteJson(environment.fetch, `/openapi/${encodeURIComponent(api.id)}.json`)) as JsonObject;
      servers[source.name] = serverFor(api, openapi, request.choice);
      sources[source.name] = { document: openapi, api: api.id, serverUrl: servers[source.name] };
    }),
  );

  const trustedOrigins = [...new Set(Object.values(request.apis).flatMap((api) => api.trustedOrigins))];
  const inputs = typedInputs(workflow, request.typed);
  const base: Omit<Prepared, 'servers'> = {
    document,
    workflow,
    options: {
      document,
      workflowId: workflow.workflowId,
      inputs,
      resolveOperation: operationResolver(sources),
      send: browserSend(environment.fetch),
      trustedOrigins,
    },
  };

  // A credential input the reader left empty takes Try it's credential for the scheme it is given to; a sign-in's
  // token for the chosen server wins over a typed one, as it does in Try it.
  for (const entry of securityEntries(document)) {
    for (const value of Object.values(entry.values)) {
      const name = /^\$inputs\.([A-Za-z0-9_.-]+)$/.exec(value)?.[1];
      if (!name) continue;
      const found = await schemeOf(base, entry.schemeName);
      if (!found) continue;
      const api = request.apis[found.source];
      const tried = await triedCredential(api, found.scheme, found.first, servers[found.source], environment.storage);
      const signedIn = signedInFor(api.id, found.scheme, servers[found.source]) !== undefined;
      if (tried !== '' && (signedIn || inputs[name] === undefined)) inputs[name] = tried;
    }
  }
  return { ...base, servers };
}
