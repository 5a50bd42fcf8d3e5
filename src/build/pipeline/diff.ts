import {
  componentSchemas,
  isObject,
  listOperations,
  operationParameters,
  resolveRef,
  text,
  type Json,
  type JsonObject,
} from '../../core/openapi/document';

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

const limitKeys = ['minimum', 'maximum', 'default', 'minLength', 'maxLength', 'type', 'format'] as const;

function show(value: Json | undefined): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}

function operationMap(document: JsonObject): Map<string, ReturnType<typeof listOperations>[number]> {
  return new Map(listOperations(document).map((ref) => [`${ref.method.toUpperCase()} ${ref.path}`, ref]));
}

function parameterChanges(where: string, name: string, before: JsonObject, after: JsonObject): Change[] {
  const at = { where, operation: where, parameter: name };
  const changes: Change[] = [];
  const wasRequired = before.required === true;
  const isRequired = after.required === true;
  if (wasRequired !== isRequired) {
    changes.push({
      ...at,
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
    changes.push({ ...at, what: `${name} ${key}: ${show(from)} -> ${show(to)}`, breaking: narrowed });
  }
  const beforeEnum = Array.isArray(beforeSchema.enum) ? beforeSchema.enum.map((v) => JSON.stringify(v)) : undefined;
  const afterEnum = Array.isArray(afterSchema.enum) ? afterSchema.enum.map((v) => JSON.stringify(v)) : undefined;
  if (JSON.stringify(beforeEnum) !== JSON.stringify(afterEnum)) {
    const removed = (beforeEnum ?? []).filter((value) => afterEnum !== undefined && !afterEnum.includes(value));
    changes.push({
      ...at,
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
function webhookChanges(before: JsonObject, after: JsonObject): Change[] {
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

/** An operation's request body, resolved: whether it is required, and the fields of its first media type's schema. */
function requestBodyOf(
  document: JsonObject,
  operation: JsonObject,
): { required: boolean; fields: Record<string, JsonObject>; requiredFields: Set<string> } | undefined {
  if (!isObject(operation.requestBody)) return undefined;
  const body = resolveRef<JsonObject>(document, operation.requestBody);
  const content = isObject(body.content) ? Object.values(body.content).filter(isObject) : [];
  const raw = content[0]?.schema;
  const schema = isObject(raw) ? resolveRef<JsonObject>(document, raw) : {};
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.filter(isObject) : [])].map((part) =>
    resolveRef<JsonObject>(document, part),
  );
  const fields: Record<string, JsonObject> = {};
  for (const part of parts) Object.assign(fields, fieldsOf(part));
  const requiredFields = new Set(
    parts.flatMap((part) => (Array.isArray(part.required) ? part.required.map((name) => text(name)) : [])),
  );
  return { required: body.required === true, fields, requiredFields };
}

/**
 * What a client that sends the request body breaks on: a body that is new and required, or newly required; a
 * required field it does not send; a field it sends that is gone or changed shape; a body the call no longer takes.
 * A new optional field, or a body or field that is no longer required, breaks nothing.
 */
function requestBodyChanges(
  where: string,
  before: JsonObject,
  beforeOperation: JsonObject,
  after: JsonObject,
  afterOperation: JsonObject,
): Change[] {
  const from = requestBodyOf(before, beforeOperation);
  const to = requestBodyOf(after, afterOperation);
  const at = { where, operation: where };
  if (!from && !to) return [];
  if (!from && to) {
    const what = `request body added${to.required ? ' (required)' : ''}`;
    return [{ ...at, what, breaking: to.required }];
  }
  if (from && !to) return [{ ...at, what: 'request body removed', breaking: true }];
  if (!from || !to) return [];
  const changes: Change[] = [];
  if (from.required !== to.required) {
    changes.push({
      ...at,
      what: `request body ${to.required ? 'now required' : 'no longer required'}`,
      breaking: to.required,
    });
  }
  for (const [field, value] of Object.entries(to.fields)) {
    const previous = from.fields[field];
    const required = to.requiredFields.has(field);
    if (!previous) {
      changes.push({
        ...at,
        what: `request body field ${field} added${required ? ' (required)' : ''}`,
        breaking: required,
      });
      continue;
    }
    const name = `request body field ${field}`;
    const reshaped = shapeOf(previous) !== shapeOf(value);
    if (reshaped) changes.push({ ...at, what: `${name}: ${shapeOf(previous)} -> ${shapeOf(value)}`, breaking: true });
    if (required !== from.requiredFields.has(field)) {
      changes.push({ ...at, what: `${name} ${required ? 'now required' : 'no longer required'}`, breaking: required });
    }
    // Its limits and enum, compared as a parameter's are; a field is no parameter, so the change names none.
    for (const { what, breaking } of parameterChanges(where, name, { schema: previous }, { schema: value })) {
      // A new type or format is the new shape, said once above.
      if (reshaped && (what.startsWith(`${name} type:`) || what.startsWith(`${name} format:`))) continue;
      changes.push({ ...at, what, breaking });
    }
  }
  for (const field of Object.keys(from.fields).filter((name) => !(name in to.fields))) {
    changes.push({ ...at, what: `request body field ${field} removed`, breaking: true });
  }
  return changes;
}

function schemaOf(document: JsonObject, name: string): JsonObject {
  const schema = componentSchemas(document)[name];
  return isObject(schema) ? schema : {};
}

/** The schema named by a response's JSON body, or a short description of an inline one. */
function bodySchemaName(document: JsonObject, operation: JsonObject, code: string): string | undefined {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const response = resolveRef<JsonObject>(document, responses[code] ?? null);
  const content = isObject(response.content) ? response.content : {};
  const media = content['application/json'];
  if (!isObject(media) || !isObject(media.schema)) return undefined;
  return typeof media.schema.$ref === 'string' ? media.schema.$ref.split('/').pop() : 'inline schema';
}

/** A schema's own fields, with those of the parts of an `allOf` it is made of. */
export function fieldsOf(schema: JsonObject): Record<string, JsonObject> {
  const parts = Array.isArray(schema.allOf) ? schema.allOf.filter(isObject) : [];
  const own = isObject(schema.properties) ? schema.properties : {};
  const fields: Record<string, JsonObject> = {};
  for (const part of parts) if (isObject(part.properties)) Object.assign(fields, part.properties);
  for (const [name, value] of Object.entries(own)) if (isObject(value)) fields[name] = value;
  return fields;
}

/** A field's shape in a few words: `string`, `date-time`, `Player` (a reference), `array of Player`, `map of string`. */
function shapeOf(field: JsonObject): string {
  if (typeof field.$ref === 'string') return field.$ref.split('/').pop() ?? 'object';
  if (field.type === 'array') return `array of ${shapeOf(isObject(field.items) ? field.items : {})}`;
  if (field.type === 'object' && isObject(field.additionalProperties))
    return `map of ${shapeOf(field.additionalProperties)}`;
  if (field.type === 'string' && typeof field.format === 'string' && field.format.startsWith('date'))
    return field.format;
  return typeof field.type === 'string'
    ? field.type
    : Array.isArray(field.type)
      ? field.type.map((type) => text(type)).join('|')
      : 'any';
}

/**
 * Field changes of a schema both documents have. The Data API's schemas describe responses, so a client breaks on a
 * field that disappears or changes shape, not on one that appears.
 */
function fieldChanges(name: string, before: JsonObject, after: JsonObject): Change[] {
  const where = `schema ${name}`;
  const from = fieldsOf(before);
  const to = fieldsOf(after);
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(to)) {
    const at = { where, schema: name, field };
    const previous = from[field];
    if (!previous) {
      changes.push({ ...at, what: `field ${field} added`, breaking: false });
      continue;
    }
    if (shapeOf(previous) !== shapeOf(value)) {
      changes.push({ ...at, what: `field ${field}: ${shapeOf(previous)} -> ${shapeOf(value)}`, breaking: true });
    }
    if ((previous.deprecated === true) !== (value.deprecated === true)) {
      const what = value.deprecated === true ? 'deprecated' : 'no longer deprecated';
      changes.push({ ...at, what: `field ${field} ${what}`, breaking: false });
    }
  }
  for (const field of Object.keys(from).filter((key) => !(key in to))) {
    changes.push({ where, schema: name, field, what: `field ${field} removed`, breaking: true });
  }
  return changes;
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
