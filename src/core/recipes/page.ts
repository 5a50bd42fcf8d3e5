import type { SecurityView } from '../openapi/view';
import type { RecipeCode } from './code';
import type { ArazzoDocument } from './types';

/**
 * What a recipe's page shows, written by the build (src/build/recipes/pages.ts) into one JSON file per recipe that
 * the page imports: the recipe as the reader meets it, with each call already found in the document this build
 * renders (its page, method and path). Descriptions are Markdown, parsed at build time (`markdown`), so the page
 * ships no parser.
 */
export interface RecipePage {
  /** The page's name and the recipe file's without `.arazzo.yaml`: `player-match-history`. */
  slug: string;
  /** The recipe's file in the repository: `openapi/recipes/player-match-history.arazzo.yaml`. */
  file: string;
  title: string;
  summary?: string;
  description?: string;
  /** The APIs the recipe calls, by the source name its steps use. */
  apis: Record<string, RecipeApiView>;
  workflows: RecipeWorkflowView[];
  /** The recipe itself, for the runner (src/core/recipes/runner.ts) that will run it in the page. */
  document: ArazzoDocument;
  /**
   * The whole recipe as a program in each language (bash with curl and jq, Node.js, Python), written at build time
   * by src/core/recipes/code: the page's "Run it as code" tabs.
   */
  code: RecipeCode[];
  /** Parsed descriptions (src/core/markdown), by key, for the page's `Markdown`. */
  markdown: Record<string, unknown>;
}

export interface RecipeApiView {
  id: string;
  title: string;
  /** Route of the API's generated pages: `/docs/data-api`. */
  linkBase: string;
  credentialVariable: string;
  baseUrlVariable: string;
  /** The API's local mock, and the origins a run may send to and sign in on: the API's own hosts and its mock. */
  mockUrl: string;
  trustedOrigins: string[];
  signInOrigins: string[];
  /**
   * The server a run on production sends to: the document's first server on the API's own hosts (as the runner
   * picks it, src/components/RecipeRunner/session.ts), so a sign-in before the run is for that server.
   */
  productionUrl?: string;
}

export interface RecipeWorkflowView {
  id: string;
  /** The anchor of the workflow's heading: `workflow-player-match-history`. */
  anchor: string;
  summary?: string;
  description?: string;
  inputs: RecipeInputView[];
  /** The workflow as a Mermaid flowchart: its steps, the goto edges, its ends (`flowchart`). */
  diagram: string;
  steps: RecipeStepView[];
  outputs: { name: string; value: string }[];
}

export interface RecipeInputView {
  name: string;
  /** `string`, `integer (1 to 100)`, `string, password`. */
  type: string;
  required: boolean;
  description?: string;
  /** The first example, as JSON when it is not a string. */
  example?: string;
  default?: string;
  /** A credential (`format: password`): shown as a placeholder, never as an example value. */
  secret: boolean;
  /**
   * The OAuth2 scheme the input is the token of (the workflow's `x-security`), as Try it shows it, with the scopes
   * the workflow's calls ask for: the runner offers Try it's sign-in for it. Only for a scheme with a flow Try it runs.
   */
  signIn?: SecurityView;
}

export interface RecipeStepView {
  id: string;
  anchor: string;
  description?: string;
  /** The operation the step calls, as found in the resolved document. */
  call?: { api: string; operationId: string; method: string; path: string; summary?: string; href: string };
  /** The workflow the step runs instead, by id and heading anchor. */
  workflow?: { id: string; anchor: string };
  /** What the step sends: each parameter with the value or expression it takes. */
  parameters: { name: string; in?: string; value: string }[];
  body?: { contentType?: string; payload: string };
  /** What the step keeps for the steps after it. */
  outputs: { name: string; value: string }[];
  /** The conditions its answer must meet to count as success. */
  success: string[];
  onSuccess: RecipeActionView[];
  onFailure: RecipeActionView[];
  /** Where the run goes when no action's criteria match: the next step's id, or none (the workflow ends). */
  then?: { id: string; anchor: string };
}

