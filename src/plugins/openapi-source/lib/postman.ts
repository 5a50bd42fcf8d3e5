import { convert } from 'openapi-to-postmanv2';
import type { JsonObject } from '../../../lib/openapi/document';
import { encodedExample, isEmpty, queryPairs, sampleBody, sampleValues, scalar } from '../../../lib/openapi/request';
import { operationViews, type OperationView } from '../../../lib/openapi/view';
import type { SampleEnvironment } from '../../../lib/openapi/samples';

/** The converter's names for the two variables every request uses. */
const converterVariables = { baseUrl: 'baseUrl', credential: 'bearerToken' };

interface Collection {
  info?: { name?: string };
  item?: PostmanItem[];
  variable?: { key: string; value: string; type?: string; description?: string }[];
  auth?: unknown;
  [key: string]: unknown;
}

interface PostmanRequest {
  method: string;
  header?: { key: string; value: string }[];
  url: {
    path?: string[];
    query?: { key: string; value: string; disabled?: boolean }[];
    variable?: { key: string; value: string }[];
  };
  body?: unknown;
}

interface PostmanItem {
  item?: PostmanItem[];
  request?: PostmanRequest;
}

/**
 * Puts the document's examples into every request, the values the samples and the explorer start from: the
 * converter leaves `<string>` placeholders where a parameter's example is not on its schema, and sends the last
 * media type's body (a form of placeholders) rather than the first. Parameters without a value stay listed, off.
 */
function withSampleValues(collection: { item?: PostmanItem[] }, views: OperationView[]): void {
  const byRoute = new Map(
    views.map((view) => [`${view.method.toUpperCase()} ${view.path.replace(/\{([^}]+)\}/g, ':$1')}`, view]),
  );
  const visit = (items: PostmanItem[]) => {
    for (const item of items) {
      if (item.item) visit(item.item);
      const request = item.request;
      if (!request) continue;
      const view = byRoute.get(`${request.method} /${(request.url.path ?? []).join('/')}`);
      if (!view) continue;
      const values = sampleValues(view);
      const query = new Map<string, string[]>();
      for (const parameter of view.parameters.filter((candidate) => candidate.in === 'query')) {
        for (const [name, value] of queryPairs(parameter, values[parameter.name])) {
          query.set(name, [...(query.get(name) ?? []), value]);
        }
      }
      request.url.query = [
        ...[...query].flatMap(([key, list]) => list.map((value) => ({ key, value }))),
        ...(request.url.query ?? [])
          .filter((entry) => !query.has(entry.key))
          .map((entry) => ({ ...entry, value: '', disabled: true })),
      ];
      for (const variable of request.url.variable ?? []) {
        const value = values[variable.key];
        if (!isEmpty(value)) variable.value = scalar(value);
      }
      const body = sampleBody(view);
      if (body) {
        request.header = [
          ...(request.header ?? []).filter((header) => header.key.toLowerCase() !== 'content-type'),
          { key: 'Content-Type', value: body.contentType },
        ];
        request.body =
          body.contentType === 'application/x-www-form-urlencoded'
            ? {
                mode: 'urlencoded',
                urlencoded: [...new URLSearchParams(encodedExample(body.contentType, body.value))].map(
                  ([key, value]) => ({ key, value }),
                ),
              }
            : { mode: 'raw', raw: JSON.stringify(body.value, null, 2), options: { raw: { language: 'json' } } };
      }
    }
  };
  visit(collection.item ?? []);
}

/**
 * A Postman collection of the resolved document (openapi-to-postmanv2, folders by tag, the document's examples as
 * values), with the site's environment convention as its variables: the credential and the base URL go by the names
 * every sample uses (`{{ARENA_API_KEY}}`, `{{ARENA_DATA_API_URL}}`), the base URL defaulting to the first server.
 */
export async function postmanCollection(document: JsonObject, environment: SampleEnvironment): Promise<string> {
  const collection = await new Promise<Collection>((resolve, reject) => {
    convert(
      // As text: given an object, the converter writes into it (`default: '<string>'` on every schema it reads).
      { type: 'string', data: JSON.stringify(document) },
      { folderStrategy: 'Tags', parametersResolution: 'Example', includeAuthInfoInExample: false },
      (error, result) => {
        if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        else if (!result?.result || !result.output?.[0]) reject(new Error(result?.reason ?? 'no collection'));
        else resolve(result.output[0].data as Collection);
      },
    );
  });
  const servers = Array.isArray(document.servers) ? (document.servers as { url?: unknown }[]) : [];
  const server = typeof servers[0]?.url === 'string' ? servers[0].url : '';
  const text = JSON.stringify(collection)
    .replaceAll(`{{${converterVariables.baseUrl}}}`, `{{${environment.baseUrlVariable}}}`)
    .replaceAll(`{{${converterVariables.credential}}}`, `{{${environment.credentialVariable}}}`);
  const renamed = JSON.parse(text) as Collection;
  // The platform takes every credential as `Authorization: Bearer …`, an OAuth2 access token included (obtained
  // outside the collection, as the OAuth2 guide shows); the converter would set up Postman's OAuth2 flow instead.
  if (renamed.auth) {
    renamed.auth = {
      type: 'bearer',
      bearer: [{ key: 'token', value: `{{${environment.credentialVariable}}}`, type: 'string' }],
    };
  }
  renamed.variable = [
    { key: environment.baseUrlVariable, value: server, type: 'string', description: 'Base URL of the API.' },
    { key: environment.credentialVariable, value: '', type: 'string', description: 'Your credential: set it here.' },
  ];
  withSampleValues(renamed, operationViews(document, 'postman'));
  return `${JSON.stringify(renamed, null, 2)}\n`;
}
