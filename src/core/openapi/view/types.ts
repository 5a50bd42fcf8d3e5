import type { MarkdownTrees } from '../../markdown/tree';
import type { Json } from '../document';

/**
 * View models of operations and schemas: plain, serializable data that the reference pages render. Every fact on
 * an operation or schema page comes from here, read from the resolved document; the pages copy nothing.
 */

/** The limits and rules of one value, as the document states them. */
export interface Constraints {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  uniqueItems?: boolean;
  format?: string;
  enum?: Json[];
  /** The enum of an array's items, for arrays of enumerated values such as `expanded`. */
  itemsEnum?: Json[];
  default?: Json;
}

export interface ParameterView extends Constraints {
  name: string;
  /** Where it goes; `querystring` (OpenAPI 3.2) is the whole query string, its value `a=1&b=2` or an object of pairs. */
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description: string;
  /** Type label: `integer`, `string`, `array of string`. */
  type: string;
  /** JSON type the explorer parses input into. */
  baseType: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  itemsType?: 'string' | 'integer' | 'number' | 'boolean';
  /** Arrays in a query: `false` for a comma-separated list (`style: form, explode: false`). */
  explode: boolean;
  example?: Json;
}

/** One field of a schema, with its nested fields unless it is a named schema that has its own page. */
export interface SchemaNode extends Constraints {
  name?: string;
  type: string;
  required: boolean;
  deprecated: boolean;
  nullable: boolean;
  description: string;
  /** Name of the component schema this field is (or is an array of), for a link to its page. */
  schemaName?: string;
  /** That schema's page slug (`schemas/game`). */
  schemaSlug?: string;
  /**
   * Of a named field that is not expanded, on a page that fetches a schema's fields when they are opened: how many
   * fields the schema has and whether it has shapes (`oneOf` / `anyOf`), so the field can offer them before the fetch.
   */
  schemaSize?: SchemaSize;
  example?: Json;
  /** Properties of an inline object; for a map, one entry named `{key}`. */
  children?: SchemaNode[];
  /** The shapes a `oneOf` / `anyOf` value takes, each a tree of its own (named ones linked, not expanded). */
  variants?: VariantsView;
}

export interface SchemaSize {
  fields: number;
  shapes: boolean;
}

export interface VariantsView {
  /** `oneOf`: exactly one shape matches; `anyOf`: one or more. */
  kind: 'oneOf' | 'anyOf';
  /** The property whose value says which shape a value is (`discriminator.propertyName`). */
  discriminator?: string;
  options: SchemaNode[];
}

export interface MediaView {
  contentType: string;
  /** The body's schema; of a sequential media type (`streamed`), the schema of each item. */
  schema?: SchemaNode;
  /**
   * OpenAPI 3.2's sequential media types (`text/event-stream`, JSON Lines, `application/json-seq`): the body is a
   * stream of items, each of `schema` (the Media Type Object's `itemSchema`).
   */
  streamed?: true;
  example?: Json;
  /**
   * A body built from the schema (synthesize.ts) when the document gives no example: of a request's JSON or form
   * body (`bodyTypeRank`), what the samples and the explorer send; of a JSON response, what the reader is shown,
   * labelled as built from the schema. Never passed off as the document's example.
   */
  generated?: Json;
}

export interface ResponseView {
  /** `200`, `404`, `default`. */
  status: string;
  /** Its description; OpenAPI 3.2's `summary` before it, as its first line, where the document gives one. */
  description: string;
  contents: MediaView[];
  /** The response's links (OpenAPI's Link Objects): calls a value of this response leads to. Left out when none. */
  links?: LinkView[];
}

/** A Link Object: the call it leads to, and where each of that call's parameters takes its value. */
export interface LinkView {
  name: string;
  description: string;
  /** The call of this document the link names (by `operationId` or an `operationRef` into the document). */
  target?: { slug: string; method: string; path: string; summary: string };
  /** What the link names when it is no call of this document: the `operationId` or `operationRef` as written. */
  unresolved?: string;
  /** Each parameter of the target and the value or runtime expression it takes (`$response.body#/id`). */
  parameters: { name: string; value: string }[];
}

