import type { JsonObject } from '../../src/core/openapi/document';
import { isTrustedServer } from '../../src/core/openapi/servers';
import type { OperationView } from '../../src/core/openapi/view';
import { isWriteMethod } from '../../src/core/recipes/runModel';
import type { ArazzoAction, ArazzoDocument, ArazzoWorkflow, JsonSchemaObject } from '../../src/core/recipes/types';
import { publishedRecipesPath, type PublishedRecipe, type PublishedRecipeIndex } from '../../src/build/recipes/publish';
import { namesList } from './arguments';
import type { LoadedDocument, McpApi, ToolContext } from './context';
import type { PortalSource } from './source';

/**
 * The recipes the build published (`/recipes/index.json`, `/recipes/<stem>.json`, src/build/recipes/publish.ts) as
 * the MCP server reads them, apart from the MCP plumbing so each part can be tested as it is: which APIs a recipe
 * calls, which of its steps write, which inputs carry a credential, and what `list_recipes` answers. Running one is
 * recipeRun.ts.
 */

/** A recipe's name: its file's stem, nothing that could leave `/recipes/`. */
const stemPattern = /^[a-z0-9][a-z0-9-]*$/i;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Every recipe the portal published, in the order of their pages. */
export async function publishedRecipes(source: PortalSource): Promise<PublishedRecipe[]> {
  let text: string;
  try {
    text = await source.text(`${publishedRecipesPath}/index.json`);
  } catch (error) {
    throw new Error(`the portal publishes no recipes (${publishedRecipesPath}/index.json): ${message(error)}`);
  }
  const index = JSON.parse(text) as Partial<PublishedRecipeIndex>;
  if (!Array.isArray(index.recipes))
    throw new Error(`the portal's ${publishedRecipesPath}/index.json lists no recipes`);
  return index.recipes.filter((recipe) => typeof recipe.stem === 'string' && stemPattern.test(recipe.stem));
}

/** One recipe by its name (the stem of its file and page); the error names the portal's recipes. */
export async function publishedRecipe(
  source: PortalSource,
  name: string,
): Promise<{ entry: PublishedRecipe; document: ArazzoDocument }> {
  const recipes = await publishedRecipes(source);
  const entry = recipes.find((recipe) => recipe.stem === name);
  if (!entry) {
    throw new Error(
      `no recipe ${JSON.stringify(name)}; the portal has ${namesList(recipes.map((recipe) => recipe.stem))} (list_recipes)`,
    );
  }
  // Read by its stem, not by a path the index names: the stem cannot leave the recipes' folder.
  const document = JSON.parse(await source.text(`${publishedRecipesPath}/${entry.stem}.json`)) as ArazzoDocument;
  return { entry, document };
}

/** An API a recipe's source names, with its published document. */
export interface RecipeSource {
  api: McpApi;
  loaded: LoadedDocument;
}

/** Each source description (`data`) to its API, by the published document it names (`/openapi/data-v4.json`). */
export async function recipeSources(
  document: ArazzoDocument,
  context: Pick<ToolContext, 'apiOf' | 'load'>,
): Promise<Map<string, RecipeSource>> {
  const sources = new Map<string, RecipeSource>();
  for (const source of document.sourceDescriptions) {
    const id = /^\/openapi\/([^/]+)\.json$/.exec(source.url)?.[1];
    if (!id) throw new Error(`the recipe's source "${source.name}" (${source.url}) is not a document of the portal`);
    const api = context.apiOf(id);
    sources.set(source.name, { api, loaded: await context.load(api) });
  }
  return sources;
}

/** The workflow itself and every workflow it can reach: those its steps call and its actions go to or retry with. */
export function reachableWorkflows(document: ArazzoDocument, entry: ArazzoWorkflow): ArazzoWorkflow[] {
  const seen = new Map<string, ArazzoWorkflow>();
  const visit = (workflow: ArazzoWorkflow) => {
    if (seen.has(workflow.workflowId)) return;
    seen.set(workflow.workflowId, workflow);
    const actions: ArazzoAction[] = [
      ...(workflow.successActions ?? []),
      ...(workflow.failureActions ?? []),
      ...workflow.steps.flatMap((step) => [...(step.onSuccess ?? []), ...(step.onFailure ?? [])]),
    ];
    const targets = [...workflow.steps.map((step) => step.workflowId), ...actions.map((action) => action.workflowId)];
    for (const target of targets) {
      const found = target && document.workflows.find((candidate) => candidate.workflowId === target);
      if (found) visit(found);
    }
  };
  visit(entry);
  return [...seen.values()];
}

/** The call a step names, as the runner reads it: `$sourceDescriptions.<source>.<operationId>`, or the first source's. */
function stepCall(
  document: ArazzoDocument,
  operationId: string,
  sources: ReadonlyMap<string, RecipeSource>,
): { source: RecipeSource; view: OperationView } | undefined {
  const match = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(operationId);
  const name = match ? match[1] : document.sourceDescriptions[0]?.name;
  const source = name === undefined ? undefined : sources.get(name);
  const id = match ? match[2] : operationId;
  const view = source?.loaded.views.find((candidate) => candidate.operationId === id);
  return source && view ? { source, view } : undefined;
}

/** A step that changes something on the server: the person confirms it before it is sent. */
export interface WriteStep {
  workflowId: string;
  stepId: string;
  method: string;
  path: string;
}

