import { listOperations, type JsonObject } from '../../openapi/document';
import { operationView } from '../../openapi/view';
import type { SampleSettings } from '../../samples/settings';
import type { ArazzoDocument } from '../types';
import { compileRecipe } from './compile';
import type { RecipeCodeSource, RecipeProgram } from './model';
import { nodeProgram } from './node';
import { pythonProgram } from './python';
import { shellProgram } from './shell';

/*
 * A recipe as whole programs, one per language: the program model (compile.ts, model.ts) written out by shell.ts
 * (bash, curl and jq), node.ts (Node.js 18+, fetch) and python.ts (the standard library). Pure: the build writes them
 * into each recipe's page data (src/build/recipes/pages.ts), the page shows them, and
 * recipeCode.integration.test.ts runs every one against the mock and holds its outputs to the runner's.
 */

export { RecipeCodeError, type RecipeCodeSource, type RecipeProgram } from './model';
export { compileRecipe } from './compile';

export type RecipeCodeLanguage = 'shell' | 'node' | 'python';

export interface RecipeCode {
  language: RecipeCodeLanguage;
  /** The tab's label. */
  label: string;
  /** The highlighter's grammar. */
  prism: string;
  /** The file name the program is meant to be saved as: `player-match-history.sh`. */
  file: string;
  /** How to run it, as the header comment says. */
  command: string;
  code: string;
}

const languages: {
  language: RecipeCodeLanguage;
  label: string;
  prism: string;
  extension: string;
  runner: string;
  write: (program: RecipeProgram, header: string[]) => string;
}[] = [
  { language: 'shell', label: 'curl (bash)', prism: 'bash', extension: 'sh', runner: 'bash', write: shellProgram },
  { language: 'node', label: 'Node.js', prism: 'javascript', extension: 'mjs', runner: 'node', write: nodeProgram },
  { language: 'python', label: 'Python', prism: 'python', extension: 'py', runner: 'python3', write: pythonProgram },
];

/** The header comment: what the program does, where it came from, how to run it and what it reads. */
function header(program: RecipeProgram, command: string): string[] {
  const [first] = program.workflows;
  return [
    `${program.title}${program.summary ? `: ${program.summary}` : ''}`,
    `Generated from ${program.file} by the developer portal: change the recipe, not this program.`,
    `Run: ${command} [--workflow <id>] [--<input> <value>]... It runs the workflow ${first.id} unless --workflow names another (${program.workflows.map((workflow) => workflow.id).join(', ')}).`,
    `An input not given as --<name> <value> is read from its RECIPE_<NAME> variable (each workflow's comment names them), else it takes its default or its example. The credential is read from ${[...new Set(program.apis.map((api) => api.credentialVariable))].join(' or ')} only; each API's base URL from ${program.apis.map((api) => api.baseUrlVariable).join(', ')}, else its production server. It prints the workflow's outputs as JSON; a step that fails prints its status and answer and ends the program with exit code 1.`,
  ];
}

/** The programs of a recipe, in tab order. Throws a `RecipeCodeError` naming what no program can express. */
export function recipeCode(
  file: string,
  slug: string,
  document: ArazzoDocument,
  sources: Record<string, RecipeCodeSource>,
): RecipeCode[] {
  const program = compileRecipe(file, document, sources);
  return languages.map(({ language, label, prism, extension, runner, write }) => {
    const name = `${slug}.${extension}`;
    const command = `${runner} ${name}`;
    return { language, label, prism, file: name, command, code: write(program, header(program, command)) };
  });
}

/**
 * The generator's sources over resolved OpenAPI documents by source name, each call modelled by the site's
 * `operationView` (as the runner's `operationResolver`), with its API's sample settings.
 */
export function codeSources(
  sources: Record<string, { document: JsonObject; api: string; settings: SampleSettings }>,
): Record<string, RecipeCodeSource> {
  return Object.fromEntries(
    Object.entries(sources).map(([name, { document, api, settings }]) => {
      const operations = listOperations(document);
      return [
        name,
        {
          settings,
          operation: (operationId: string) => {
            const ref = operations.find((item) => item.operation.operationId === operationId);
            return ref ? operationView(document, api, ref) : undefined;
          },
        },
      ];
    }),
  );
}