/** A webhook (OpenAPI 3.1 `webhooks`): a request the API sends to the reader's server when something happens. */
export interface WebhookView {
  /** The webhook's name in the document (`podcastDeleted`). */
  name: string;
  /** Page slug under the API's folder: `webhooks/podcast-deleted`. */
  slug: string;
  /** The request, as a call's view: its `path` is the webhook's name; its body is the payload. */
  operation: OperationView;
  /** What this portal's extensions say of it (webhookDetails.ts), where read. */
  details?: WebhookDetails;
}

/** A webhook's details from this portal's extensions: who receives it, what is documented, the fetching call. */
export interface WebhookDetails {
  /** The subscription types that deliver it, named as `x-webhook-subscription-types` names them. */
  subscriptionTypes: { id: string; name: string }[];
  /** What of it the provider documents and what is modelled; parts the document does not mark are left out. */
  provenance: Partial<Record<ProvenancePart, Provenance>>;
  /** The call of this document that fetches the whole object the event is about. */
  fetch?: { slug: string; method: string; path: string; summary: string };
}

export type Provenance = 'documented' | 'modelled';
export type ProvenancePart = 'event' | 'subscriptionTypes' | 'payload';

/** A callback: requests the API sends to the reader's server, at a URL a runtime expression names. */
export interface CallbackView {
  /** The callback's name in the document (`onEvent`). */
  name: string;
  /** The URL, as a runtime expression (`{$request.body#/callbackUrl}`). */
  expression: string;
  /** Each request the API sends there: its method, body, and the answers it expects. */
  operations: OperationView[];
}

export interface RequestBodyView {
  required: boolean;
  description: string;
  contents: MediaView[];
}

export interface ServerView {
  /** The URL with each variable at its default: what the samples and Try it call unless the reader picks others. */
  url: string;
  /** OpenAPI 3.2's short name for the server (`Production`), where the document gives one. */
  name?: string;
  description: string;
  /** Of a server with variables: its URL as the document writes it (`https://{region}.api.example/v1`). */
  template?: string;
  /** Of a server with variables: each variable the template names, in the template's order. */
  variables?: ServerVariableView[];
}

/** A server variable (OpenAPI's Server Variable Object): its default, its allowed values when listed, and why. */
export interface ServerVariableView {
  name: string;
  default: string;
  /** The values the document allows; any value when absent. */
  enum?: string[];
  description: string;
}

/**
 * Where a scheme's credential goes, as its security scheme says: a header (`Authorization` with `Bearer ` or `Basic `
 * before it, or the API key's own header such as `X-API-Key`), a query parameter or a cookie.
 */
export interface CredentialPlacement {
  in: 'header' | 'query' | 'cookie';
  /** The header, query parameter or cookie name. */
  name: string;
  /** `bearer`: `Bearer <credential>`; `basic`: `Basic ` and `user:password` in Base64; `none`: the credential as is. */
  scheme: 'bearer' | 'basic' | 'none';
}

export interface SecurityView {
  /** Scheme name in the document: `ApiKey`, `OAuth2`. */
  name: string;
  /** The scheme's type: `apiKey`, `http`, `oauth2`, `openIdConnect`, `mutualTLS`. */
  type: string;
  /** What the reader sends: `API key`, `OAuth2 access token`, `user name and password`. */
  credential: string;
  description: string;
  /** Where it goes; none for a scheme no request carries (mutual TLS: a client certificate) or one not supported. */
  placement?: CredentialPlacement;
  /** The OAuth2 or OpenID Connect scopes this operation needs. */
  scopes: string[];
  /**
   * An OAuth2 scheme's authorization code flow, when the document declares one with usable (absolute http or https)
   * URLs: what Try it signs in with.
   */
  authorizationCode?: AuthorizationCodeFlow;
  /** An OAuth2 scheme's client credentials flow (an application's own token), when its URLs can be used. */
  clientCredentials?: ClientCredentialsFlow;
  /**
   * OpenAPI 3.2's device authorization flow (RFC 8628: the user signs in on another device) declared by an OAuth2
   * scheme: named on the page; Try it leaves it to a pasted token.
   */
  deviceAuthorization?: true;
  /** OpenAPI 3.2: the scheme is on its way out. */
  deprecated?: true;
}

