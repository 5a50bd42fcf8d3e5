import type { Json } from '../../openapi/document';
import { isRuntimeExpression } from '../expressions';
import type { ArazzoAction, ArazzoDocument, ArazzoStep, ArazzoValue, ArazzoWorkflow } from '../types';
import { conditionTree, type ConditionNode } from './conditionTree';
import type { CodeAction, CodeCondition, CodeRoot, CodeValue } from './model';

/**
 * The values, conditions and actions of a recipe compiled to the program model: each runtime expression to a read
 * of the runner's context (../expressions.ts), each `simple` condition to its tree (conditionTree.ts), and anything
 * the programs do not write out to the reason, given to `fail`, which names the recipe, workflow and step.
 */

/** Where an expression is read: the roots the runner's context has there. */
export type Scope = 'workflow' | 'call' | 'called';
const rootsOf: Record<Scope, CodeRoot[]> = {
  workflow: ['inputs', 'steps', 'workflows'],
  call: ['inputs', 'steps', 'workflows', 'status', 'query', 'path', 'body'],
  called: ['inputs', 'steps', 'workflows', 'outputs'],
};

function pointerTokens(pointer: string | undefined, fail: (reason: string) => never): string[] {
  if (pointer === undefined || pointer === '') return [];
  if (!pointer.startsWith('/')) fail(`the JSON pointer ${pointer} does not begin with /`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** A name read into a record, as the runner's `dotted` reads it: whole when it is a known key, else at its dot. */
function names(name: string, known: readonly string[], what: string, fail: (reason: string) => never): string[] {
  if (known.includes(name)) return [name];
  const dot = name.indexOf('.');
  const head = dot < 0 ? name : name.slice(0, dot);
  if (!known.includes(head)) fail(`reads ${what} ${name}, which is not there`);
  const rest = name.slice(dot + 1);
  // Deeper, the runner tries the whole rest as a key before its dots; a program cannot know the keys beforehand.
  if (dot >= 0 && rest.includes('.')) fail(`reads ${what} ${name}: a name with more than one dot is not written out`);
  return dot < 0 ? [name] : [head, rest];
}

export interface Context {
  workflow: ArazzoWorkflow;
  document: ArazzoDocument;
  fail: (reason: string) => never;
}

function read(expression: string, scope: Scope, context: Context): CodeValue {
  const { fail, workflow, document } = context;
  const hash = expression.indexOf('#');
  const head = hash < 0 ? expression : expression.slice(0, hash);
  const pointer = pointerTokens(hash < 0 ? undefined : expression.slice(hash + 1), fail);
  let value: { root: CodeRoot; path: string[] } | undefined;
  let match: RegExpExecArray | null;
  if (expression === '$statusCode') value = { root: 'status', path: [] };
  else if ((match = /^\$request\.(query|path)\.(.+)$/.exec(expression)))
    value = { root: match[1] as 'query' | 'path', path: [match[2]] };
  else if (head === '$response.body') value = { root: 'body', path: pointer };
  else if ((match = /^\$inputs\.(.+)$/.exec(head))) {
    const known = Object.keys(workflow.inputs?.properties ?? {});
    value = { root: 'inputs', path: [...names(match[1], known, 'the input', fail), ...pointer] };
  } else if ((match = /^\$outputs\.(.+)$/.exec(head))) value = { root: 'outputs', path: [match[1], ...pointer] };
  else if ((match = /^\$steps\.([A-Za-z0-9_-]+)\.outputs\.(.+)$/.exec(head))) {
    const step = workflow.steps.find((candidate) => candidate.stepId === match![1]);
    if (!step) return fail(`reads ${expression}, but the workflow has no step ${match[1]}`);
    const known = Object.keys(step.outputs ?? {});
    const output = step.outputs ? names(match[2], known, `an output of ${step.stepId}`, fail) : [match[2]];
    value = { root: 'steps', path: [match[1], 'outputs', ...output, ...pointer] };
  } else if ((match = /^\$workflows\.([A-Za-z0-9_-]+)\.(outputs|inputs)\.(.+)$/.exec(head))) {
    if (!document.workflows.some((candidate) => candidate.workflowId === match![1]))
      fail(`reads ${expression}, but the recipe has no workflow ${match[1]}`);
    value = { root: 'workflows', path: [match[1], match[2], match[3], ...pointer] };
  }
  if (!value) return fail(`reads ${expression}, which no program here writes out`);
  if (!rootsOf[scope].includes(value.root)) fail(`reads ${expression} where the step has no such value`);
  return { kind: 'read', ...value };
}

/** A parameter value, body or output with its expressions, as the runner's `evaluateValue` reads it. */
export function valueOf(value: ArazzoValue | undefined, scope: Scope, context: Context): CodeValue {
  if (typeof value === 'string') {
    if (isRuntimeExpression(value)) return read(value, scope, context);
    if (!value.includes('{$')) return { kind: 'literal', value };
    const parts: (string | CodeValue)[] = [];
    let at = 0;
    for (const match of value.matchAll(/\{(\$[^{}]+)\}/g)) {
      if (match.index > at) parts.push(value.slice(at, match.index));
      parts.push(read(match[1], scope, context));
      at = match.index + match[0].length;
    }
    if (at < value.length) parts.push(value.slice(at));
    return { kind: 'text', parts };
  }
  if (Array.isArray(value)) return { kind: 'list', items: value.map((item) => valueOf(item, scope, context)) };
  if (value !== null && typeof value === 'object') {
    return {
      kind: 'object',
      entries: Object.entries(value).map(([key, item]) => [key, valueOf(item, scope, context)]),
    };
  }
  return { kind: 'literal', value: value ?? null };
}

function conditionOf(node: ConditionNode, scope: Scope, context: Context): CodeCondition {
  if (node.kind === 'literal') return { kind: 'value', value: { kind: 'literal', value: node.value as Json } };
  if (node.kind === 'expression') return { kind: 'value', value: read(node.text, scope, context) };
  if (node.kind === 'not') return { kind: 'not', operand: conditionOf(node.operand, scope, context) };
  return {
    ...node,
    left: conditionOf(node.left, scope, context),
    right: conditionOf(node.right, scope, context),
  };
}

export function criteriaOf(step: ArazzoStep, criteria: ArazzoStep['successCriteria'], scope: Scope, context: Context) {
  return (criteria ?? []).map((criterion) => {
    const type = typeof criterion.type === 'object' ? criterion.type.type : (criterion.type ?? 'simple');
    if (type !== 'simple') context.fail(`a ${type} criterion is not written out (only simple conditions are)`);
    let tree: ConditionNode;
    try {
      tree = conditionTree(criterion.condition);
    } catch (error) {
      return context.fail(error instanceof Error ? error.message : String(error));
    }
    return conditionOf(tree, scope, context);
  });
}

export function actionsOf(step: ArazzoStep, actions: ArazzoAction[], scope: Scope, context: Context): CodeAction[] {
  return actions.map((action) => {
    if (action.type === 'retry') context.fail(`the action ${action.name} retries, which no program here writes out`);
    if (action.type === 'goto' && action.stepId === undefined)
      context.fail(`the action ${action.name} goes to a workflow, which no program here writes out`);
    if (action.type === 'goto' && !context.workflow.steps.some((candidate) => candidate.stepId === action.stepId))
      context.fail(`the action ${action.name} goes to no step ${String(action.stepId)}`);
    return {
      name: action.name,
      type: action.type,
      ...(action.stepId !== undefined ? { stepId: action.stepId } : {}),
      criteria: criteriaOf(step, action.criteria, scope, context),
    };
  });
}
