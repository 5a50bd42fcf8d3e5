import { listOperations, type JsonObject } from '../openapi/document';
import { operationView, type OperationView, type ParameterView, type SecurityView } from '../openapi/view';
import { evaluateValue, type ExpressionContext } from './expressions';
import { base64, type RecipeAnswer, type ResolvedOperation, type ResolveOperation, type RunState } from './runModel';
import type { ArazzoDocument, ArazzoSecurity } from './types';

/**
 * The recipe runner's requests: which call a step names, the credentials of `x-security` and the view a request is
 * built from, and an answer's headers and body as expressions read them.
 */

/**
 * `resolveOperation` over resolved OpenAPI documents by source name (the recipe's `sourceDescriptions`), each call
 * modelled by the site's `operationView`, sent to `serverUrl` (else the document's first server).
 */
export function operationResolver(
  sources: Record<string, { document: JsonObject; api?: string; serverUrl?: string }>,
): ResolveOperation {
  const cache = new Map<string, ResolvedOperation | undefined>();
  return (source, operationId) => {
    const key = `${source}\u0000${operationId}`;
    if (cache.has(key)) return cache.get(key);
    const entry = Object.hasOwn(sources, source) ? sources[source] : undefined;
    const ref = entry && listOperations(entry.document).find((item) => item.operation.operationId === operationId);
    let resolved: ResolvedOperation | undefined;
    if (entry && ref) {
      const view = operationView(entry.document, entry.api ?? source, ref);
      resolved = { view, serverUrl: entry.serverUrl ?? view.servers[0]?.url ?? '' };
    }
    cache.set(key, resolved);
    return resolved;
  };
}

/** `$sourceDescriptions.data.getPlayer` as source and operationId; a bare operationId is the first OpenAPI source's. */
export function operationName(document: ArazzoDocument, operationId: string): { source: string; operationId: string } {
  const match = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(operationId);
  if (match) return { source: match[1], operationId: match[2] };
  const first = document.sourceDescriptions.find((source) => (source.type ?? 'openapi') === 'openapi');
  return { source: first?.name ?? '', operationId };
}

/** The credential `buildRequest` takes for a scheme, from Redocly's `x-security` values of its type. */
function schemeCredential(scheme: SecurityView, values: Record<string, unknown>): string | undefined {
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  if (scheme.type === 'apiKey') return text('apiKey');
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return text('accessToken');
  if (scheme.placement?.scheme === 'basic') {
    const user = text('username');
    return user === undefined ? undefined : `${user}:${text('password') ?? ''}`;
  }
  if (scheme.type === 'http') return text('token');
  return undefined;
}

/**
 * The view a request is built from: of the call's security alternatives, the first whose every scheme has a
 * credential (the first when none has), and the step's parameters the document does not declare added as plain
 * ones, so `buildRequest` sends them with the same checks.
 */
export function requestView(
  view: OperationView,
  parameters: { name: string; in: ParameterView['in'] }[],
  credentials: Map<string, Record<string, unknown>>,
): { view: OperationView; credentials: (string | undefined)[] } {
  const alternatives = [view.security, ...(view.otherSecurity ?? [])];
  const covered = alternatives.find(
    (alternative) =>
      alternative.length > 0 &&
      alternative.every((scheme) => {
        const values = credentials.get(scheme.name);
        return values !== undefined && schemeCredential(scheme, values) !== undefined;
      }),
  );
  const security = covered ?? view.security;
  const extra = parameters
    .filter((parameter) => parameter.in !== 'cookie')
    .filter((parameter) => !view.parameters.some((known) => known.name === parameter.name && known.in === parameter.in))
    .map((parameter): ParameterView => ({
      name: parameter.name,
      in: parameter.in,
      required: false,
      deprecated: false,
      description: '',
      type: 'string',
      baseType: 'string',
      explode: true,
    }));
  return {
    view: { ...view, security, parameters: [...view.parameters, ...extra] },
    credentials: security.map((scheme) => {
      const values = credentials.get(scheme.name);
      return values === undefined ? undefined : schemeCredential(scheme, values);
    }),
  };
}

/** An answer's headers by lower-case name (repeated headers joined as HTTP joins them). */
export function headerRecord(headers: RecipeAnswer['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  const entries: (readonly [string, string])[] = Array.isArray(headers)
    ? [...(headers as readonly (readonly [string, string])[])]
    : Object.entries(headers as Record<string, string>);
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    record[key] = Object.hasOwn(record, key) ? `${record[key]}, ${value}` : value;
  }
  return record;
}

/** A body as expressions read it: JSON parsed when it is JSON, else the text. */
export function parsedBody(text: string, contentType: string | undefined): unknown {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json') || (type === '' && /^\s*[[{]/.test(text))) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Reads `x-security` entries into `into` by scheme name; each credential is a secret of the run from then on. */
export function addSecurity(
  state: RunState,
  context: ExpressionContext,
  into: Map<string, Record<string, unknown>>,
  entries: ArazzoSecurity[] | undefined,
): void {
  for (const entry of entries ?? []) {
    const values = evaluateValue(entry.values, context) as Record<string, unknown>;
    for (const value of Object.values(values)) if (typeof value === 'string') state.secrets.add(value);
    if (typeof values.username === 'string') {
      const password = typeof values.password === 'string' ? values.password : '';
      state.secrets.add(base64(`${values.username}:${password}`));
    }
    into.set(entry.schemeName, values);
  }
}
