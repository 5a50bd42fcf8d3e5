import { isObject, resolveRef, text, type JsonObject } from '../document';
import type { ParameterView, SecurityView } from './types';
import { flattenSchema } from './flatten';
import { constraintsOf } from './schemaTree';
import { typeLabel, typeNames } from './typeLabels';

/** A parameter's media type (`content`, which 3.2's `querystring` parameters use): its schema and example. */
function parameterMedia(document: JsonObject, parameter: JsonObject): JsonObject | undefined {
  if (!isObject(parameter.content)) return undefined;
  const [first] = Object.values(parameter.content);
  return first === undefined ? undefined : resolveRef<JsonObject>(document, first);
}

export function parameterView(document: JsonObject, parameter: JsonObject): ParameterView {
  const whole = parameter.in === 'querystring';
  const media = parameterMedia(document, parameter);
  // The whole query string is typed as text (`game=cs2&limit=5`), whatever shape its schema gives the pairs.
  const schema = whole ? {} : flattenSchema(document, parameter.schema ?? media?.schema ?? {});
  const [first] = typeNames(schema).filter((type) => type !== 'null');
  const baseType = (
    ['integer', 'number', 'boolean', 'array'].includes(first) ? first : 'string'
  ) as ParameterView['baseType'];
  const view: ParameterView = {
    ...constraintsOf(document, schema),
    name: text(parameter.name),
    in: (['path', 'query', 'querystring', 'header', 'cookie'].includes(text(parameter.in))
      ? text(parameter.in)
      : 'query') as ParameterView['in'],
    required: parameter.required === true || parameter.in === 'path',
    deprecated: parameter.deprecated === true,
    description: text(parameter.description),
    type: typeLabel(document, parameter.schema ?? {}, schema),
    baseType,
    // An array in a query is exploded by default (OpenAPI's `form` style); `explode: false` makes it comma-separated.
    explode: parameter.explode !== false,
  };
  if (baseType === 'array') {
    const items = flattenSchema(document, schema.items ?? {});
    const [itemType] = typeNames(items);
    view.itemsType = (
      ['integer', 'number', 'boolean'].includes(itemType) ? itemType : 'string'
    ) as ParameterView['itemsType'];
  }
  if ('example' in parameter) view.example = parameter.example;
  else if ('example' in schema) view.example = schema.example;
  else if (media && 'example' in media) view.example = media.example;
  // A query string's example as the text it travels as: an object of pairs is form-encoded.
  if (whole && isObject(view.example)) {
    view.example = new URLSearchParams(
      Object.entries(view.example).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    ).toString();
  }
  if (whole && !view.type) view.type = 'query string';
  return view;
}

/**
 * OpenAPI: a header parameter named `Accept`, `Content-Type` or `Authorization` "SHALL be ignored" (those come from
 * the media types and the security schemes). Honouring it also keeps a document from declaring a parameter the
 * explorer would merge into the reader's credential header.
 */
export function ignoredHeader(parameter: JsonObject): boolean {
  return (
    parameter.in === 'header' &&
    ['accept', 'content-type', 'authorization'].includes(text(parameter.name).toLowerCase())
  );
}

/**
 * A parameter that is where one of the call's security schemes puts its credential (Listen Notes declares its
 * `X-ListenAPI-Key` header both as a scheme and as a parameter of every call): the credential's own field sends it,
 * so the parameter is not offered, sampled or sent a second time. Header names compare without case, as HTTP does.
 */
export function carriesCredential(parameter: JsonObject, schemes: readonly SecurityView[]): boolean {
  const name = text(parameter.name);
  return schemes.some(({ placement }) => {
    if (!placement || placement.in !== parameter.in) return false;
    return placement.in === 'header' ? placement.name.toLowerCase() === name.toLowerCase() : placement.name === name;
  });
}
