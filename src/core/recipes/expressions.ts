import type { ArazzoValue } from './types';

/**
 * Arazzo 1.0.1 runtime expressions (https://spec.openapis.org/arazzo/v1.0.1#runtime-expressions) and `simple`
 * criteria, read by a small parser of their own.
 *
 * Why hand-written: Redocly's runner (respect-core) turns a condition into JavaScript and evaluates it, which a page
 * must not do with a document's text, and the page's CSP forbids anyway. The maintained parsers found do not fit:
 * `jsep` (only a transitive dependency here) reads JavaScript's grammar, in which `$response.body#/items/0` is no
 * token; `@swaggerexpert/arazzo-runtime-expression` validates the ABNF of one expression but evaluates nothing and
 * reads no condition. The grammar of a `simple` condition is a dozen lines, in conditions.ts.
 */

/** Everything an expression can read at the point it is evaluated. */
export interface ExpressionContext {
  url?: string;
  method?: string;
  statusCode?: number;
  request?: {
    /** Header names in lower case: HTTP header names are case-insensitive. */
    headers: Record<string, string>;
    /** The values the step gave, as given (a number stays a number, as Redocly keeps them). */
    query: Record<string, unknown>;
    path: Record<string, unknown>;
    body?: unknown;
  };
  response?: { headers: Record<string, string>; body?: unknown };
  inputs: Record<string, unknown>;
  steps: Record<string, { outputs: Record<string, unknown> }>;
  workflows: Record<string, { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }>;
  /** Of a step that calls a workflow: that workflow's outputs, for the step's own `outputs` to map. */
  outputs?: Record<string, unknown>;
}

/** An expression or condition this runner cannot read: it names where, so a recipe's author can fix it. */
export class ExpressionError extends Error {}

/** The value a JSON pointer (RFC 6901) names inside a value; undefined when nothing is there. */
export function pointerValue(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  if (!pointer.startsWith('/')) throw new ExpressionError(`the JSON pointer ${pointer} does not begin with /`);
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      current = current[Number(key)];
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, key)) {
      current = (current as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return current;
}

/**
 * A name read into a record: the whole name when it is a key (output names may hold dots), else its first dotted
 * part and the rest inside that (`$inputs.payload.match_id`, as Redocly reads it).
 */
function dotted(record: unknown, name: string): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return undefined;
  const object = record as Record<string, unknown>;
  if (Object.hasOwn(object, name)) return object[name];
  const dot = name.indexOf('.');
  if (dot < 0) return undefined;
  const head = name.slice(0, dot);
  return Object.hasOwn(object, head) ? dotted(object[head], name.slice(dot + 1)) : undefined;
}

/** A record's own field: a name such as `constructor` reads nothing inherited. */
function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** `name#/pointer` split at the first `#`. */
function withPointer(text: string): { name: string; pointer?: string } {
  const hash = text.indexOf('#');
  return hash < 0 ? { name: text } : { name: text.slice(0, hash), pointer: text.slice(hash + 1) };
}

function read(value: unknown, pointer: string | undefined): unknown {
  return pointer === undefined ? value : pointerValue(value, pointer);
}

const stepOrWorkflowId = /^([A-Za-z0-9_-]+)\.(outputs|inputs)\.(.+)$/;

/** Whether a text is one runtime expression as a whole (`$inputs.x`), not a literal or a string with `{$…}`. */
export function isRuntimeExpression(text: string): boolean {
  return /^\$(url|method|statusCode|request\.|response\.|inputs\.|outputs\.|steps\.|workflows\.)/.test(text);
}

/** The value of one runtime expression (`$response.body#/items/0/id`); undefined when it names nothing there. */
export function evaluateExpression(expression: string, context: ExpressionContext): unknown {
  if (expression === '$url') return context.url;
  if (expression === '$method') return context.method;
  if (expression === '$statusCode') return context.statusCode;
  let match: RegExpExecArray | null;
  // A header, query or path name is read whole: `#` may be part of a header's name, and no pointer follows one.
  if ((match = /^\$request\.(header|query|path)\.(.+)$/.exec(expression))) {
    const request = context.request;
    if (!request) return undefined;
    if (match[1] === 'header') return own(request.headers, match[2].toLowerCase());
    return own(match[1] === 'query' ? request.query : request.path, match[2]);
  }
  if ((match = /^\$response\.header\.(.+)$/.exec(expression))) {
    return own(context.response?.headers ?? {}, match[1].toLowerCase());
  }
  const { name: head, pointer } = withPointer(expression);
  if (head === '$request.body') return read(context.request?.body, pointer ?? '');
  if (head === '$response.body') return read(context.response?.body, pointer ?? '');
  if ((match = /^\$inputs\.(.+)$/.exec(head))) return read(dotted(context.inputs, match[1]), pointer);
  if ((match = /^\$outputs\.(.+)$/.exec(head))) return read(dotted(context.outputs ?? {}, match[1]), pointer);
  if ((match = /^\$steps\.(.+)$/.exec(head))) {
    const parts = stepOrWorkflowId.exec(match[1]);
    if (!parts || parts[2] !== 'outputs') {
      throw new ExpressionError(`${expression} does not read $steps.<stepId>.outputs.<name>`);
    }
    const step = own(context.steps, parts[1]) as { outputs?: unknown } | undefined;
    return read(dotted(step?.outputs, parts[3]), pointer);
  }
  if ((match = /^\$workflows\.(.+)$/.exec(head))) {
    const parts = stepOrWorkflowId.exec(match[1]);
    if (!parts) throw new ExpressionError(`${expression} does not read $workflows.<workflowId>.outputs.<name>`);
    const workflow = own(context.workflows, parts[1]) as ExpressionContext['workflows'][string] | undefined;
    return read(dotted(parts[2] === 'outputs' ? workflow?.outputs : workflow?.inputs, parts[3]), pointer);
  }
  throw new ExpressionError(`${expression} is not a runtime expression this runner reads`);
}

/** A value as it goes into a string: text as it is, anything else as JSON, nothing as an empty string. */
export function embedded(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A parameter value or request body with its expressions evaluated: a string that is one expression becomes its
 * value (of any type); `{$…}` inside a string is replaced by the value's text; objects and lists are walked.
 */
export function evaluateValue(value: ArazzoValue | undefined, context: ExpressionContext): unknown {
  if (typeof value === 'string') {
    if (isRuntimeExpression(value)) return evaluateExpression(value, context);
    if (!value.includes('{$')) return value;
    return value.replace(/\{(\$[^{}]+)\}/g, (_whole, expression: string) =>
      embedded(evaluateExpression(expression, context)),
    );
  }
  if (Array.isArray(value)) return value.map((item) => evaluateValue(item, context));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, evaluateValue(item, context)]));
  }
  return value;
}
