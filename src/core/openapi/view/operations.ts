import {
  httpMethods,
  isObject,
  listOperations,
  operationParameters,
  resolvedObject,
  resolveRef,
  text,
  type Json,
  type JsonObject,
  type HttpMethod,
  type OperationRef,
} from '../document';
import { exampleOf } from '../synthesize';
import type { CallbackView, MediaView, OperationView } from './types';
import { operationSlug } from './slugs';
import { readDocumentSamples } from './documentSamples';
import { schemaNode } from './schemaTree';
import { carriesCredential, ignoredHeader, parameterView } from './parameterViews';
import { securityAlternatives } from './securityViews';
import { hostlessServers, serverViews } from './serverViews';
import { linkViews } from './linkViews';

function firstExample(document: JsonObject, media: JsonObject): Json | undefined {
  if ('example' in media) return media.example;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    if (first !== undefined) {
      const example = resolveRef<JsonObject>(document, first);
      if ('value' in example) return example.value;
    }
  }
  return undefined;
}

function mediaViews(document: JsonObject, content: Json | undefined): MediaView[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([contentType, raw]) => {
    const media = resolveRef<JsonObject>(document, raw);
    const view: MediaView = { contentType };
    if (media.schema !== undefined) view.schema = schemaNode(document, media.schema, { expand: true });
    else if (media.itemSchema !== undefined) {
      view.schema = schemaNode(document, media.itemSchema, { expand: true });
      view.streamed = true;
    }
    const example = firstExample(document, media);
    if (example !== undefined) view.example = example;
    return view;
  });
}

/**
 * A request the API sends (a callback's or a webhook's), as a call's view whose path is where it goes (the callback's
 * expression, the webhook's name). Its own callbacks are not followed: the API's requests do not nest. Nor are its
 * samples (`x-codeSamples`) read: a page shows such a request as what the reader's server receives, not as a call.
 */
export function sentRequestView(
  document: JsonObject,
  api: string,
  path: string,
  method: HttpMethod,
  operation: JsonObject,
): OperationView {
  const { callbacks: _notFollowed, 'x-codeSamples': _samples, 'x-code-samples': _olderSamples, ...sent } = operation;
  void [_notFollowed, _samples, _olderSamples];
  return operationView(document, api, { path, method, operation: sent });
}

/** An operation's callbacks: each expression's requests, as views of their own (their callbacks not followed). */
function callbackViews(document: JsonObject, api: string, operation: JsonObject): CallbackView[] {
  if (!isObject(operation.callbacks)) return [];
  return Object.entries(operation.callbacks).flatMap(([name, raw]): CallbackView[] => {
    const callback = resolvedObject(document, raw);
    if (!callback) return [];
    return Object.entries(callback).flatMap(([expression, rawItem]): CallbackView[] => {
      const item = resolvedObject(document, rawItem);
      if (!item) return [];
      const operations = httpMethods.flatMap((method) => {
        const sent = item[method];
        return isObject(sent) ? [sentRequestView(document, api, expression, method, sent)] : [];
      });
      return operations.length > 0 ? [{ name, expression, operations }] : [];
    });
  });
}

export function operationView(document: JsonObject, api: string, ref: OperationRef): OperationView {
  const { operation } = ref;
  const responses = isObject(operation.responses) ? operation.responses : {};
  const alternatives = securityAlternatives(document, operation);
  const view: OperationView = {
    api,
    operationId: text(operation.operationId),
    slug: operationSlug(document, ref),
    method: ref.method,
    path: ref.path,
    summary: text(operation.summary) || `${ref.method.toUpperCase()} ${ref.path}`,
    description: text(operation.description),
    tags: Array.isArray(operation.tags) ? operation.tags.map((tag) => text(tag)).filter(Boolean) : [],
    deprecated: operation.deprecated === true,
    servers: serverViews(document, ref),
    security: alternatives[0] ?? [],
    ...(alternatives.slice(1).some((alternative) => alternative.length > 0)
      ? { otherSecurity: alternatives.slice(1).filter((alternative) => alternative.length > 0) }
      : {}),
    ...(alternatives.some((alternative) => alternative.length === 0) ? { securityOptional: true as const } : {}),
    parameters: operationParameters(document, ref)
      .filter((parameter) => !ignoredHeader(parameter) && !carriesCredential(parameter, alternatives.flat()))
      .map((parameter) => parameterView(document, parameter)),
    responses: Object.entries(responses).map(([status, raw]) => {
      const response = resolveRef<JsonObject>(document, raw);
      const contents = mediaViews(document, response.content);
      for (const media of contents) {
        if (media.example !== undefined || bodyTypeRank(media.contentType) !== 0) continue;
        const content = isObject(response.content)
          ? resolveRef<JsonObject>(document, response.content[media.contentType])
          : {};
        if (content.schema !== undefined) media.generated = exampleOf(document, content.schema, 'response');
      }
      const links = linkViews(document, response.links);
      const description = [text(response.summary), text(response.description)].filter(Boolean).join('\n\n');
      return { status, description, contents, ...(links.length > 0 ? { links } : {}) };
    }),
  };
  const callbacks = callbackViews(document, api, operation);
  if (callbacks.length > 0) view.callbacks = callbacks;
  // What is wrong with them is the build log's (documentSampleNotices); a page shows the samples it could read.
  const { samples } = readDocumentSamples(document, operation);
  if (samples.length > 0) view.documentSamples = samples;
  if (operation.requestBody !== undefined) {
    const body = resolveRef<JsonObject>(document, operation.requestBody);
    const contents = mediaViews(document, body.content);
    for (const media of contents) {
      if (media.example !== undefined || bodyTypeRank(media.contentType) < 0) continue;
      const raw = isObject(body.content) ? resolveRef<JsonObject>(document, body.content[media.contentType]) : {};
      if (raw.schema !== undefined) media.generated = exampleOf(document, raw.schema);
    }
    view.requestBody = { required: body.required === true, description: text(body.description), contents };
  }
  if (view.servers.length === 0) {
    const hostless = hostlessServers(document, ref);
    if (hostless.length > 0) view.hostlessServers = hostless;
  }
  return view;
}

/**
 * The body types the samples send, best first: JSON (any `+json` type), a form, a multipart form; -1 for any other
 * (a file's bytes, XML…), which the samples do not build.
 */
export function bodyTypeRank(contentType: string): number {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 0;
  if (type === 'application/x-www-form-urlencoded') return 1;
  return type === 'multipart/form-data' ? 2 : -1;
}

export function operationViews(document: JsonObject, api: string): OperationView[] {
  return listOperations(document).map((ref) => operationView(document, api, ref));
}