export interface ClientCredentialsFlow {
  tokenUrl: string;
  refreshUrl: string;
  scopes: Record<string, string>;
}

export interface AuthorizationCodeFlow {
  authorizationUrl: string;
  tokenUrl: string;
  /** Where an expired token is refreshed; the token URL when the document names none (OpenAPI's default). */
  refreshUrl: string;
  /** The scopes the flow offers, with what each grants. */
  scopes: Record<string, string>;
}

export interface OperationView {
  /** Id of the API's document: `data-v4`. */
  api: string;
  operationId: string;
  /** Page slug: the operationId in kebab-case. */
  slug: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tags: string[];
  deprecated: boolean;
  servers: ServerView[];
  /** Requests the API sends to the reader's server after this call (OpenAPI callbacks). Left out when none. */
  callbacks?: CallbackView[];
  /**
   * Relative server URLs (`/api/v2`) of a document read from a file, which names no host for them: the page says
   * the host is the API's own, whatever address serves it. Left out otherwise.
   */
  hostlessServers?: string[];
  /**
   * The schemes a request sends: the first of the document's alternatives (`security: [A, B]` takes A or B; one
   * requirement `{A, B}` takes both). None when the call needs no credential (`security: []`, or `{}` first).
   */
  security: SecurityView[];
  /**
   * The document's other alternatives, in its order, when it has any (the first is `security`); left out otherwise,
   * as views travel in every reference page's data.
   */
  otherSecurity?: SecurityView[][];
  /** Set when an alternative asks for nothing (`{}`): the credential is optional. */
  securityOptional?: true;
  parameters: ParameterView[];
  requestBody?: RequestBodyView;
  responses: ResponseView[];
  /** The call's own samples from the document (`x-codeSamples`), in its order. Left out when none. */
  documentSamples?: DocumentSampleView[];
}

/**
 * A sample the document gives for a call (`x-codeSamples`, or the older `x-code-samples`: Redoc's extension, read by
 * most renderers), typically its provider's SDK: shown as written, beside the portal's own samples, never run or
 * tested by the portal.
 */
export interface DocumentSampleView {
  /** The tab's name: the document's `label`, else its `lang`; told apart within the call when two are the same. */
  label: string;
  /** The document's `lang`, as written (`Shell`, `C#`); empty when it gives none. */
  lang: string;
  /** The highlighter's language for it, one the site loads, else `text` (`documentSamplePrism`). */
  prism: string;
  source: string;
  /** Set when the source was longer than the limit (`documentSampleLimits`) and cut: the page says so. */
  cut?: true;
}

export interface SchemaView {
  api: string;
  name: string;
  slug: string;
  description: string;
  root: SchemaNode;
  example?: Json;
  /**
   * Operations (then webhooks) whose responses or request bodies use this schema, at any depth, in the document's
   * order: the first `usedByListed` of them.
   */
  usedBy: { slug: string; method: string; path: string; summary: string }[];
  /** How many operations and webhooks use it in all. */
  usedByCount: number;
  /** How many of `usedByCount` are webhooks (none when absent), so the page names what uses it. */
  usedByWebhookCount?: number;
}

/**
 * A named schema's file (`/openapi/<id>/schemas/<slug>.json`): its tree, and the parsed descriptions of its fields,
 * which the page that fetches it shows.
 */
export interface SchemaFile {
  node: SchemaNode;
  markdown: MarkdownTrees;
}
