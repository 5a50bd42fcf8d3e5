import type { Json } from '../../openapi/document';
import type { CredentialPlacement, OperationView } from '../../openapi/view';
import type { SampleSettings } from '../../samples/settings';
import type { ConditionNode } from './conditionTree';

/**
 * The program model of a recipe: what every language writes out (shell.ts, node.ts, python.ts), compiled once from
 * the Arazzo document and the operations its steps call (compile.ts). Nothing in it is code: names, paths and
 * values stay data until a language quotes them.
 */

/**
 * Where a runtime expression reads, as the runner's context holds it (../expressions.ts): `inputs`, `steps` and
 * `workflows` everywhere; in a step that calls an operation its answer's `status` and `body` and the `query` and
 * `path` values it sent; in a step that calls a workflow, that workflow's `outputs`.
 */
export type CodeRoot = 'inputs' | 'steps' | 'workflows' | 'outputs' | 'status' | 'query' | 'path' | 'body';

/** A value a program computes: a literal, a read (a name or JSON pointer token at a time), text or a structure. */
export type CodeValue =
  | { kind: 'literal'; value: Json }
  | { kind: 'read'; root: CodeRoot; path: string[] }
  /** A string with `{$…}` in it: each part as text (nothing for a missing value, JSON for a structure). */
  | { kind: 'text'; parts: (string | CodeValue)[] }
  | { kind: 'list'; items: CodeValue[] }
  | { kind: 'object'; entries: [string, CodeValue][] };

/** A `simple` condition with its expressions compiled to reads. */
export type CodeCondition =
  | { kind: 'value'; value: CodeValue }
  | { kind: 'compare'; operator: string; left: CodeCondition; right: CodeCondition }
  | { kind: 'not'; operand: CodeCondition }
  | { kind: 'and' | 'or'; left: CodeCondition; right: CodeCondition };

export type { ConditionNode };

export interface CodeRequest {
  /** The source description the call belongs to: its base URL variable is the program's `base_url_<n>`. */
  source: string;
  method: string;
  operationId: string;
  /** The path as the document writes it (`/players/{player_id}`), for the comment. */
  template: string;
  /** Literal text, and path parameters (the placeholder is kept when the value is missing, as the runner does). */
  path: (string | { name: string; value: CodeValue })[];
  query: { name: string; value: CodeValue; explode: boolean }[];
  headers: { name: string; value: CodeValue }[];
  /** The credential each of the call's schemes sends, from the workflow's or step's `x-security`. */
  credentials: { placement: CredentialPlacement; value: CodeValue }[];
  body?: { contentType: string; value: CodeValue };
  /** Anything but GET, HEAD and OPTIONS: the program says the step writes. */
  writes: boolean;
}

export interface CodeAction {
  name: string;
  type: 'end' | 'goto';
  /** The step a goto goes to. */
  stepId?: string;
  criteria: CodeCondition[];
}

export interface CodeStep {
  id: string;
  description?: string;
  request?: CodeRequest;
  /** A step that runs a workflow: its id and the inputs it is given. */
  workflow?: { id: string; inputs: [string, CodeValue][] };
  /** The success criteria and their text; none: a call succeeds on a 2xx status, a workflow step when it ends. */
  criteria: CodeCondition[];
  criteriaText: string[];
  /** Undefined for a workflow step that maps none: it keeps that workflow's outputs. */
  outputs?: [string, CodeValue][];
  onSuccess: CodeAction[];
  onFailure: CodeAction[];
  /** The step after it, when no action leads elsewhere; none: the workflow ends. */
  next?: string;
}

export interface CodeInput {
  name: string;
  /** The environment variable it is read from when the command line names none: `RECIPE_PLAYER_ID`. */
  env: string;
  type?: string;
  required: boolean;
  /** A credential (`format: password`): read from its API's variable only (`ARENA_API_KEY`), never from the line. */
  credential?: string;
  default?: Json;
  /** The first of its schema's `examples`: what the program runs with when the reader gives nothing. */
  example?: Json;
}

export interface CodeWorkflow {
  id: string;
  summary?: string;
  inputs: CodeInput[];
  /** The inputs' defaults, applied to what a caller gives, and the required inputs, checked after. */
  defaults: [string, Json][];
  required: string[];
  steps: CodeStep[];
  outputs: [string, CodeValue][];
}

export interface CodeApi {
  source: string;
  baseUrlVariable: string;
  credentialVariable: string;
  /** The trusted production server the base URL defaults to (as the request samples' `sampleServer`). */
  server: string;
}

export interface RecipeProgram {
  /** The recipe's file, for the header comment and every message: `openapi/recipes/match-statistics.arazzo.yaml`. */
  file: string;
  title: string;
  summary?: string;
  apis: CodeApi[];
  /** Every workflow; the first is the one a program runs unless `--workflow` names another. */
  workflows: CodeWorkflow[];
}

/** What the generator is given of each source description: the API's sample settings and its operations. */
export interface RecipeCodeSource {
  settings: SampleSettings;
  operation: (operationId: string) => OperationView | undefined;
}

/** A part of a recipe no program can be written for: names the recipe, workflow and step, and stops the build. */
export class RecipeCodeError extends Error {
  override name = 'RecipeCodeError';
}