export interface RecipeActionView {
  name: string;
  type: 'end' | 'goto' | 'retry';
  /** The step (of the same workflow) or workflow a goto leads to. */
  target?: { label: string; anchor: string; stepId?: string };
  criteria: string[];
  retryAfter?: number;
  retryLimit?: number;
}

/** The recipes' index page: each recipe's page, title and summary, in file-name order. */
export interface RecipeIndexEntry {
  slug: string;
  /** The page's route: `/getting-started/recipes/player-match-history`. */
  href: string;
  title: string;
  summary?: string;
  /** The APIs it calls, by title. */
  apis: string[];
  steps: number;
}

/**
 * Whether a step's actions always decide where the run goes: an action without criteria applies whenever it is
 * reached (Arazzo 1.0.1: the first action whose criteria are met is taken), so nothing comes after it.
 */
export function decides(actions: readonly RecipeActionView[]): boolean {
  return actions.some((action) => action.criteria.length === 0);
}

/** The anchor of a workflow's heading, and of a step's under it. */
export function workflowAnchor(workflowId: string): string {
  return `workflow-${kebab(workflowId)}`;
}

export function stepAnchor(workflowId: string, stepId: string): string {
  return `step-${kebab(workflowId)}-${kebab(stepId)}`;
}

function kebab(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/**
 * A node's or edge's text for Mermaid: in a quoted label only `"` and the entity ampersand mean something, so both
 * become entity codes; line breaks become spaces. Recipe text is the repository's own, but a step's path comes from
 * the API's document, so nothing is passed through as markup.
 */
function label(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').replace(/[&"<>#]/g, (char) => `#${char.charCodeAt(0)};`);
}

/**
 * The workflow as a Mermaid flowchart, top to bottom: its inputs, each step (a call shows its method and path, a
 * workflow step is a subroutine box), the next step on success, every onSuccess and onFailure action as a labelled
 * edge (a goto to its step or workflow, an end to the end), and the end.
 */
export function flowchart(workflow: Pick<RecipeWorkflowView, 'inputs' | 'steps'>): string {
  const node = new Map(workflow.steps.map((step, index) => [step.id, `s${index}`]));
  const lines = ['flowchart TD'];
  const inputs = workflow.inputs.map((input) => input.name).join(', ');
  lines.push(`  start(["${label(inputs ? `inputs: ${inputs}` : 'start')}"])`);
  for (const step of workflow.steps) {
    const id = node.get(step.id) ?? '';
    if (step.call) lines.push(`  ${id}["${label(`${step.id}: ${step.call.method} ${step.call.path}`)}"]`);
    else lines.push(`  ${id}[["${label(`${step.id}: workflow ${step.workflow?.id ?? ''}`)}"]]`);
  }
  lines.push('  done(["end"])');
  const workflows = new Map<string, string>();
  const targetOf = (action: RecipeActionView): string | undefined => {
    if (action.type === 'end') return 'done';
    if (action.type === 'retry') return undefined;
    if (!action.target) return undefined;
    const step = action.target.stepId === undefined ? undefined : node.get(action.target.stepId);
    if (step) return step;
    const known = workflows.get(action.target.label);
    if (known) return known;
    const id = `w${workflows.size}`;
    workflows.set(action.target.label, id);
    lines.push(`  ${id}[["${label(action.target.label)}"]]`);
    return id;
  };
  lines.push(`  start --> ${workflow.steps.length > 0 ? 's0' : 'done'}`);
  for (const step of workflow.steps) {
    const from = node.get(step.id) ?? '';
    for (const action of step.onSuccess) {
      const to = targetOf(action);
      if (to) lines.push(`  ${from} -->|"${label(action.name)}"| ${to}`);
      else lines.push(`  ${from} -->|"${label(`${action.name}: retry`)}"| ${from}`);
    }
    const next = step.then ? node.get(step.then.id) : 'done';
    if (!decides(step.onSuccess)) {
      lines.push(`  ${from} -->|"${step.onSuccess.length > 0 ? 'otherwise' : 'success'}"| ${next ?? 'done'}`);
    }
    for (const action of step.onFailure) {
      const to = targetOf(action);
      lines.push(`  ${from} -.->|"${label(`failure: ${action.name}`)}"| ${to ?? from}`);
    }
  }
  return lines.join('\n');
}
