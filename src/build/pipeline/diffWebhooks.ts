import { isObject, resolveRef, text, type JsonObject } from '../../core/openapi/document';
import type { Change } from './diff';

/** A document's webhooks: each name's first operation, resolved. */
function webhookMap(document: JsonObject): Map<string, JsonObject> {
  const webhooks = isObject(document.webhooks) ? document.webhooks : {};
  return new Map(
    Object.entries(webhooks).flatMap(([name, raw]) => {
      const item = resolveRef<JsonObject>(document, raw);
      const operation = isObject(item) ? Object.values(item).find(isObject) : undefined;
      return operation ? [[name, operation] as [string, JsonObject]] : [];
    }),
  );
}

function subscribedTypes(operation: JsonObject): string[] {
  const types = operation['x-subscription-types'];
  return Array.isArray(types) ? types.map((type) => text(type)).filter(Boolean) : [];
}

/**
 * What changed in the events an integrator's endpoint receives: a webhook added or removed (removed breaks a handler
 * that waits for it), and the subscription types that deliver one (one fewer breaks a subscription of that type).
 * Changes to a payload's fields are its schema's, found with the other schemas.
 */
export function webhookChanges(before: JsonObject, after: JsonObject): Change[] {
  const from = webhookMap(before);
  const to = webhookMap(after);
  const changes: Change[] = [];
  for (const name of from.keys()) {
    if (!to.has(name))
      changes.push({ where: `webhook ${name}`, webhook: name, what: 'webhook removed', breaking: true });
  }
  for (const [name, operation] of to) {
    const previous = from.get(name);
    if (!previous) {
      changes.push({ where: `webhook ${name}`, webhook: name, what: 'webhook added', breaking: false });
      continue;
    }
    const was = subscribedTypes(previous);
    const is = subscribedTypes(operation);
    if (was.join(',') !== is.join(',')) {
      changes.push({
        where: `webhook ${name}`,
        webhook: name,
        what: `delivered to: ${was.join(', ') || 'none'} -> ${is.join(', ') || 'none'}`,
        breaking: was.some((type) => !is.includes(type)),
      });
    }
  }
  return changes;
}
