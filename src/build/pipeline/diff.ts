import {
  componentSchemas,
  isObject,
  listOperations,
  operationParameters,
  text,
  type JsonObject,
} from '../../core/openapi/document';
import { bodySchemaName, fieldChanges, parameterChanges, requestBodyChanges, schemaOf } from './diffFields';
import { webhookChanges } from './diffWebhooks';

export { fieldsOf } from './diffFields';

export interface Change {
  /** Where: `GET /players/{player_id}/history` or `schema Player`. */
  where: string;
  what: string;
  breaking: boolean;
  /** What the change is about, for links to the reference: `GET /players`, a parameter or response of it… */
  operation?: string;
  parameter?: string;
  response?: string;
  /** …or a schema and one of its fields… */
  schema?: string;
  field?: string;
  /** …or a webhook (OpenAPI 3.1 `webhooks`), by name. */
  webhook?: string;
}

export interface DocumentDiff {
  addedOperations: string[];
  removedOperations: string[];
  changes: Change[];
}

function operationMap(document: JsonObject): Map<string, ReturnType<typeof listOperations>[number]> {
  return new Map(listOperations(document).map((ref) => [`${ref.method.toUpperCase()} ${ref.path}`, ref]));
}

/**
 * What changed between two OpenAPI documents, as a docs team reviewing a pull of the provider's document needs it:
 * operations added and removed, parameters added, removed and changed (limits, defaults, required, enums),
 * responses and schemas removed. A change that can break an existing client is flagged.
 */
export function diffDocuments(before: JsonObject, after: JsonObject): DocumentDiff {
  const beforeOps = operationMap(before);
  const afterOps = operationMap(after);
  const addedOperations = [...afterOps.keys()].filter((key) => !beforeOps.has(key));
  const removedOperations = [...beforeOps.keys()].filter((key) => !afterOps.has(key));
  const changes: Change[] = removedOperations.map((where) => ({
    where,
    operation: where,
    what: 'operation removed',
    breaking: true,
  }));

  for (const [where, afterRef] of afterOps) {
    const beforeRef = beforeOps.get(where);
    if (!beforeRef) continue;
    const key = (parameter: JsonObject) => `${text(parameter.in)}:${text(parameter.name)}`;
    const beforeParams = new Map(operationParameters(before, beforeRef).map((p) => [key(p), p]));
    const afterParams = new Map(operationParameters(after, afterRef).map((p) => [key(p), p]));
    for (const [id, parameter] of afterParams) {
      const previous = beforeParams.get(id);
      if (!previous) {
        changes.push({
          where,
          operation: where,
          parameter: text(parameter.name),
          what: `parameter ${text(parameter.name)} added${parameter.required === true ? ' (required)' : ''}`,
          breaking: parameter.required === true,
        });
      } else {
        changes.push(...parameterChanges(where, text(parameter.name), previous, parameter));
      }
    }
    for (const [id, parameter] of beforeParams) {
      if (!afterParams.has(id)) {
        const name = text(parameter.name);
        changes.push({ where, operation: where, parameter: name, what: `parameter ${name} removed`, breaking: true });
      }
    }
    if ((beforeRef.operation.deprecated === true) !== (afterRef.operation.deprecated === true)) {
      changes.push({
        where,
        operation: where,
        what: afterRef.operation.deprecated === true ? 'deprecated' : 'no longer deprecated',
        breaking: false,
      });
    }
    changes.push(...requestBodyChanges(where, before, beforeRef.operation, after, afterRef.operation));
    const beforeCodes = Object.keys(isObject(beforeRef.operation.responses) ? beforeRef.operation.responses : {});
    const afterCodes = Object.keys(isObject(afterRef.operation.responses) ? afterRef.operation.responses : {});
    for (const code of beforeCodes.filter((c) => !afterCodes.includes(c))) {
      const at = { where, operation: where, response: code };
      changes.push({ ...at, what: `response ${code} removed`, breaking: code.startsWith('2') });
    }
    for (const code of afterCodes.filter((c) => !beforeCodes.includes(c))) {
      changes.push({ where, operation: where, response: code, what: `response ${code} added`, breaking: false });
    }
    for (const code of afterCodes.filter((c) => c.startsWith('2') && beforeCodes.includes(c))) {
      const from = bodySchemaName(before, beforeRef.operation, code);
      const to = bodySchemaName(after, afterRef.operation, code);
      if (from === to) continue;
      const at = { where, operation: where, response: code };
      changes.push({ ...at, what: `response ${code} body: ${from ?? 'none'} -> ${to ?? 'none'}`, breaking: true });
    }
  }

  changes.push(...webhookChanges(before, after));

  const afterSchemas = new Set(Object.keys(componentSchemas(after)));
  const beforeSchemas = new Set(Object.keys(componentSchemas(before)));
  for (const name of beforeSchemas) {
    if (!afterSchemas.has(name))
      changes.push({ where: `schema ${name}`, schema: name, what: 'removed', breaking: true });
  }
  for (const name of afterSchemas) {
    if (!beforeSchemas.has(name))
      changes.push({ where: `schema ${name}`, schema: name, what: 'added', breaking: false });
    else changes.push(...fieldChanges(name, schemaOf(before, name), schemaOf(after, name)));
  }
  return { addedOperations, removedOperations, changes };
}

export function hasDifferences(diff: DocumentDiff): boolean {
  return diff.addedOperations.length > 0 || diff.changes.length > 0;
}

/** A readable report, one line per change, breaking ones marked. */
export function formatDiff(id: string, diff: DocumentDiff): string {
  const lines = [`${id}: ${diff.addedOperations.length} operation(s) added, ${diff.removedOperations.length} removed`];
  for (const operation of diff.addedOperations) lines.push(`  + ${operation}`);
  for (const change of diff.changes) {
    lines.push(`  ${change.breaking ? '! BREAKING' : '-'} ${change.where}: ${change.what}`);
  }
  const breaking = diff.changes.filter((change) => change.breaking).length;
  lines.push(`  ${breaking} breaking change(s)`);
  return lines.join('\n');
}
