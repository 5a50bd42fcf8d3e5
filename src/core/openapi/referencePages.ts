import { positiveIntegerFrom } from '../env';
import {
  httpMethods,
  isObject,
  listOperations,
  pointerSegment,
  resolvedObject,
  resolvePointer,
  text,
  type Json,
  type JsonObject,
} from './document';
import { kebabCase, slugsOf, withSlugs } from './view/slugs';

/**
 * The single-page reference of a large API, split by tag. Past `defaultPageCalls` calls one page cannot hold them
 * all (Microsoft Graph v1.0's 11,422 calls made 11.5 MB of HTML and 229,640 DOM nodes, its first call in view at
 * 2.2 s): `/api/<api>` then lists the API's tags, and each tag gets a page of its own, `/api/<api>/<tag>`, with that
 * tag's calls in the single page's components. A tag page loads a document of its own in the browser (`tagSlice`:
 * the tag's calls and only the components they reach), not the whole document.
 */

/**
 * How many calls one single page holds before it is split by tag, unless `REFERENCE_PAGE_CALLS` says otherwise. The
 * single page renders its first 64 calls in full and sends the rest as summaries (`defaultFullCalls`); at 1,024
 * calls the page was 2.8 MB of HTML with 128 in full. Stripe's 519 calls stay one page; GitHub's 1,223 and past are
 * split.
 */
export const defaultPageCalls = 1000;

/** The call budget of one single page from `REFERENCE_PAGE_CALLS`; anything but a whole number above 0 is refused. */
export function pageCallsFrom(env: Record<string, string | undefined>): number {
  return positiveIntegerFrom(env, 'REFERENCE_PAGE_CALLS', defaultPageCalls, 'calls');
}

/** One tag's page of a split reference. */
export interface ReferenceTagPage {
  /** The page's last path segment: the tag's name in kebab case, unique among the API's tags. */
  slug: string;
  /** The tag's name; `undefined` for the calls without a tag (their page is `other-calls`). */
  tag: string | undefined;
  /** What the page is called: the tag's name, or `Other calls`. */
  name: string;
  description: string;
  calls: number;
}

/** The first tag of an operation, as the single page groups it (`referenceModel`). */
function firstTag(operation: JsonObject): string | undefined {
  if (!Array.isArray(operation.tags)) return undefined;
  return operation.tags.map((tag) => text(tag)).find(Boolean);
}

/**
 * The tag pages of a document, in the single page's order (its declared tags first, then tags only its calls name,
 * then the calls without a tag); a tag with no call gets no page.
 */
export function referenceTagPages(document: JsonObject): ReferenceTagPage[] {
  const counts = new Map<string | undefined, number>();
  for (const { operation } of listOperations(document)) {
    const tag = firstTag(operation);
    counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const declared = Array.isArray(document.tags)
    ? document.tags.filter(isObject).map((tag) => ({ name: text(tag.name), description: text(tag.description) }))
    : [];
  const names = [...new Set([...declared.map((tag) => tag.name), ...counts.keys()])];
  const ordered: (string | undefined)[] = names.filter((name) => name !== undefined && name !== '' && counts.has(name));
  if (counts.has(undefined)) ordered.push(undefined);
  const taken = new Set<string>();
  return ordered.map((tag) => {
    const base = tag === undefined ? 'other-calls' : kebabCase(tag) || 'tag';
    let slug = base;
    for (let count = 2; taken.has(slug); count += 1) slug = `${base}-${count}`;
    taken.add(slug);
    return {
      slug,
      tag,
      name: tag ?? 'Other calls',
      description: declared.find((entry) => entry.name === tag)?.description ?? '',
      calls: counts.get(tag) ?? 0,
    };
  });
}

/** The tag pages when the document has more calls than one page holds (`pageCallsFrom`); none otherwise. */
export function splitReference(document: JsonObject, pageCalls: number): ReferenceTagPage[] | undefined {
  return listOperations(document).length > pageCalls ? referenceTagPages(document) : undefined;
}

const methods = new Set<string>(httpMethods);

/** A local reference's segments, each decoded as `resolvePointer` reads them. */
function pointerSegments(pointer: string): string[] {
  return pointer.slice(2).split('/').map(pointerSegment);
}

/** Every local reference to a component (`#/components/...`) under a value. */
function componentRefs(value: Json | undefined, found: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) componentRefs(item, found);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/')) found.push(item);
      else componentRefs(item, found);
    }
  }
}

