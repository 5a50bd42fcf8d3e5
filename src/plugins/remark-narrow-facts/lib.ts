/**
 * A guide imports an API's facts file (`import data from '@site/.generated/facts/data-v4.json'`) to show figures
 * and link calls, and the bundler ships the whole file with the guide: every call and its paging limits, so a guide's
 * JavaScript grew with the API (34 KB of facts at today's size, 300 KB at 16 times it). A guide needs a few of them:
 * the summary (base URL, credential, errors, counts) and the calls it names in `<CallLink>` and `<PagingFigure>`.
 * These functions find what a page uses and cut the facts down to it; the page then imports that cut instead.
 * Whatever cannot be read with certainty (the name used in an expression, an unknown component given the calls)
 * keeps the whole file.
 */
import type { ApiFacts } from '../../core/openapi/facts';

/** The facts files' import path prefix, as pages write it. */
export const factsImportPrefix = '@site/.generated/facts/';

/** What a page uses of one imported facts file: `all`, or the calls and paging entries it names. */
export type FactsNeeds = 'all' | { calls: { path: string; method: string }[]; paging: string[] };

interface Attribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface Node {
  type: string;
  name?: string | null;
  value?: unknown;
  attributes?: Attribute[];
  children?: Node[];
  data?: { estree?: { body?: EstreeNode[] } };
}

interface EstreeNode {
  type: string;
  source?: { value?: unknown; raw?: string };
  specifiers?: { type: string; local?: { name?: string } }[];
}

/** Components whose use of `facts` reads only the summary, and those that name one call. */
const summaryComponents = new Set(['AtAGlance', 'ErrorTable', 'ErrorDescription', 'BodyLimit', 'EnvSetup']);

function stringAttribute(node: Node, name: string): string | undefined {
  const attribute = node.attributes?.find((candidate) => candidate.name === name);
  return typeof attribute?.value === 'string' ? attribute.value : undefined;
}

function expressionOf(attribute: Attribute): string | undefined {
  const value = attribute.value as { type?: string; value?: unknown } | undefined;
  return value?.type === 'mdxJsxAttributeValueExpression' && typeof value.value === 'string'
    ? value.value.trim()
    : undefined;
}

/** The names of an array of plain names (`[data, chat]`), or undefined for any other expression. */
function namesList(expression: string): string[] | undefined {
  const match = /^\[([\w$\s,]*)\]$/.exec(expression);
  const names = match?.[1].split(',').map((name) => name.trim());
  return names?.every((name) => /^[A-Za-z_$][\w$]*$/.test(name)) ? names : undefined;
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  node.children?.forEach((child) => walk(child, visit));
}

/** The facts imports of a page: local name → import path (`data` → `@site/.generated/facts/data-v4.json`). */
export function factsImports(tree: unknown): Map<string, string> {
  const imports = new Map<string, string>();
  walk(tree as Node, (node) => {
    if (node.type !== 'mdxjsEsm') return;
    for (const statement of node.data?.estree?.body ?? []) {
      const source = statement.source?.value;
      if (statement.type !== 'ImportDeclaration' || typeof source !== 'string') continue;
      if (!source.startsWith(factsImportPrefix)) continue;
      const [specifier] = statement.specifiers ?? [];
      const local = specifier?.local?.name;
      if (statement.specifiers?.length === 1 && specifier.type === 'ImportDefaultSpecifier' && local) {
        imports.set(local, source);
      }
    }
  });
  return imports;
}

/** What the page uses of the facts imported as `name`. */
export function factsNeeds(tree: unknown, name: string): FactsNeeds {
  const calls: { path: string; method: string }[] = [];
  const paging: string[] = [];
  // A name after a dot (`x.data`) counts too: a false match only keeps the whole file.
  const word = new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
  let all = false;
  walk(tree as Node, (node) => {
    if (all) return;
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes ?? []) {
        const expression = attribute.type === 'mdxJsxAttribute' ? expressionOf(attribute) : undefined;
        if (attribute.type === 'mdxJsxExpressionAttribute' && typeof attribute.value === 'string') {
          if (word.test(attribute.value)) all = true;
          continue;
        }
        if (expression === undefined || !word.test(expression)) continue;
        const component = node.name ?? '';
        // A summary component given a list of whole names (`apis={[data, chat]}`) reads each name's summary only.
        if (summaryComponents.has(component) && namesList(expression)?.includes(name)) continue;
        // Only `facts={name}` (or `data={name}`…) as a whole is understood; `{name.paging}` and the like keep all.
        if (expression !== name) {
          all = true;
          continue;
        }
        const path = stringAttribute(node, 'path');
        if (component === 'CallLink' && path) calls.push({ path, method: stringAttribute(node, 'method') ?? 'get' });
        else if (component === 'PagingFigure' && path) paging.push(path);
        else if (!summaryComponents.has(component)) all = true;
      }
      return;
    }
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      if (typeof node.value === 'string' && word.test(node.value)) all = true;
      return;
    }
    if (node.type === 'mdxjsEsm' && typeof node.value === 'string') {
      // The import itself names it; any other statement using it keeps all.
      const others = node.value
        .split('\n')
        .filter((line) => !/^\s*import\s/.test(line))
        .join('\n');
      if (word.test(others)) all = true;
    }
  });
  return all ? 'all' : { calls, paging };
}

/** The facts cut down to what a page needs: the summary, and only the named calls and paging entries. */
export function narrowFacts(facts: ApiFacts, needs: FactsNeeds): ApiFacts {
  if (needs === 'all') return facts;
  const wanted = (call: { path: string; method: string }) =>
    needs.calls.some((need) => need.path === call.path && need.method === call.method);
  return {
    ...facts,
    operations: facts.operations
      .map((group) => ({ ...group, calls: group.calls.filter(wanted) }))
      .filter((group) => group.calls.length > 0),
    paging: facts.paging.filter((entry) => needs.paging.includes(entry.path)),
  };
}

/** Points a page's facts import at another file (the cut), in the MDX node's text and its syntax tree alike. */
export function redirectImport(tree: unknown, from: string, to: string): void {
  walk(tree as Node, (node) => {
    if (node.type !== 'mdxjsEsm') return;
    let changed = false;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type === 'ImportDeclaration' && statement.source?.value === from) {
        statement.source.value = to;
        statement.source.raw = JSON.stringify(to);
        changed = true;
      }
    }
    if (changed && typeof node.value === 'string') node.value = node.value.split(from).join(to);
  });
}
