import {
  isObject,
  listOperations,
  operationParameters,
  text,
  type Json,
  type JsonObject,
} from '../../../lib/openapi/document';

export interface Change {
  /** Where: `GET /players/{player_id}/history` or `schema Player`. */
  where: string;
  what: string;
  breaking: boolean;
}

export interface DocumentDiff {
  addedOperations: string[];
  removedOperations: string[];
  changes: Change[];
}

const limitKeys = ['minimum', 'maximum', 'default', 'minLength', 'maxLength', 'type', 'format'] as const;

function show(value: Json | undefined): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}

function operationMap(document: JsonObject): Map<string, ReturnType<typeof listOperations>[number]> {
  return new Map(listOperations(document).map((ref) => [`${ref.method.toUpperCase()} ${ref.path}`, ref]));
}

function parameterChanges(where: string, name: string, before: JsonObject, after: JsonObject): Change[] {
  const changes: Change[] = [];
  const wasRequired = before.required === true;
  const isRequired = after.required === true;
  if (wasRequired !== isRequired) {
    changes.push({
      where,
      what: `${name} is ${isRequired ? 'now required' : 'no longer required'}`,
      breaking: isRequired,
    });
  }
  const beforeSchema = isObject(before.schema) ? before.schema : {};
  const afterSchema = isObject(after.schema) ? after.schema : {};
  for (const key of limitKeys) {
    const from = beforeSchema[key];
    const to = afterSchema[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    const narrowed =
      (key === 'maximum' || key === 'maxLength'
        ? typeof to === 'number' && (typeof from !== 'number' || to < from)
        : key === 'minimum' || key === 'minLength'
          ? typeof to === 'number' && (typeof from !== 'number' || to > from)
          : key === 'type' || key === 'format') ?? false;
    changes.push({ where, what: `${name} ${key}: ${show(from)} -> ${show(to)}`, breaking: narrowed });
  }
  const beforeEnum = Array.isArray(beforeSchema.enum) ? beforeSchema.enum.map((v) => JSON.stringify(v)) : undefined;
  const afterEnum = Array.isArray(afterSchema.enum) ? afterSchema.enum.map((v) => JSON.stringify(v)) : undefined;
  if (JSON.stringify(beforeEnum) !== JSON.stringify(afterEnum)) {
    const removed = (beforeEnum ?? []).filter((value) => afterEnum !== undefined && !afterEnum.includes(value));
    changes.push({
      where,
      what: `${name} enum: ${beforeEnum?.join(', ') ?? 'none'} -> ${afterEnum?.join(', ') ?? 'none'}`,
      breaking: removed.length > 0 || (beforeEnum === undefined && afterEnum !== undefined),
    });
  }
  return changes;
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
  const changes: Change[] = removedOperations.map((where) => ({ where, what: 'operation removed', breaking: true }));

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
          what: `parameter ${text(parameter.name)} added${parameter.required === true ? ' (required)' : ''}`,
          breaking: parameter.required === true,
        });
      } else {
        changes.push(...parameterChanges(where, text(parameter.name), previous, parameter));
      }
    }
    for (const [id, parameter] of beforeParams) {
      if (!afterParams.has(id))
        changes.push({ where, what: `parameter ${text(parameter.name)} removed`, breaking: true });
    }
    if ((beforeRef.operation.deprecated === true) !== (afterRef.operation.deprecated === true)) {
      changes.push({
        where,
        what: afterRef.operation.deprecated === true ? 'deprecated' : 'no longer deprecated',
        breaking: false,
      });
    }
    const beforeCodes = Object.keys(isObject(beforeRef.operation.responses) ? beforeRef.operation.responses : {});
    const afterCodes = Object.keys(isObject(afterRef.operation.responses) ? afterRef.operation.responses : {});
    for (const code of beforeCodes.filter((c) => !afterCodes.includes(c))) {
      changes.push({ where, what: `response ${code} removed`, breaking: code.startsWith('2') });
    }
    for (const code of afterCodes.filter((c) => !beforeCodes.includes(c))) {
      changes.push({ where, what: `response ${code} added`, breaking: false });
    }
  }

  const schemaNames = (document: JsonObject) =>
    Object.keys(
      isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {},
    );
  const afterSchemas = new Set(schemaNames(after));
  const beforeSchemas = new Set(schemaNames(before));
  for (const name of beforeSchemas) {
    if (!afterSchemas.has(name)) changes.push({ where: `schema ${name}`, what: 'removed', breaking: true });
  }
  for (const name of afterSchemas) {
    if (!beforeSchemas.has(name)) changes.push({ where: `schema ${name}`, what: 'added', breaking: false });
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
