import {
  httpMethods,
  isObject,
  listOperations,
  pointerSegment,
  resolvedObject,
  text,
  type Json,
  type JsonObject,
  type OperationRef,
} from '../document';
import type { LinkView } from './types';
import { operationSlug } from './slugs';

/** The document's calls by operationId, found once per document: every response link looks one up. */
const callsById = new WeakMap<JsonObject, Map<string, OperationRef>>();

function callById(document: JsonObject, operationId: string): OperationRef | undefined {
  let calls = callsById.get(document);
  if (!calls) {
    calls = new Map();
    for (const ref of listOperations(document)) {
      const id = text(ref.operation.operationId);
      if (id && !calls.has(id)) calls.set(id, ref);
    }
    callsById.set(document, calls);
  }
  return calls.get(operationId);
}

/** The call an `operationRef` names, when it points into this document's paths (`#/paths/~1users~1{id}/get`). */
function callByRef(document: JsonObject, operationRef: string): OperationRef | undefined {
  const match = /^#\/paths\/([^/]+)\/([a-z]+)$/.exec(operationRef);
  if (!match) return undefined;
  const path = pointerSegment(match[1]);
  const method = httpMethods.find((candidate) => candidate === match[2]);
  return listOperations(document).find((ref) => ref.path === path && ref.method === method);
}

export function linkViews(document: JsonObject, links: Json | undefined): LinkView[] {
  if (!isObject(links)) return [];
  return Object.entries(links).flatMap(([name, raw]): LinkView[] => {
    const link = resolvedObject(document, raw);
    if (!link) return [];
    const operationId = text(link.operationId);
    const operationRef = text(link.operationRef);
    const ref = operationId
      ? callById(document, operationId)
      : operationRef
        ? callByRef(document, operationRef)
        : undefined;
    const parameters = isObject(link.parameters)
      ? Object.entries(link.parameters).map(([parameter, value]) => ({
          name: parameter,
          value: typeof value === 'string' ? value : JSON.stringify(value),
        }))
      : [];
    return [
      {
        name,
        description: text(link.description),
        ...(ref
          ? {
              target: {
                slug: operationSlug(document, ref),
                method: ref.method,
                path: ref.path,
                summary: text(ref.operation.summary) || `${ref.method.toUpperCase()} ${ref.path}`,
              },
            }
          : { unresolved: operationId || operationRef || name }),
        parameters,
      },
    ];
  });
}
