import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { brand as siteBrand } from '../../../config/brand';
import { brandFrontMatter, type BrandNames } from '../../../config/brandTokens';
import { isObject } from '../../core/openapi/document';
import type { ArazzoDocument } from '../../core/recipes/types';

/** Where the recipes live, relative to the site, and how their files are named. */
export const recipesDir = 'openapi/recipes';
export const recipeSuffix = '.arazzo.yaml';

/** An API a recipe can name: its id and its vendored document, relative to the site (`openapi/data-v4.yaml`). */
export interface RecipeApi {
  id: string;
  vendored: string;
}

export interface LoadedRecipe {
  /** The file's name in the recipes folder: `player-match-history.arazzo.yaml`. */
  file: string;
  /** The file's name without the suffix, the page's name: `player-match-history`. */
  slug: string;
  document: ArazzoDocument;
  /** Each source description's name, as the steps say it (`data`), to the id of the API it names (`data-v4`). */
  sources: Record<string, string>;
}

/** A recipe that cannot be read, or that names a document the portal does not build: the build cannot check it. */
export class RecipeLoadError extends Error {
  override name = 'RecipeLoadError';
  constructor(readonly problems: string[]) {
    super(`the recipes in ${recipesDir}/ cannot be read:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
}

/**
 * Why a parsed recipe is not the Arazzo document the checker and the page read, or nothing. Only the shape those
 * read is held here (Redocly's Arazzo rules, `npm run lint:openapi`, check the rest): a recipe the checker would
 * stumble on is named with what is wrong instead.
 */
function shapeProblems(value: unknown): string[] {
  if (!isObject(value)) return ['not a YAML mapping'];
  const problems: string[] = [];
  if (typeof value.arazzo !== 'string' || !value.arazzo.startsWith('1.0.'))
    problems.push(`"arazzo" is ${JSON.stringify(value.arazzo ?? null)}, not a 1.0.x version`);
  if (!isObject(value.info) || typeof value.info.title !== 'string') problems.push('no info.title');
  if (!Array.isArray(value.sourceDescriptions) || value.sourceDescriptions.length === 0)
    problems.push('no sourceDescriptions');
  else if (!value.sourceDescriptions.every((source) => isObject(source) && typeof source.name === 'string'))
    problems.push('a source description without a name');
  if (!Array.isArray(value.workflows) || value.workflows.length === 0) return [...problems, 'no workflows'];
  value.workflows.forEach((workflow, index) => {
    if (!isObject(workflow) || typeof workflow.workflowId !== 'string') {
      problems.push(`workflow ${index + 1} has no workflowId`);
      return;
    }
    const id = workflow.workflowId;
    if (!Array.isArray(workflow.steps) || workflow.steps.length === 0) {
      problems.push(`workflow ${id} has no steps`);
      return;
    }
    workflow.steps.forEach((step, stepIndex) => {
      if (!isObject(step) || typeof step.stepId !== 'string')
        problems.push(`workflow ${id}: step ${stepIndex + 1} has no stepId`);
    });
  });
  return problems;
}

/**
 * Each source description to the API whose vendored document its URL names. The URL is read against the recipe's
 * own folder (`../data-v4.yaml` from `openapi/recipes/`), as `redocly respect` reads it; the build then checks the
 * recipe against that API's resolved document, which may be a remote one.
 */
function sourcesOf(
  document: ArazzoDocument,
  file: string,
  apis: readonly RecipeApi[],
): { sources: Record<string, string>; problems: string[] } {
  const sources: Record<string, string> = {};
  const problems: string[] = [];
  for (const source of document.sourceDescriptions) {
    if (source.type !== undefined && source.type !== 'openapi') {
      problems.push(`source "${source.name}" is of type ${source.type}; the portal checks OpenAPI sources only`);
      continue;
    }
    const named =
      typeof source.url === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(source.url)
        ? path.posix.normalize(path.posix.join(recipesDir, source.url))
        : undefined;
    const api = apis.find((candidate) => path.posix.normalize(candidate.vendored) === named);
    if (api) sources[source.name] = api.id;
    else
      problems.push(
        `source "${source.name}" (${String(source.url)}) names no API's vendored document ` +
          `(${apis.map((candidate) => `../${path.posix.basename(candidate.vendored)}`).join(', ')})`,
      );
  }
  return { sources, problems: problems.map((problem) => `recipe ${file}: ${problem}`) };
}

/**
 * Reads one recipe's text; throws a `RecipeLoadError` naming the file and every problem found. Its prose names the
 * brand by token, as the guides do (`{Product}`, config/brandTokens.ts), so a rebranded site's recipes follow.
 */
export function parseRecipe(
  file: string,
  text: string,
  apis: readonly RecipeApi[],
  brand: BrandNames = siteBrand,
): LoadedRecipe {
  let value: unknown;
  try {
    value = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new RecipeLoadError([`recipe ${file}: not valid YAML: ${reason}`]);
  }
  const shape = shapeProblems(value);
  if (shape.length > 0) throw new RecipeLoadError(shape.map((problem) => `recipe ${file}: ${problem}`));
  const document = brandFrontMatter(value, brand) as ArazzoDocument;
  const { sources, problems } = sourcesOf(document, file, apis);
  if (problems.length > 0) throw new RecipeLoadError(problems);
  return { file, slug: file.slice(0, -recipeSuffix.length), document, sources };
}

/**
 * Every recipe of the site, in file-name order (the order of their pages). Every file is read before anything is
 * thrown, so one run names every broken recipe.
 */
export function loadRecipes(siteDir: string, apis: readonly RecipeApi[]): LoadedRecipe[] {
  const folder = path.join(siteDir, recipesDir);
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(recipeSuffix))
    .sort();
  const recipes: LoadedRecipe[] = [];
  const problems: string[] = [];
  for (const file of files) {
    try {
      recipes.push(parseRecipe(file, readFileSync(path.join(folder, file), 'utf8'), apis));
    } catch (error) {
      if (error instanceof RecipeLoadError) problems.push(...error.problems);
      else throw error;
    }
  }
  if (problems.length > 0) throw new RecipeLoadError(problems);
  return recipes;
}