/** Every step a run of `entry` may take that writes (any method but GET, HEAD and OPTIONS). */
export function writeSteps(
  document: ArazzoDocument,
  entry: ArazzoWorkflow,
  sources: ReadonlyMap<string, RecipeSource>,
): WriteStep[] {
  return reachableWorkflows(document, entry).flatMap((workflow) =>
    workflow.steps.flatMap((step) => {
      const call = step.operationId ? stepCall(document, step.operationId, sources) : undefined;
      if (!call || !isWriteMethod(call.view.method)) return [];
      return [
        {
          workflowId: workflow.workflowId,
          stepId: step.stepId,
          method: call.view.method.toUpperCase(),
          path: call.view.path,
        },
      ];
    }),
  );
}

/**
 * The workflow's inputs that carry a credential, each with the API it is for: those its `x-security` reads
 * (`token: $inputs.apiKey`), for the API whose document declares the scheme (the only API, when one). The server
 * fills one the caller leaves out with the credential it already uses for that API, as `call_operation` does.
 */
export function credentialInputs(
  workflow: ArazzoWorkflow,
  sources: ReadonlyMap<string, RecipeSource>,
): Map<string, McpApi> {
  const found = new Map<string, McpApi>();
  const all = [...sources.values()];
  for (const entry of workflow['x-security'] ?? []) {
    const declares = all.filter((source) => {
      const schemes = (source.loaded.document.components as JsonObject | undefined)?.securitySchemes;
      return typeof schemes === 'object' && schemes !== null && Object.hasOwn(schemes, entry.schemeName);
    });
    const api = (declares.length === 1 ? declares[0] : all.length === 1 ? all[0] : undefined)?.api;
    if (!api) continue;
    for (const value of Object.values(entry.values)) {
      const input = /^\$inputs\.([A-Za-z0-9_-]+)$/.exec(value)?.[1];
      if (input) found.set(input, api);
    }
  }
  return found;
}

/** Where an API's calls go and with which credential: the environment's, else the local mock (callGate.ts's rule). */
export function apiTarget(
  api: McpApi,
  env: Record<string, string | undefined>,
): { serverUrl: string; credential?: string } {
  const serverUrl = env[api.baseUrlVariable] || api.mockUrl;
  if (!isTrustedServer(serverUrl, api.trustedOrigins)) {
    throw new Error(
      `${api.baseUrlVariable} names ${serverUrl}, which is not one of the ${api.title}'s hosts (${api.trustedOrigins.join(', ')}): nothing was sent`,
    );
  }
  const credential = env[api.credentialVariable] || (serverUrl === api.mockUrl ? 'mock-credential' : undefined);
  return { serverUrl, ...(credential ? { credential } : {}) };
}

/** An input as the listing shows it. */
export interface ListedInput {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  examples?: unknown[];
  default?: unknown;
  /** For a credential input: where the server takes it from when the caller leaves it out. */
  credential?: string;
}

export interface ListedWorkflow {
  workflow: string;
  summary?: string;
  description?: string;
  inputs: ListedInput[];
  /** The steps that change something: the person is asked before each is sent. */
  writes: string[];
}

export interface ListedRecipe {
  recipe: string;
  title: string;
  summary?: string;
  description?: string;
  apis: string[];
  url: string;
  workflows: ListedWorkflow[];
}

function listedInputs(schema: JsonSchemaObject | undefined, credentials: ReadonlyMap<string, McpApi>): ListedInput[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, property]) => {
    const api = credentials.get(name);
    return {
      name,
      type: typeof property.type === 'string' ? property.type : 'any',
      required: required.has(name),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      ...(Array.isArray(property.examples) && property.format !== 'password' ? { examples: property.examples } : {}),
      ...(property.default !== undefined ? { default: property.default } : {}),
      ...(api
        ? { credential: `left out, it is the server's ${api.credentialVariable} (or the local mock's credential)` }
        : {}),
    };
  });
}

/** What `list_recipes` answers: each recipe, its page, and each workflow's inputs and writes. */
export async function recipeListing(
  context: Pick<ToolContext, 'source' | 'apiOf' | 'load'>,
): Promise<{ recipes: ListedRecipe[] }> {
  const recipes: ListedRecipe[] = [];
  for (const entry of await publishedRecipes(context.source)) {
    const { document } = await publishedRecipe(context.source, entry.stem);
    const sources = await recipeSources(document, context);
    recipes.push({
      recipe: entry.stem,
      title: entry.title,
      ...(entry.summary ? { summary: entry.summary } : {}),
      ...(entry.description ? { description: entry.description } : {}),
      apis: [...new Set([...sources.values()].map((source) => source.api.key))],
      url: `${context.source.siteUrl}${entry.route}`,
      workflows: document.workflows.map((workflow) => ({
        workflow: workflow.workflowId,
        ...(workflow.summary ? { summary: workflow.summary } : {}),
        ...(workflow.description ? { description: workflow.description } : {}),
        inputs: listedInputs(workflow.inputs, credentialInputs(workflow, sources)),
        writes: writeSteps(document, workflow, sources).map(
          (step) =>
            `${step.stepId}: ${step.method} ${step.path}${step.workflowId === workflow.workflowId ? '' : ` (in ${step.workflowId})`}`,
        ),
      })),
    });
  }
  return { recipes };
}
