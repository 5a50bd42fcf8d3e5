import { firstTrustedServer, usableServerUrls } from './servers';
import type { SampleEnvironment } from '../samples';
import { componentSchemas, isObject, listOperations, text, type JsonObject } from './document';
import { operationView, operationViews, type OperationView } from './view';
import { credentialGuide, credentialSentence, type SentencePart } from './security';
import type { MarkdownTrees } from '../markdown/tree';

/**
 * The figures the hand-written overview pages and guides show about an API: base URL, credential, errors, paging
 * limits and the list of calls. Read from the resolved document at build time, so no page types a limit by hand.
 */
export interface ApiFacts {
  id: string;
  title: string;
  version: string;
  baseUrl: string;
  credential: string;
  /**
   * Where the first call's credential goes, as a sentence (src/core/openapi/security.ts): written here, so the facts
   * components on guides need none of the reference's code.
   */
  authentication?: SentencePart[];
  /** The site's guide to getting that credential, when it has one. */
  credentialGuide?: { href: string; label: string };
  securityDescription: string;
  /** Route of the API's generated pages: `/docs/data-api`. */
  linkBase: string;
  operationCount: number;
  /** OpenAPI 3.1 `webhooks`: a document may hold only these (Adyen's notification APIs). */
  webhookCount: number;
  schemaCount: number;
  /** Every status an operation documents, with the first description given for it. */
  errors: { status: string; description: string }[];
  /** Calls that page with `limit`, with its maximum and default and the largest `offset` where there is one. */
  paging: PagingFact[];
  /** Length limits of the top-level fields of request bodies, such as a chat message's `body`. */
  bodyLimits: { slug: string; method: string; path: string; field: string; maxLength: number }[];
  operations: { tag: string; calls: CallFact[] }[];
  /** The site's environment convention for the API (config/apis.ts), added where the facts file is written. */
  environment?: SampleEnvironment;
  /** Where the API is on the site and how its record describes it (config/apis.ts), added in the same place. */
  site?: ApiSite;
  /** The parsed descriptions of `errors`, added in the same place (src/core/markdown/parse.ts). */
  markdown?: MarkdownTrees;
}

/** An API's place on the site, from its registry record: what lists of every API (the `/docs/` root) show. */
export interface ApiSite {
  name: string;
  /** The API's landing page, `/docs/data-api/`. */
  href: string;
  /** Its overview, `/docs/data-api/data`. */
  overview: string;
  /** Its single-page reference, `/api/data`. */
  reference: string;
  /** One sentence on what it is. */
  description: string;
}

export interface CallFact {
  slug: string;
  method: string;
  path: string;
  summary: string;
  deprecated: boolean;
}

export interface PagingFact extends CallFact {
  limitMinimum?: number;
  limitMaximum?: number;
  limitDefault?: number;
  offsetMaximum?: number;
}

function call(view: OperationView): CallFact {
  return { slug: view.slug, method: view.method, path: view.path, summary: view.summary, deprecated: view.deprecated };
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/**
 * The base URL guides and the landing page show: the first of the document's servers on one of `trustedOrigins`, then
 * the first call's; without `trustedOrigins`, the first call's first server. Only the first call's view is made.
 */
export function apiBaseUrl(
  document: JsonObject,
  trustedOrigins: readonly string[] | undefined,
  first: OperationView | undefined = firstCall(document),
): string {
  return (
    (trustedOrigins
      ? firstTrustedServer(
          [...usableServerUrls(document.servers), ...(first?.servers ?? []).map((server) => server.url)],
          trustedOrigins,
        )
      : first?.servers[0]?.url) ?? ''
  );
}

function firstCall(document: JsonObject): OperationView | undefined {
  const [ref] = listOperations(document);
  return ref ? operationView(document, 'first', ref) : undefined;
}

/**
 * `trustedOrigins`, when given, are the origins the base URL may have (the API's own hosts): the first of the
 * document's servers on one of them, then the first call's, is the base URL guides and the landing page show.
 */
export function apiFacts(
  document: JsonObject,
  id: string,
  linkBase: string,
  trustedOrigins?: readonly string[],
  /** The document's calls, when the caller has them: Graph beta's take 10 s to make again. */
  views: readonly OperationView[] = operationViews(document, id),
): ApiFacts {
  const info = isObject(document.info) ? document.info : {};
  const first = views[0];
  const errors = new Map<string, string>();
  for (const view of views) {
    for (const response of view.responses) {
      if (/^[2]/.test(response.status)) continue;
      if (!errors.has(response.status)) errors.set(response.status, response.description);
    }
  }
  const paging: PagingFact[] = views.flatMap((view) => {
    const limit = view.parameters.find((parameter) => parameter.name === 'limit' && parameter.in === 'query');
    if (!limit) return [];
    const offset = view.parameters.find((parameter) => parameter.name === 'offset' && parameter.in === 'query');
    return [
      {
        ...call(view),
        limitMinimum: limit.minimum,
        limitMaximum: limit.maximum,
        limitDefault: numberOrUndefined(limit.default),
        offsetMaximum: offset?.maximum,
      },
    ];
  });
  const bodyLimits = views.flatMap((view) =>
    (view.requestBody?.contents[0]?.schema?.children ?? []).flatMap((field) =>
      field.maxLength === undefined || field.name === undefined
        ? []
        : [{ slug: view.slug, method: view.method, path: view.path, field: field.name, maxLength: field.maxLength }],
    ),
  );
  const tags = [...new Set(views.flatMap((view) => (view.tags.length > 0 ? [view.tags[0]] : ['Other calls'])))];
  const schemas = componentSchemas(document);
  return {
    id,
    title: text(info.title),
    version: text(info.version),
    baseUrl: apiBaseUrl(document, trustedOrigins, first),
    credential: first?.security[0]?.credential ?? '',
    ...(first?.security[0] ? { authentication: credentialSentence(first.security[0]) } : {}),
    ...(credentialGuide(first?.security[0]) ? { credentialGuide: credentialGuide(first?.security[0]) } : {}),
    securityDescription: first?.security[0]?.description ?? '',
    linkBase,
    operationCount: views.length,
    webhookCount: isObject(document.webhooks) ? Object.keys(document.webhooks).length : 0,
    schemaCount: Object.keys(schemas).length,
    errors: [...errors]
      .map(([status, description]) => ({ status, description }))
      .sort((a, b) => a.status.localeCompare(b.status)),
    paging,
    bodyLimits,
    operations: tags.map((tag) => ({
      tag,
      calls: views.filter((view) => (view.tags[0] ?? 'Other calls') === tag).map(call),
    })),
  };
}
