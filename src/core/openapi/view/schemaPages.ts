import {
  isObject,
  componentSchemas,
  listOperations,
  resolveRef,
  text,
  type Json,
  type JsonObject,
  type OperationRef,
} from '../document';
import type { SchemaNode, SchemaSize, OperationView, SchemaView } from './types';
import { operationSlug, schemaSlug } from './slugs';
import { flattenSchema } from './flatten';
import { refName, schemaRef } from './schemaRefs';
import { schemaNode } from './schemaTree';

/**
 * The named schemas a value refers to directly: a named reference is noted and not followed. A walk with its own
 * stack that visits each object once: real documents nest deeper than the call stack allows, and a `$ref` into the
 * middle of a schema (`#/components/schemas/A/properties/b`) can lead back to where it started.
 */
function namesReferredBy(document: JsonObject, roots: Json[]): Set<string> {
  const found = new Set<string>();
  const seen = new WeakSet<object>();
  const stack = [...roots];
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const name = refName(value);
    if (name) found.add(name);
    else if (typeof value.$ref === 'string') stack.push(resolveRef(document, value));
    else for (const item of Object.values(value)) stack.push(item);
  }
  return found;
}

/**
 * Each named schema's direct references, worked out once per document. The calls' uses are walks over this graph of
 * names instead of over the schemas' JSON: Microsoft Graph beta's 22,361 calls each reach up to 1,350 of its 6,177
 * schemas, and walking the JSON again for each call took 36 s of its document step.
 */
const referenceGraphs = new WeakMap<JsonObject, Map<string, Set<string>>>();

/** Names of the component schemas one named schema refers to directly (from the graph, made once). */
function referencesOf(document: JsonObject, name: string): Set<string> {
  let graph = referenceGraphs.get(document);
  if (!graph) referenceGraphs.set(document, (graph = new Map<string, Set<string>>()));
  let next = graph.get(name);
  if (!next) graph.set(name, (next = namesReferredBy(document, [componentSchemas(document)[name] ?? null])));
  return next;
}

/** Names of the component schemas an operation's request body or responses name themselves (not through another). */
function schemasNamedBy(document: JsonObject, ref: Pick<OperationRef, 'operation'>): Set<string> {
  return namesReferredBy(document, [ref.operation.responses ?? null, ref.operation.requestBody ?? null]);
}

/**
 * Names of the component schemas an operation's request body or responses use, at any depth (the schemas those
 * reach, and so on).
 */
export function schemasUsedBy(document: JsonObject, ref: Pick<OperationRef, 'operation'>): Set<string> {
  const found = schemasNamedBy(document, ref);
  // `found` grows as it is read: a Set's iteration visits what is added during it.
  for (const name of found) {
    for (const reached of referencesOf(document, name)) found.add(reached);
  }
  return found;
}

/**
 * The call each schema the calls use is listed beside (its slug, by schema name): the first call, in the document's
 * order, whose request body or responses name it; a schema no call names, the call of the nearest schema that does
 * (breadth-first: a schema's fields' schemas sit beside it). Not the first call that reaches it at any depth: in a
 * dense document one call reaches most schemas (Stripe's `GET /v1/account` reaches 485 of its 775), and its one
 * sidebar category held all of them, 486 items, which each of its pages showed and a change to any of them rendered
 * again; `Customer` now sits with the customer calls. Schemas only webhooks use are absent.
 */
export function schemaHomes(document: JsonObject): Map<string, string> {
  const homes = new Map<string, string>();
  const queue: string[] = [];
  for (const ref of listOperations(document)) {
    const slug = operationSlug(document, ref);
    for (const name of schemasNamedBy(document, ref)) {
      if (homes.has(name)) continue;
      homes.set(name, slug);
      queue.push(name);
    }
  }
  // `queue` grows as it is read: an array's for-of visits what is pushed during it.
  for (const name of queue) {
    const home = homes.get(name)!;
    for (const reached of referencesOf(document, name)) {
      if (homes.has(reached)) continue;
      homes.set(reached, home);
      queue.push(reached);
    }
  }
  return homes;
}

/**
 * How many of the calls that use a schema its page lists, in the document's order; the page gives the whole count.
 * Microsoft Graph's error schema is used by every one of its 22,361 calls: listed whole, its page's data was 5.4 MB,
 * and no reader reads such a list. Each call's page links to the schemas it uses.
 */
export const usedByListed = 50;

function schemaExample(document: JsonObject, name: string, schema: JsonObject): Json | undefined {
  if ('example' in schema) return schema.example;
  const examples =
    isObject(document.components) && isObject(document.components.examples) ? document.components.examples : {};
  const example = examples[name];
  return isObject(example) && 'value' in example ? example.value : undefined;
}

export function schemaViews(document: JsonObject, api: string): SchemaView[] {
  const schemas = componentSchemas(document);
  // Each schema's users, built in one pass over the calls (a filter of every call for each schema was 138 million
  // lookups for Graph beta).
  const users = new Map<string, OperationRef[]>();
  for (const ref of listOperations(document)) {
    for (const name of schemasUsedBy(document, ref)) {
      const list = users.get(name);
      if (list) list.push(ref);
      else users.set(name, [ref]);
    }
  }
  return Object.entries(schemas).map(([name, raw]) => {
    const schema = flattenSchema(document, raw);
    const uses = users.get(name) ?? [];
    const view: SchemaView = {
      api,
      name,
      slug: schemaSlug(document, name),
      description: text(schema.description),
      root: schemaNode(document, raw, { expand: true }),
      usedBy: uses.slice(0, usedByListed).map((ref) => ({
        slug: operationSlug(document, ref),
        method: ref.method,
        path: ref.path,
        summary: text(ref.operation.summary),
      })),
      usedByCount: uses.length,
    };
    const example = schemaExample(document, name, schema);
    if (example !== undefined) view.example = example;
    return view;
  });
}

