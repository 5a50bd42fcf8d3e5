import {
  dereference,
  isObject,
  listOperations,
  operationParameters,
  text,
  resolveRef,
  type Json,
  type JsonObject,
} from './document';

/** One example in the document, with the schema it must satisfy and where it stands. */
export interface ExampleSite {
  where: string;
  schema: Json;
  value: Json;
}

function mediaTypeExamples(document: JsonObject, media: JsonObject, where: string): ExampleSite[] {
  const schema = dereference(document, media.schema ?? {});
  const sites: ExampleSite[] = [];
  if ('example' in media) sites.push({ where, schema, value: media.example ?? null });
  if (isObject(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const example = resolveRef<JsonObject>(document, raw);
      sites.push({ where: `${where} example ${name}`, schema, value: example.value ?? null });
    }
  }
  return sites;
}

/**
 * Every example a reader or the mock server will see: response and request-body examples and parameter examples,
 * each paired with its dereferenced schema.
 */
export function collectExamples(document: JsonObject): ExampleSite[] {
  const sites: ExampleSite[] = [];
  for (const ref of listOperations(document)) {
    const label = `${ref.method.toUpperCase()} ${ref.path}`;
    for (const parameter of operationParameters(document, ref)) {
      if ('example' in parameter) {
        sites.push({
          where: `${label} parameter ${text(parameter.name)}`,
          schema: dereference(document, parameter.schema ?? {}),
          value: parameter.example ?? null,
        });
      }
    }
    const body = ref.operation.requestBody ? resolveRef<JsonObject>(document, ref.operation.requestBody) : undefined;
    for (const [type, media] of Object.entries(isObject(body?.content) ? body.content : {})) {
      sites.push(...mediaTypeExamples(document, resolveRef<JsonObject>(document, media), `${label} request ${type}`));
    }
    const responses = isObject(ref.operation.responses) ? ref.operation.responses : {};
    for (const [code, raw] of Object.entries(responses)) {
      const response = resolveRef<JsonObject>(document, raw);
      for (const [type, media] of Object.entries(isObject(response.content) ? response.content : {})) {
        sites.push(...mediaTypeExamples(document, resolveRef<JsonObject>(document, media), `${label} ${code} ${type}`));
      }
    }
  }
  return sites;
}

/**
 * Makes every object schema that lists its properties reject unlisted ones, so an example cannot carry a field the
 * schema does not document. `allOf` parts are merged first, since closing each part alone would reject the others'
 * properties. Schemas that say `additionalProperties` keep what they say.
 */
export function closeObjectSchemas(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(closeObjectSchemas);
  if (!isObject(schema)) return schema;
  let current: JsonObject = schema;
  if (Array.isArray(current.allOf) && current.allOf.every(isObject)) {
    const { allOf, ...rest } = current;
    const parts = allOf;
    current = {
      ...rest,
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), rest.properties ?? {}) as JsonObject,
      required: [...new Set(parts.flatMap((part) => (Array.isArray(part.required) ? part.required : [])))],
    };
  }
  const closed = Object.fromEntries(Object.entries(current).map(([key, value]) => [key, closeObjectSchemas(value)]));
  if (isObject(current.properties) && !('additionalProperties' in current)) {
    closed.additionalProperties = false;
  }
  return closed;
}
