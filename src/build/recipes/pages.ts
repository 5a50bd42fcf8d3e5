import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { text, type JsonObject } from '../../core/openapi/document';
import { operationSlug } from '../../core/openapi/view/slugs';
import { securityAlternatives } from '../../core/openapi/view/securityViews';
import type { SecurityView } from '../../core/openapi/view';
import { productionUrlOf, signInSchemes } from './runnerSecurity';
import { markdownTrees } from '../../core/markdown/parse';
import { codeSources, recipeCode } from '../../core/recipes/code';
import { sampleSettings } from '../../core/samples/settings';
import {
  flowchart,
  stepAnchor,
  workflowAnchor,
  type RecipeActionView,
  type RecipeApiView,
  type RecipeIndexEntry,
  type RecipeInputView,
  type RecipePage,
  type RecipeStepView,
  type RecipeWorkflowView,
} from '../../core/recipes/page';
import type { ArazzoAction, ArazzoWorkflow, JsonSchemaObject } from '../../core/recipes/types';
import { writeFileAtomic } from '../pipeline/writeAtomic';
import { recipeCalls } from './check';
import { recipesDir, type LoadedRecipe } from './load';

/** What the pages need of each API besides its document: its routes and the environment its samples read. */
export interface RecipePagesApi {
  id: string;
  linkBase: string;
  credentialVariable: string;
  baseUrlVariable: string;
  /** Where the page's runner may send, as Try it on the API's call pages (src/build/siteOptions.ts). */
  mockUrl: string;
  trustedOrigins: readonly string[];
  signInOrigins: readonly string[];
}

