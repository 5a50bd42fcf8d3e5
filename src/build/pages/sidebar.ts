import { isObject, text, type JsonObject } from '../../core/openapi/document';
import { schemaHomes, type OperationView, type SchemaView, type WebhookView } from '../../core/openapi/view';

export interface SidebarDoc {
  type: 'doc';
  id: string;
  label: string;
  className?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  collapsed: boolean;
  /** Its tag's calls and schemas, then the categories of the tags whose `parent` it is (OpenAPI 3.2). */
  items: (SidebarDoc | SidebarCategory)[];
  /** `lazyItems`: the browser's bundle loads the items with a page of the category (src/plugins/lazy-routes). */
  customProps: { lazyItems: true };
}

/** The pages of a category and of the categories nested in it, in order. */
export function categoryDocs(category: SidebarCategory): SidebarDoc[] {
  return category.items.flatMap((item) => (item.type === 'doc' ? [item] : categoryDocs(item)));
}

/** What a declared tag says of its place in the navigation (OpenAPI 3.2: `summary`, `parent`, `kind`). */
interface TagPlace {
  label: string;
  parent?: string;
  /** Whether the tag makes a sidebar category: 3.2's `kind` other than `nav` (a badge, an audience) does not. */
  navigates: boolean;
}

/**
 * The declared tags' places, by name. A `parent` counts only when it names another declared tag and following
 * parents never comes back to the tag (a loop is flattened, not followed).
 */
function tagPlaces(document: JsonObject): Map<string, TagPlace> {
  const declared = (Array.isArray(document.tags) ? document.tags : []).filter(isObject);
  const places = new Map<string, TagPlace>();
  for (const tag of declared) {
    const name = text(tag.name);
    if (!name || places.has(name)) continue;
    const kind = text(tag.kind);
    places.set(name, {
      label: text(tag.summary) || name,
      ...(text(tag.parent) ? { parent: text(tag.parent) } : {}),
      navigates: kind === '' || kind === 'nav',
    });
  }
  // Decided on the declared parents before any is dropped, so every tag of a loop loses its parent alike.
  const dropped = [...places].filter(([name, place]) => {
    if (place.parent === undefined) return false;
    const seen = new Set([name]);
    let parent: string | undefined = place.parent;
    while (parent !== undefined && places.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      parent = places.get(parent)?.parent;
    }
    return !places.has(place.parent) || (parent !== undefined && seen.has(parent));
  });
  for (const [, place] of dropped) delete place.parent;
  return places;
}

/**
 * The categories with each tag's category moved under its parent's (created when the parent has no calls of its
 * own), in the document's order: OpenAPI 3.2's nested navigation.
 */
function nestedCategories(
  categories: [string, SidebarCategory][],
  places: ReadonlyMap<string, TagPlace>,
): SidebarCategory[] {
  const byName = new Map(categories);
  const category = (name: string): SidebarCategory => {
    let found = byName.get(name);
    if (!found) {
      found = {
        type: 'category',
        label: places.get(name)?.label ?? name,
        collapsed: true,
        items: [],
        customProps: { lazyItems: true },
      };
      byName.set(name, found);
    }
    return found;
  };
  const nested = new Set<string>();
  // Children first into their parents, deepest last: a child's own children are already inside it.
  for (const [name] of categories) {
    const parent = places.get(name)?.parent;
    if (parent === undefined) continue;
    category(parent).items.push(category(name));
    nested.add(name);
  }
  const order = [...new Set([...places.keys(), ...categories.map(([name]) => name)])];
  return order
    .filter((name) => !nested.has(name) && byName.has(name))
    .map((name) => byName.get(name)!)
    .filter((each) => each.items.length > 0);
}

/** Sidebar label of the webhooks (OpenAPI 3.1 `webhooks`). */
export const webhooksLabel = 'Webhooks';

/** Sidebar label of the calls without a tag, and of the schemas no call uses. */
export const otherCallsLabel = 'Other calls';
export const otherSchemasLabel = 'Other schemas';

/**
 * Past this many calls without a tag, they are not one "Other calls" category but one per resource of their paths
 * (`resourceOf`). A category shows whole on each of its pages: Stripe's document (APIs.guru's copy) tags none of its
 * 452 calls, and the one category of 1,225 calls and schemas made each of its pages fetch the whole list (a call page
 * 1.41 times ours, measured) and each call's new summary render all of them again (a one-call change 0.87 of a cold
 * build; 0.71 grouped).
 */
export const untaggedCallsInOneCategory = 50;