/** Sets an own property, whatever its name: `__proto__` from a document is a key like any other, never a prototype. */
function setOwn(target: JsonObject, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * How many values one slice copies out of the parts it leaves out before it leaves the remaining references as they
 * are: a hostile document whose references each point twice to the next level doubles at every level (its text
 * would be 2^40 values at 40 levels). Codat's shared parameters are a few dozen.
 */
export const maxInlinedValues = 200_000;

/**
 * Puts in place, in a value, each local reference to something other than a component (`#/paths/~1other/get/
 * parameters/0`, as Codat's documents share parameters between paths): the slice leaves most of the document's paths
 * out. Returns the same object when it holds none. A reference that cannot be followed, that comes back to itself, or
 * past `maxInlinedValues`, stays as it is (the pages then say it cannot be resolved, as for the whole document).
 */
class LocalTargets {
  private copied = 0;

  constructor(private readonly document: JsonObject) {}

  map(value: Json, trail: ReadonlySet<string> = new Set()): Json {
    if (trail.size > 0) this.copied += 1;
    if (Array.isArray(value)) {
      const items = value.map((item) => this.map(item, trail));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    if (!isObject(value)) return value;
    const ref = value.$ref;
    if (
      typeof ref === 'string' &&
      ref.startsWith('#/') &&
      !ref.startsWith('#/components/') &&
      !trail.has(ref) &&
      this.copied < maxInlinedValues
    ) {
      let target: Json | undefined;
      try {
        target = resolvePointer(this.document, ref);
      } catch {
        target = undefined;
      }
      if (target !== undefined) return this.map(target, new Set([...trail, ref]));
    }
    let changed = false;
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      const mapped = this.map(item, trail);
      if (mapped !== item) changed = true;
      setOwn(copy, key, mapped);
    }
    return changed ? copy : value;
  }
}

/**
 * A document of one tag's page: the calls whose first tag is `tag` (`undefined`: the calls without one), their path
 * items' shared fields, the document's info, servers and security, the tag itself, and of the components only those
 * the calls reach through references (and every security scheme, which calls name without one). Webhooks are left
 * out: the tag pages hold calls. A reference into what the slice leaves out (another path's parameter) is put in
 * place. The slice carries the whole document's page names for its calls and schemas (`withSlugs`; a page passes
 * them to the browser as `slugsOf`), so it links them as the whole document does. The single page builds the same
 * model from it as from the whole document, so the server renders the tag's page from this document and the browser
 * hydrates from it.
 */
export function tagSlice(document: JsonObject, tag: string | undefined): JsonObject {
  const targets = new LocalTargets(document);
  const paths: JsonObject = {};
  const source = isObject(document.paths) ? document.paths : {};
  for (const { path, method, operation } of listOperations(document)) {
    if (firstTag(operation) !== tag) continue;
    const item = source[path] as JsonObject;
    let kept = Object.hasOwn(paths, path) ? (paths[path] as JsonObject) : undefined;
    if (!kept) {
      // A path item that is a reference takes its shared fields from its target, as the whole document's calls do.
      const shared = typeof item.$ref === 'string' ? (resolvedObject(document, item) ?? {}) : item;
      kept = {};
      for (const [key, value] of Object.entries(shared)) {
        if (!methods.has(key) && key !== 'additionalOperations' && key !== '$ref')
          setOwn(kept, key, targets.map(value));
      }
      setOwn(paths, path, kept);
    }
    if (methods.has(method)) setOwn(kept, method, targets.map(operation));
    else {
      const additional = isObject(item.additionalOperations) ? item.additionalOperations : {};
      const key = Object.keys(additional).find((name) => additional[name] === operation);
      if (key !== undefined) {
        const own: JsonObject = isObject(kept.additionalOperations) ? kept.additionalOperations : {};
        setOwn(own, key, targets.map(operation));
        kept.additionalOperations = own;
      }
    }
  }
  // The components the calls reach, following references from each component taken to the ones it names.
  const components: JsonObject = {};
  const all = isObject(document.components) ? document.components : {};
  if (isObject(all.securitySchemes)) setOwn(components, 'securitySchemes', all.securitySchemes);
  const queue: string[] = [];
  componentRefs(paths, queue);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const [root, kind, name] = pointerSegments(queue.pop()!);
    if (root !== 'components' || kind === undefined || name === undefined) continue;
    const key = JSON.stringify([kind, name]);
    if (seen.has(key)) continue;
    seen.add(key);
    const group = Object.hasOwn(all, kind) ? all[kind] : undefined;
    if (!isObject(group) || !Object.hasOwn(group, name)) continue;
    const component = targets.map(group[name]);
    if (!Object.hasOwn(components, kind)) setOwn(components, kind, {});
    setOwn(components[kind] as JsonObject, name, component);
    componentRefs(component, queue);
  }
  const slice: JsonObject = {};
  for (const [key, value] of Object.entries(document)) {
    if (key === 'paths') setOwn(slice, key, paths);
    else if (key === 'components') setOwn(slice, key, components);
    else if (key === 'tags')
      setOwn(
        slice,
        key,
        Array.isArray(value) ? value.filter((entry) => isObject(entry) && text(entry.name) === tag) : [],
      );
    else if (key !== 'webhooks' && key !== 'x-tagGroups') setOwn(slice, key, value);
  }
  if (!Object.hasOwn(slice, 'paths')) setOwn(slice, 'paths', paths);
  withSlugs(slice, slugsOf(document, slice));
  return slice;
}