export interface RecipePagesOptions {
  /** The docs folder the pages are written to: `getting-started/recipes` (gitignored, rebuilt by every build). */
  pagesDir: string;
  /** The pages' route: `/getting-started/recipes`. */
  routeBase: string;
  /** Where each page's data goes: `.generated/recipes` (`<slug>.json`, and `index.json` for the index page). */
  dataDir: string;
  /** The folder's label and place in the Getting Started sidebar. */
  category: { label: string; position: number; description: string };
  apis: readonly RecipePagesApi[];
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function typeOf(schema: JsonSchemaObject): string {
  const type = typeof schema.type === 'string' ? schema.type : 'any';
  const format = typeof schema.format === 'string' ? `, ${schema.format}` : '';
  const { minimum, maximum } = schema;
  const range =
    typeof minimum === 'number' && typeof maximum === 'number'
      ? ` (${minimum} to ${maximum})`
      : typeof maximum === 'number'
        ? ` (at most ${maximum})`
        : '';
  const values = Array.isArray(schema.enum) ? `: ${schema.enum.map(shown).join(', ')}` : '';
  return `${type}${format}${range}${values}`;
}

function inputsOf(workflow: ArazzoWorkflow, signIns: ReadonlyMap<string, SecurityView>): RecipeInputView[] {
  const required = new Set(workflow.inputs?.required ?? []);
  return Object.entries(workflow.inputs?.properties ?? {}).map(([name, schema]) => {
    const secret = schema.format === 'password';
    const signIn = secret ? signIns.get(name) : undefined;
    const example = Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples[0] : undefined;
    return {
      name,
      type: typeOf(schema),
      required: required.has(name),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      ...(example !== undefined && !secret ? { example: shown(example) } : {}),
      ...(schema.default !== undefined ? { default: shown(schema.default) } : {}),
      secret,
      ...(signIn ? { signIn } : {}),
    };
  });
}

function actionsOf(actions: ArazzoAction[] | undefined, workflow: ArazzoWorkflow): RecipeActionView[] {
  return (actions ?? []).map((action) => {
    const target =
      action.type !== 'goto'
        ? undefined
        : action.stepId !== undefined
          ? {
              label: `step ${action.stepId}`,
              anchor: stepAnchor(workflow.workflowId, action.stepId),
              stepId: action.stepId,
            }
          : action.workflowId !== undefined
            ? { label: `workflow ${action.workflowId}`, anchor: workflowAnchor(action.workflowId) }
            : undefined;
    return {
      name: action.name,
      type: action.type,
      ...(target ? { target } : {}),
      criteria: (action.criteria ?? []).map((criterion) => criterion.condition),
      ...(action.retryAfter !== undefined ? { retryAfter: action.retryAfter } : {}),
      ...(action.retryLimit !== undefined ? { retryLimit: action.retryLimit } : {}),
    };
  });
}

/** One recipe's page data, from the recipe and the documents it was checked against. */
export function recipePage(
  recipe: LoadedRecipe,
  documents: ReadonlyMap<string, JsonObject>,
  apis: readonly RecipePagesApi[],
): RecipePage {
  const calls = recipeCalls(recipe, documents);
  const apiViews: Record<string, RecipeApiView> = {};
  for (const [name, id] of Object.entries(recipe.sources)) {
    const api = apis.find((candidate) => candidate.id === id);
    const info = documents.get(id)?.info as JsonObject | undefined;
    if (!api) throw new Error(`recipe ${recipe.file}: no API ${id} in the site's options`);
    apiViews[name] = {
      id,
      title: text(info?.title) || id,
      linkBase: api.linkBase,
      credentialVariable: api.credentialVariable,
      baseUrlVariable: api.baseUrlVariable,
      mockUrl: api.mockUrl,
      trustedOrigins: [...api.trustedOrigins],
      signInOrigins: [...api.signInOrigins],
      ...productionUrlOf(documents.get(id), api),
    };
  }
  const workflows = recipe.document.workflows.map((workflow): RecipeWorkflowView => {
    const steps = workflow.steps.map((step, index): RecipeStepView => {
      const call = calls.get(`${workflow.workflowId}/${step.stepId}`);
      const api = call && apis.find((candidate) => candidate.id === call.apiId);
      const next = workflow.steps[index + 1];
      return {
        id: step.stepId,
        anchor: stepAnchor(workflow.workflowId, step.stepId),
        ...(step.description ? { description: step.description } : {}),
        ...(call && api
          ? {
              call: {
                api: apiViews[Object.keys(recipe.sources).find((name) => recipe.sources[name] === call.apiId) ?? '']
                  .title,
                operationId: call.operationId,
                method: call.ref.method.toUpperCase(),
                path: call.ref.path,
                ...(text(call.ref.operation.summary) ? { summary: text(call.ref.operation.summary) } : {}),
                href: `${api.linkBase}/${operationSlug(call.document, call.ref)}`,
              },
            }
          : {}),
        ...(step.workflowId ? { workflow: { id: step.workflowId, anchor: workflowAnchor(step.workflowId) } } : {}),
        parameters: (step.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          ...(parameter.in ? { in: parameter.in } : {}),
          value: shown(parameter.value),
        })),
        ...(step.requestBody
          ? {
              body: {
                ...(step.requestBody.contentType ? { contentType: step.requestBody.contentType } : {}),
                payload: JSON.stringify(step.requestBody.payload ?? null, null, 2),
              },
            }
          : {}),
        outputs: Object.entries(step.outputs ?? {}).map(([name, value]) => ({ name, value })),
        success: (step.successCriteria ?? []).map((criterion) => criterion.condition),
        onSuccess: actionsOf(step.onSuccess, workflow),
        onFailure: actionsOf(step.onFailure, workflow),
        ...(next ? { then: { id: next.stepId, anchor: stepAnchor(workflow.workflowId, next.stepId) } } : {}),
      };
    });
    const callSecurity = (stepId: string): SecurityView[] => {
      const call = calls.get(`${workflow.workflowId}/${stepId}`);
      return call ? securityAlternatives(call.document, call.ref.operation).flat() : [];
    };
    const inputs = inputsOf(workflow, signInSchemes(workflow, callSecurity));
    return {
      id: workflow.workflowId,
      anchor: workflowAnchor(workflow.workflowId),
      ...(workflow.summary ? { summary: workflow.summary } : {}),
      ...(workflow.description ? { description: workflow.description } : {}),
      inputs,
      diagram: flowchart({ inputs, steps }),
      steps,
      outputs: Object.entries(workflow.outputs ?? {}).map(([name, value]) => ({ name, value })),
    };
  });
  // The whole recipe as programs, with each API's sample settings (its variables and trusted production server).
  const code = recipeCode(
    `${recipesDir}/${recipe.file}`,
    recipe.slug,
    recipe.document,
    codeSources(
      Object.fromEntries(
        Object.entries(recipe.sources).map(([name, id]) => {
          const document = documents.get(id);
          const api = apis.find((candidate) => candidate.id === id);
          if (!document || !api) throw new Error(`recipe ${recipe.file}: no document of the API ${id}`);
          return [name, { document, api: id, settings: sampleSettings(document, api) }];
        }),
      ),
    ),
  );
  const page: Omit<RecipePage, 'markdown'> = {
    slug: recipe.slug,
    file: `${recipesDir}/${recipe.file}`,
    title: recipe.document.info.title,
    ...(recipe.document.info.summary ? { summary: recipe.document.info.summary } : {}),
    ...(recipe.document.info.description ? { description: recipe.document.info.description } : {}),
    apis: apiViews,
    workflows,
    document: recipe.document,
    code,
  };
  // The recipe's own `document` is left out: its descriptions are the ones the views above already carry.
  return { ...page, markdown: markdownTrees({ ...page, document: undefined }) };
}