/**
 * The resource a call without a tag is listed under: its path (without a `#` or `?` part: AWS's documents name their
 * calls `/#Action=AttachInstances`) up to the first segment that is neither a version (`v1`, `v2.1`, `2`,
 * `2013-04-01`), `api` nor a parameter: `/v1/accounts/{account}/persons` is under `/v1/accounts`.
 */
export function resourceOf(path: string): string {
  const kept: string[] = [];
  for (const segment of path
    .split(/[#?]/)[0]
    .split('/')
    .filter((part) => part !== '')) {
    kept.push(segment);
    const version = /^v?\d+([._-]\d+)*$/i.test(segment);
    if (!/^\{.*\}$/.test(segment) && !version && segment.toLowerCase() !== 'api') break;
  }
  return `/${kept.join('/')}`;
}

/** Methods with a badge of their own in the sidebar (src/css/custom.css); any other (3.2's `COPY`) shows OTHER. */
const badgedMethods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace', 'query']);

/**
 * One API's sidebar: one category per tag, in the document's order, holding the tag's calls and then the schemas
 * those calls name, each with the schemas of its fields that no call names (`schemaHomes`: Stripe's `customer` beside
 * the customer calls); the schemas no call uses last; many calls without a tag are grouped by resource
 * (`untaggedCallsInOneCategory`). A page's sidebar opens one tag's calls and objects, so its HTML stays the same size
 * as the API grows; one category of every schema made each schema page carry the whole list, and the build's bytes
 * grow with the square of the API.
 */
export function referenceSidebar(
  document: JsonObject,
  pages: { operations: OperationView[]; webhooks: WebhookView[]; schemas: SchemaView[] },
  docIdPrefix: string,
): SidebarCategory[] {
  const { operations, webhooks, schemas } = pages;
  const docId = (slug: string) => `${docIdPrefix}/${slug}`;
  const places = tagPlaces(document);
  const declaredTags = [...places.keys()];
  const tagOrder = [...new Set([...declaredTags, ...operations.flatMap((view) => view.tags)])].filter(
    (tag) => tag !== '' && places.get(tag)?.navigates !== false,
  );
  // A call's category is its first tag that navigates (a 3.2 badge or audience tag does not).
  const tagOf = (view: OperationView) => view.tags.find((tag) => tag !== '' && places.get(tag)?.navigates !== false);
  // Many calls without one: a category per resource, named by its path, keyed apart from any tag of the same name.
  const untagged = operations.filter((view) => tagOf(view) === undefined);
  const resourceKey = (view: OperationView) => `\0${resourceOf(view.path)}`;
  // One resource for them all (AWS's query calls, a `/rest-service` prefix) stays "Other calls".
  const allResources = [...new Set(untagged.map(resourceKey))];
  const byResource = untagged.length > untaggedCallsInOneCategory && allResources.length > 1;
  const categoryOf = (view: OperationView) => tagOf(view) ?? (byResource ? resourceKey(view) : otherCallsLabel);
  const resources = byResource ? allResources : [];
  const homeOf = new Map(operations.map((view) => [view.slug, categoryOf(view)]));
  const items = new Map<string, SidebarDoc[]>(
    [...tagOrder, ...resources, otherCallsLabel, webhooksLabel, otherSchemasLabel].map((label) => [label, []]),
  );
  for (const view of operations) {
    items.get(categoryOf(view))?.push({
      type: 'doc',
      id: docId(view.slug),
      label: view.summary,
      className: `api-method api-method--${badgedMethods.has(view.method) ? view.method : 'other'}`,
    });
  }
  for (const webhook of webhooks) {
    items.get(webhooksLabel)?.push({
      type: 'doc',
      id: docId(webhook.slug),
      label: webhook.name,
      className: 'api-method api-method--webhook',
    });
  }
  // Each used schema beside the call that names it (schemaHomes says why not its first user at any depth).
  const userOf = schemaHomes(document);
  for (const view of schemas) {
    const user = userOf.get(view.name);
    const home = (user === undefined ? undefined : homeOf.get(user)) ?? otherSchemasLabel;
    items.get(home)?.push({ type: 'doc', id: docId(view.slug), label: view.name, className: 'api-schema' });
  }
  return nestedCategories(
    [...items].map(([name, docs]): [string, SidebarCategory] => [
      name,
      {
        type: 'category',
        label: places.get(name)?.label ?? name.replace(/^\0/, ''),
        collapsed: true,
        items: docs,
        customProps: { lazyItems: true },
      },
    ]),
    places,
  );
}
