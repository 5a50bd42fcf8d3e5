/**
 * `npm run specs:pull [-- --check] [-- --note "text"]`: fetch the remote OpenAPI documents named by
 * DATA_API_SPEC_URL and CHAT_API_SPEC_URL, validate and normalize them, print what changed against the vendored
 * copies, replace the vendored files atomically and append what changed to each API's changelog history
 * (`openapi/changelog/<id>.json`, with the note if one is given). With `--check` nothing is written and the exit
 * code is 1 when a remote differs, for a docs team's CI. The recipes (openapi/recipes/) are checked against each
 * fetched document before it is vendored, as the build would check them: a recipe that no longer matches is named
 * with its step and reason, and the exit code is 1 (the document is still vendored; the build stops until the recipe
 * is fixed). Exit code 2: a remote document could not be used, or no URL is set.
 */
import { inspect } from 'node:util';
import { terminalText } from '../../src/core/text/escape';
import path from 'node:path';
import process from 'node:process';
import { openapiSource } from '../../src/build/siteOptions';
import { fetchLimitsFrom } from '../../src/build/pipeline/fetchText';
import { pullApi } from '../../src/build/pipeline/pull';
import { renderingNotices } from '../../src/build/pages/renderable';
import { readFileSync } from 'node:fs';
import type { JsonObject } from '../../src/core/openapi/document';
import { parseDocumentText } from '../../src/core/openapi/parse';
import { checkRecipes } from '../../src/build/recipes/check';
import { loadRecipes, type LoadedRecipe } from '../../src/build/recipes/load';
import { readCli, type CliSpec } from '../lib/cli';

const cli = {
  command: 'npm run specs:pull',
  tag: '[openapi]',
  summary:
    "Fetches the remote OpenAPI documents, validates and normalises them, prints what changed against the vendored copies, replaces them and records the changes in each API's changelog history.",
  usage: ['[--check] [--note <text>]'],
  options: {
    check: { type: 'boolean', description: 'changes nothing; exit code 1 when a remote document differs' },
    note: {
      type: 'string',
      value: 'text',
      description: "a note added to the changelog's entry",
      missing: '--note needs the text of the note: --note "What changed and why"',
    },
  },
  environment: Object.fromEntries(
    openapiSource.apis.map((api) => [api.urlVariable, `the remote document of ${api.id} (unset: skipped)`]),
  ),
  footer:
    'Exit code 0: done or up to date; 1: --check and a remote differs, or a recipe no longer matches a fetched document; 2: a document unusable, no URL set, or a wrong call.',
} satisfies CliSpec;

async function main(): Promise<number> {
  const { values } = readCli(cli);
  const check = values.check ?? false;
  const note = values.note;
  if (note !== undefined && !note.trim()) {
    console.error(`[openapi] ${cli.options.note.missing}`);
    return 2;
  }
  const date = new Date().toISOString().slice(0, 10);
  const configured = openapiSource.apis.filter((api) => process.env[api.urlVariable]);
  if (configured.length === 0) {
    const names = openapiSource.apis.map((api) => api.urlVariable).join(' or ');
    console.error(`[openapi] nothing to pull: set ${names} to the remote document's URL.`);
    return 2;
  }
  let differs = false;
  let failed = false;
  let recipesBroken = false;
  const recipes = readRecipes();
  for (const api of openapiSource.apis) {
    const url = process.env[api.urlVariable];
    if (!url) {
      console.log(`[openapi] ${api.id}: ${api.urlVariable} is not set; skipped.`);
      continue;
    }
    console.log(`[openapi] ${api.id}: fetching ${url}`);
    try {
      const changelog = { path: path.resolve(api.changelog), date, ...(note ? { note } : {}) };
      const result = await pullApi({
        id: api.id,
        url,
        vendoredPath: path.resolve(api.vendored),
        check,
        renderable: renderingNotices,
        changelog,
        limits: fetchLimitsFrom(process.env),
        vet: (document) => recipeProblems(recipes, api.id, document),
      });
      console.log(result.report);
      if (result.problems.length > 0) {
        recipesBroken = true;
        console.error(
          `[openapi] ${api.id}: ${result.problems.length} recipe problem(s) against the fetched document; the build stops on them until the recipe or the document is fixed:\n${result.problems.map((line) => `  - ${line}`).join('\n')}`,
        );
      }
      if (result.entry) console.log(`[openapi] ${api.id}: recorded entry ${result.entry.id} in ${api.changelog}.`);
      differs ||= result.differs;
      if (!result.differs) console.log(`[openapi] ${api.id}: the vendored ${api.vendored} is up to date.`);
      else if (result.written) console.log(`[openapi] ${api.id}: replaced ${api.vendored}.`);
      else console.log(`[openapi] ${api.id}: ${api.vendored} differs from the remote document (--check: not changed).`);
    } catch (error) {
      failed = true;
      console.error(
        `[openapi] ${api.id}: could not use ${url}: ${error instanceof Error ? error.message : String(error)}. ${api.vendored} is unchanged.`,
      );
    }
  }
  if (failed) return 2;
  return (check && differs) || recipesBroken ? 1 : 0;
}

/** The site's recipes; none, with the reason, when one cannot be read (the build names it too). */
function readRecipes(): LoadedRecipe[] {
  try {
    return loadRecipes(process.cwd(), openapiSource.apis);
  } catch (error) {
    console.error(`[openapi] the recipes are not checked: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/**
 * The problems of the recipes that call an API against its fetched document, the other APIs' documents being their
 * vendored copies: what the build would say once the document is vendored.
 */
function recipeProblems(recipes: readonly LoadedRecipe[], id: string, fetched: JsonObject): string[] {
  const concerned = recipes.filter((recipe) => Object.values(recipe.sources).includes(id));
  if (concerned.length === 0) return [];
  const documents = new Map(
    openapiSource.apis.map((api) => [
      api.id,
      api.id === id ? fetched : parseDocumentText(readFileSync(path.resolve(api.vendored), 'utf8')),
    ]),
  );
  return checkRecipes(concerned, documents);
}

// Every line this command prints may carry text from a remote document (names, URLs, error messages): control
// characters are shown, never sent to the terminal.
for (const method of ['log', 'error'] as const) {
  const write = console[method].bind(console);
  console[method] = (...args: unknown[]) =>
    write(...args.map((arg) => terminalText(typeof arg === 'string' ? arg : inspect(arg))));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[openapi]', error);
    process.exit(2);
  },
);
