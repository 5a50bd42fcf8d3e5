/**
 * The part of an Arazzo 1.0.1 document (https://spec.openapis.org/arazzo/v1.0.1) the recipes use, as the build reads
 * it from `openapi/recipes/*.arazzo.yaml` and the browser, the MCP server and the runner receive it. Fields the
 * specification has and these types leave out are kept on the objects (a document is data), not read.
 */

/** A runtime expression (`$inputs.nickname`, `$steps.find.outputs.id`, `$response.body#/items/0/id`) or a literal. */
export type ArazzoValue = string | number | boolean | null | ArazzoValue[] | { [key: string]: ArazzoValue };

export interface ArazzoDocument {
  arazzo: string;
  info: { title: string; summary?: string; description?: string; version: string };
  sourceDescriptions: { name: string; url: string; type?: 'openapi' | 'arazzo' }[];
  workflows: ArazzoWorkflow[];
}

export interface ArazzoWorkflow {
  workflowId: string;
  summary?: string;
  description?: string;
  /** A JSON Schema of type object: the values the reader (or the calling step) gives the workflow. */
  inputs?: JsonSchemaObject;
  steps: ArazzoStep[];
  outputs?: Record<string, string>;
  /** Redocly's extension, read by `redocly respect` and by our runner: the credential of a security scheme. */
  'x-security'?: ArazzoSecurity[];
  /** The actions of every step that names none of its own (Arazzo's workflow-level defaults). */
  successActions?: ArazzoAction[];
  failureActions?: ArazzoAction[];
}

/**
 * One scheme's credential, as Redocly's `x-security` gives it: `values` by the scheme's type (`apiKey` of an API key,
 * `token` of HTTP bearer, `accessToken` of OAuth2 and OpenID Connect, `username` and `password` of HTTP basic), each
 * a literal or a runtime expression.
 */
export interface ArazzoSecurity {
  schemeName: string;
  values: Record<string, string>;
}

export interface JsonSchemaObject {
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchemaObject & { description?: string; examples?: unknown[]; default?: unknown }>;
  [key: string]: unknown;
}

export interface ArazzoParameter {
  name: string;
  /** Where an operation's parameter goes; left out for a step that calls a workflow (its inputs). */
  in?: 'path' | 'query' | 'header' | 'cookie';
  value: ArazzoValue;
}

export interface ArazzoCriterion {
  condition: string;
  /** `simple` (the default), `regex`, `jsonpath` or `xpath`; with `regex`/`jsonpath`, `context` names the value. */
  type?: string | { type: string; version: string };
  context?: string;
}

export interface ArazzoAction {
  name: string;
  type: 'end' | 'goto' | 'retry';
  stepId?: string;
  workflowId?: string;
  criteria?: ArazzoCriterion[];
  retryAfter?: number;
  retryLimit?: number;
}

export interface ArazzoStep {
  stepId: string;
  description?: string;
  /** `$sourceDescriptions.<source>.<operationId>` or a bare operationId. */
  operationId?: string;
  operationPath?: string;
  workflowId?: string;
  parameters?: ArazzoParameter[];
  requestBody?: { contentType?: string; payload?: ArazzoValue };
  successCriteria?: ArazzoCriterion[];
  onSuccess?: ArazzoAction[];
  onFailure?: ArazzoAction[];
  outputs?: Record<string, string>;
  /** Redocly's extension on a step: credentials for this step's call, over the workflow's for the same scheme. */
  'x-security'?: ArazzoSecurity[];
}
