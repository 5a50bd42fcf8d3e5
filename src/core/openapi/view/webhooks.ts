import { httpMethods, isObject, resolvedObject, type JsonObject } from '../document';
import { sentRequestView } from './operations';
import { kebabCase } from './slugs';
import type { WebhookView } from './types';

/**
 * The requests an API sends to the reader's server unprompted (OpenAPI 3.1's `webhooks`): each method of each
 * webhook a view of its own, built as a call's is, so a page shows its payload and the answers it expects with the
 * components of a call. Pages live under `webhooks/`, one per webhook and method, named after the webhook.
 * What this portal's extensions add to each (who receives it, what is documented) is read by webhookDetails.ts.
 */
export function webhookViews(document: JsonObject, api: string): WebhookView[] {
  const webhooks = isObject(document.webhooks) ? document.webhooks : {};
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
      const view = sentRequestView(document, api, name, method, item[method] as JsonObject);
      return { name, slug: `webhooks/${slug}`, operation: { ...view, slug: `webhooks/${slug}` } };
    });
  });
}
