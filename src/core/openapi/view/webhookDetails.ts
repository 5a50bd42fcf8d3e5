import { isObject, listOperations, resolvedObject, text, type JsonObject } from '../document';
import { operationSlug } from './slugs';
import type { Provenance, ProvenancePart, WebhookDetails, WebhookView } from './types';

/*
 * What this portal's extensions say about webhooks, beyond OpenAPI: `x-webhook-subscription-types` (the document's
 * subscription types and their scopes) and, on each webhook, `x-subscription-types` (which types deliver it),
 * `x-provenance` (what the provider documents and what is modelled) and `x-fetch` (the call that fetches the whole
 * object). Read where well formed, ignored where not. A module of its own, read at build time and by the single-page
 * references, so the code every operation page loads does not carry it.
 */

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

/** The details of one webhook view: empty where the document says nothing. */
export function webhookDetails(document: JsonObject, view: WebhookView): WebhookDetails {
  const types = new Map(subscriptionTypes(document).map((type) => [type.id, type.name]));
  const webhooks = isObject(document.webhooks) ? document.webhooks : {};
  const item = resolvedObject(document, webhooks[view.name]);
  const raw = item?.[view.operation.method];
  const operation = isObject(raw) ? raw : {};
  const provenance = isObject(operation['x-provenance']) ? operation['x-provenance'] : {};
  const fetchId = text(operation['x-fetch']);
  const fetch = fetchId ? listOperations(document).find((ref) => ref.operation.operationId === fetchId) : undefined;
  const subscribed = Array.isArray(operation['x-subscription-types']) ? operation['x-subscription-types'] : [];
  return {
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
}

/** The views with their details: what the webhook pages, the webhooks page and the single-page references show. */
export function withWebhookDetails(document: JsonObject, views: WebhookView[]): WebhookView[] {
  return views.map((view) => ({ ...view, details: webhookDetails(document, view) }));
}