/** Names of the named schemas a tree of fields refers to, below its root. */
function namesIn(node: SchemaNode, found: Set<string>): void {
  for (const child of [...(node.children ?? []), ...(node.variants?.options ?? [])]) {
    if (child.schemaName) found.add(child.schemaName);
    namesIn(child, found);
  }
}

/**
 * The fields of every named schema an operation's parameters, body and responses reach, at any depth, keyed by
 * name: what the single-page reference carries (in slices, `referencedSchemaSteps`), where every call of the
 * document is on one page anyway. Each schema appears once, so cycles end. The generated pages carry only what they
 * show open (`schemaCatalog`).
 */
export function referencedSchemas(document: JsonObject, roots: SchemaNode[]): Record<string, SchemaNode> {
  const steps = referencedSchemaSteps(document, roots);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `referencedSchemas`' work, pausing after each schema, so the browser can build a large document's model in slices
 * (`referenceModelInSlices`): at 1,000 calls the schemas together took some 80 ms.
 */
export function* referencedSchemaSteps(
  document: JsonObject,
  roots: SchemaNode[],
): Generator<void, Record<string, SchemaNode>> {
  const result: Record<string, SchemaNode> = {};
  const pending = new Set<string>();
  for (const root of roots) {
    if (root.schemaName && !root.children && !root.variants) pending.add(root.schemaName);
    namesIn(root, pending);
  }
  while (pending.size > 0) {
    const [name] = pending;
    pending.delete(name);
    if (name in result) continue;
    const node = schemaNode(document, { $ref: schemaRef(name) }, { expand: true });
    result[name] = node;
    const more = new Set<string>();
    namesIn(node, more);
    for (const next of more) if (!(next in result)) pending.add(next);
    yield;
  }
  return result;
}

/**
 * The named schemas of a document for pages that carry only what they show: each schema's tree is made once, and a
 * named field that is not expanded gets the size of the schema it opens (`schemaSize`), so its button can say how
 * many fields it shows before they are fetched. Every page carrying all the schemas it reaches at any depth
 * (`referencedSchemas`) made Stripe's document (452 calls, 775 schemas, each reaching most others) 643 MB of pages,
 * 607 MB of it repeated schemas, and its build ran out of memory; with this, a page carries the trees it renders
 * open and each schema is written once, as a file the page fetches when the reader opens it.
 */
export interface SchemaCatalog {
  /** The expanded tree of a component schema, its named fields sized; undefined for a name the document lacks. */
  node(name: string): SchemaNode | undefined;
  /** Sizes every named field of a tree that is not expanded, in place, and returns the tree. */
  sized<T extends SchemaNode>(root: T): T;
  /** The trees a page shows open at its roots: each root that is only a reference, by name, sized. */
  rootSchemas(roots: readonly SchemaNode[]): Record<string, SchemaNode>;
}

export function schemaCatalog(document: JsonObject): SchemaCatalog {
  const schemas = componentSchemas(document);
  const nodes = new Map<string, SchemaNode | undefined>();
  const sizes = new Map<string, SchemaSize | undefined>();
  const bare = (name: string): SchemaNode | undefined => {
    if (!nodes.has(name))
      nodes.set(
        name,
        Object.hasOwn(schemas, name) ? schemaNode(document, { $ref: schemaRef(name) }, { expand: true }) : undefined,
      );
    return nodes.get(name);
  };
  const sizeOf = (name: string): SchemaSize | undefined => {
    if (!sizes.has(name)) {
      const node = bare(name);
      sizes.set(name, node && { fields: node.children?.length ?? 0, shapes: node.variants !== undefined });
    }
    return sizes.get(name);
  };
  const sized = <T extends SchemaNode>(root: T): T => {
    const stack: SchemaNode[] = [root];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (node.schemaName && !node.children && !node.variants) {
        const size = sizeOf(node.schemaName);
        if (size) node.schemaSize = size;
      }
      stack.push(...(node.children ?? []), ...(node.variants?.options ?? []));
    }
    return root;
  };
  const sizedNodes = new Set<string>();
  const node = (name: string): SchemaNode | undefined => {
    const found = bare(name);
    if (found && !sizedNodes.has(name)) {
      sizedNodes.add(name);
      sized(found);
    }
    return found;
  };
  return {
    node,
    sized,
    rootSchemas(roots) {
      const result: Record<string, SchemaNode> = {};
      for (const root of roots) {
        const name = root.schemaName;
        if (!name || root.children || root.variants || name in result) continue;
        const found = node(name);
        if (found) result[name] = found;
      }
      return result;
    },
  };
}

/** The schema trees of an operation's request body and responses, for `referencedSchemas`. */
export function operationSchemaRoots(view: OperationView): SchemaNode[] {
  const media = [...(view.requestBody?.contents ?? []), ...view.responses.flatMap((response) => response.contents)];
  return media.flatMap((item) => (item.schema ? [item.schema] : []));
}