/**
 * Writes a file only when its content changes: during \`npm start\` the docs plugin reloads on every write into its
 * folder, and this plugin runs again on every reload.
 */
async function writeChanged(file: string, content: string): Promise<boolean> {
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing === content) return false;
  await writeFileAtomic(file, content);
  return true;
}

/** A string as a YAML scalar in front matter: JSON's quoting is YAML's. */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

/**
 * The MDX of a recipe's page: front matter from the recipe, and the `Recipe` component over the page's data. No
 * recipe text is written into the MDX itself (only into JSON strings), so nothing in a recipe is read as MDX. The
 * table of contents is exported by hand: the component's headings are not Markdown headings.
 */
function recipeMdx(page: RecipePage, position: number, dataImport: string): string {
  const toc = page.workflows.flatMap((workflow) => [
    { value: `Workflow ${workflow.id}`, id: workflow.anchor, level: 2 },
    ...workflow.steps.map((step, index) => ({ value: `${index + 1}. ${step.id}`, id: step.anchor, level: 3 })),
  ]);
  // The programs' section (src/components/Recipe/RecipeCode.tsx) closes the page.
  if (page.code.length > 0) toc.push({ value: 'Run it as code', id: 'run-it-as-code', level: 2 });
  return `---
title: ${yamlString(page.title)}
description: ${yamlString(page.summary ?? page.title)}
sidebar_position: ${position}
---

{/* Generated from ${page.file} by src/plugins/recipes at every build: edit the recipe, not this file. */}

import Recipe from '@site/src/components/Recipe';
import recipe from '${dataImport}';

export const toc = ${JSON.stringify(toc, null, 2)};

<Recipe recipe={recipe} />
`;
}

function indexMdx(description: string, dataImport: string): string {
  return `---
title: Recipes
description: ${yamlString(description)}
sidebar_position: 0
---

{/* Generated by src/plugins/recipes from openapi/recipes/ at every build. */}

import { RecipeIndex } from '@site/src/components/Recipe';
import recipes from '${dataImport}';

<RecipeIndex recipes={recipes} />
`;
}

/**
 * Writes each recipe's data and page, the index page and the folder's category into the docs instance; a page of a
 * recipe that no longer exists is removed. Returns the number of recipe pages and of files written or removed.
 */
export async function writeRecipePages(
  siteDir: string,
  recipes: readonly LoadedRecipe[],
  documents: ReadonlyMap<string, JsonObject>,
  options: RecipePagesOptions,
): Promise<{ pages: number; changed: number }> {
  const pagesDir = path.resolve(siteDir, options.pagesDir);
  const dataDir = path.resolve(siteDir, options.dataDir);
  await mkdir(pagesDir, { recursive: true });
  const dataImport = (name: string) => `@site/${path.posix.join(options.dataDir, `${name}.json`)}`;
  const index: RecipeIndexEntry[] = [];
  const written = new Set(['_category_.json', 'index.mdx']);
  let changed = 0;
  const write = async (file: string, content: string) => {
    if (await writeChanged(file, content)) changed += 1;
  };
  for (const [position, recipe] of recipes.entries()) {
    const page = recipePage(recipe, documents, options.apis);
    await write(path.join(dataDir, `${page.slug}.json`), JSON.stringify(page));
    await write(path.join(pagesDir, `${page.slug}.mdx`), recipeMdx(page, position + 1, dataImport(page.slug)));
    written.add(`${page.slug}.mdx`);
    index.push({
      slug: page.slug,
      href: `${options.routeBase}/${page.slug}`,
      title: page.title,
      ...(page.summary ? { summary: page.summary } : {}),
      apis: Object.values(page.apis).map((api) => api.title),
      steps: page.workflows.reduce((count, workflow) => count + workflow.steps.length, 0),
    });
  }
  await write(path.join(dataDir, 'index.json'), JSON.stringify(index));
  await write(path.join(pagesDir, 'index.mdx'), indexMdx(options.category.description, dataImport('index')));
  await write(
    path.join(pagesDir, '_category_.json'),
    `${JSON.stringify(
      {
        label: options.category.label,
        position: options.category.position,
        link: { type: 'doc', id: `${path.posix.basename(options.pagesDir)}/index` },
      },
      null,
      2,
    )}\n`,
  );
  for (const name of await readdir(pagesDir)) {
    if (written.has(name)) continue;
    await rm(path.join(pagesDir, name), { recursive: true, force: true });
    changed += 1;
  }
  return { pages: recipes.length, changed };
}
