import { httpMethods, isObject, resolvedObject, text, type JsonObject } from '../document';
import { callById, sentRequestView } from './operations';
import { kebabCase, operationSlug } from './slugs';
import type { Provenance, ProvenancePart, WebhookView } from './types';

/** A subscription type a document lists (`x-webhook-subscription-types`): the scopes an application picks from. */
export interface SubscriptionTypeView {
  id: string;
  name: string;
  provenance?: Provenance;
  scopes: { name: string; description: string }[];
}

const provenanceParts: readonly ProvenancePart[] = ['event', 'subscriptionTypes', 'payload'];

function provenanceOf(value: unknown): Provenance | undefined {
  return value === 'documented' || value === 'modelled' ? value : undefined;
}

/**
 * The subscription types of a document (this portal's root extension `x-webhook-subscription-types`): entries
 * without an id are dropped, a repeated id keeps its first entry. A document without it has none.
 */
export function subscriptionTypes(document: JsonObject): SubscriptionTypeView[] {
  const raw = document['x-webhook-subscription-types'];
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  return raw.flatMap((entry): SubscriptionTypeView[] => {
    if (!isObject(entry)) return [];
    const id = text(entry.id);
    if (!id || seen.has(id)) return [];
    seen.add(id);
    const provenance = provenanceOf(entry.provenance);
    return [
      {
        id,
        name: text(entry.name) || id,
        ...(provenance ? { provenance } : {}),
        scopes: (Array.isArray(entry.scopes) ? entry.scopes : []).flatMap((scope) =>
          isObject(scope) && text(scope.name) ? [{ name: text(scope.name), description: text(scope.description) }] : [],
        ),
      },
    ];
  });
}

/**
 * The requests an API sends to the reader's server unprompted (OpenAPI 3.1's `webhooks`): each method of each
 * webhook a view of its own, built as a call's is, so a page shows its payload and the answers it expects with the
 * components of a call. Pages live under `webhooks/`, one per webhook and method, named after the webhook.
 *
 * Three extensions of this portal's documents add what OpenAPI has no field for, and are read when present:
 * `x-subscription-types` (who can subscribe to the event), `x-provenance` (what the provider documents and what is
 * modelled) and `x-fetch` (the call that fetches the whole object). Anything else in them is ignored.
 */
export function webhookViews(document: JsonObject, api: string): WebhookView[] {
  const webhooks = isObject(document.webhooks) ? document.webhooks : {};
  const types = new Map(subscriptionTypes(document).map((type) => [type.id, type.name]));
  const taken = new Set<string>();
  return Object.entries(webhooks).flatMap(([name, raw]) => {
    const item = resolvedObject(document, raw);
    if (!item) return [];
    const methods = httpMethods.filter((method) => isObject(item[method]));
    return methods.map((method): WebhookView => {
      const base = kebabCase(methods.length > 1 ? `${name}-${method}` : name) || 'webhook';
      let slug = base;
      for (let count = 2; taken.has(slug); count += 1) slug = `${base}-${count}`;
      taken.add(slug);
      const operation = item[method] as JsonObject;
      const view = sentRequestView(document, api, name, method, operation);
      const provenance = isObject(operation['x-provenance']) ? operation['x-provenance'] : {};
      const fetchId = text(operation['x-fetch']);
      const fetch = fetchId ? callById(document, fetchId) : undefined;
      const subscribed = Array.isArray(operation['x-subscription-types']) ? operation['x-subscription-types'] : [];
      return {
        name,
        slug: `webhooks/${slug}`,
        operation: { ...view, slug: `webhooks/${slug}` },
        subscriptionTypes: [...new Set(subscribed.map((id) => text(id)).filter(Boolean))].map((id) => ({
          id,
          name: types.get(id) ?? id,
        })),
        provenance: Object.fromEntries(
          provenanceParts.flatMap((part) => {
            const value = provenanceOf(provenance[part]);
            return value ? [[part, value]] : [];
          }),
        ),
        ...(fetch
          ? {
              fetch: {
                slug: operationSlug(document, fetch),
                method: fetch.method,
                path: fetch.path,
                summary: text(fetch.operation.summary) || `${fetch.method.toUpperCase()} ${fetch.path}`,
              },
            }
          : {}),
      };
    });
  });
}
