import { componentSchemas, isObject, resolveRef, text, type Json, type JsonObject } from '../../core/openapi/document';
import type { Change } from './diff';

const limitKeys = ['minimum', 'maximum', 'default', 'minLength', 'maxLength', 'type', 'format'] as const;

function show(value: Json | undefined): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}

/**
 * A parameter's changes (required, limits, default, type, enum) as a client meets them; a request body's field is
 * compared by the same rule, so one that narrows breaks as a parameter would.
 */
export function parameterChanges(where: string, name: string, before: JsonObject, after: JsonObject): Change[] {
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
export function requestBodyChanges(
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

export function schemaOf(document: JsonObject, name: string): JsonObject {
  const schema = componentSchemas(document)[name];
  return isObject(schema) ? schema : {};
}

/** The schema named by a response's JSON body, or a short description of an inline one. */
export function bodySchemaName(document: JsonObject, operation: JsonObject, code: string): string | undefined {
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
export function fieldChanges(name: string, before: JsonObject, after: JsonObject): Change[] {
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
