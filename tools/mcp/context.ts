import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject } from '../../src/core/openapi/document';
import { operationViews, type OperationView } from '../../src/core/openapi/view';
import type { PortalSource } from './source';

/** What the server knows of each API besides its published document (from config/apis.ts, via the CLI). */
export interface McpApi {
  /** Short name an assistant passes: `data`. */
  key: string;
  /** Document id: `data-v4` (`/openapi/data-v4.json`). */
  id: string;
  title: string;
  /** Route of its pages: `/docs/data-api`. */
  linkBase: string;
  credentialVariable: string;
  baseUrlVariable: string;
  /** Origins a credential may go to: the API's own hosts and its local mock. */
  trustedOrigins: readonly string[];
  /** `npm run mock`'s server for it: where calls go when the environment names no base URL. */
  mockUrl: string;
}

export interface McpOptions {
  /** The server's name for assistants: the brand's (`arena-developer-portal`). */
  name: string;
  source: PortalSource;
  apis: readonly McpApi[];
  /** The environment the site's convention reads (`ARENA_API_KEY`, `ARENA_DATA_API_URL`). */
  env: Record<string, string | undefined>;
  /**
   * Whether a call that changes something may be sent without asking the person, for a client that cannot ask
   * (MCP elicitation): the server's `--allow-writes`, off by default. A client that can ask is always asked.
   */
  allowWrites?: boolean;
  fetchImpl?: typeof fetch;
}

export interface LoadedDocument {
  document: JsonObject;
  views: OperationView[];
}

/** What every tool, prompt and resource of one server shares: its options and one cache of the documents. */
export interface ToolContext extends McpOptions {
  /** The API an assistant named, by key or document id; throws with the names the portal has. */
  apiOf: (name: string) => McpApi;
  /** The API's published document and its calls, read once per server. */
  load: (api: McpApi) => Promise<LoadedDocument>;
  /** A call named by operationId or by method and path; throws pointing to list_operations. */
  operationOf: (apiName: string, name: string) => Promise<{ api: McpApi; document: JsonObject; view: OperationView }>;
}

/** Registers one tool (or the prompts, or the resources) on a server: each is a file of its own. */
export type Registration = (server: McpServer, context: ToolContext) => void;

export function toolContext(options: McpOptions): ToolContext {
  const { source, apis } = options;
  const documents = new Map<string, Promise<LoadedDocument>>();

  const apiOf = (name: string): McpApi => {
    const api = apis.find((candidate) => candidate.key === name || candidate.id === name);
    if (!api) throw new Error(`no API ${JSON.stringify(name)}; the portal has ${apis.map((a) => a.key).join(', ')}`);
    return api;
  };
  const load = (api: McpApi) => {
    let loaded = documents.get(api.id);
    if (!loaded) {
      loaded = source.text(`/openapi/${api.id}.json`).then((text) => {
        const document = JSON.parse(text) as JsonObject;
        return { document, views: operationViews(document, api.id) };
      });
      // A failed read is not remembered: the next call reads again.
      loaded.catch(() => documents.delete(api.id));
      documents.set(api.id, loaded);
    }
    return loaded;
  };
  const operationOf = async (apiName: string, name: string) => {
    const api = apiOf(apiName);
    const { document, views } = await load(api);
    const spaced = /^([A-Za-z]+)\s+(\/\S*)$/.exec(name.trim());
    const view = spaced
      ? views.find((candidate) => candidate.method === spaced[1].toLowerCase() && candidate.path === spaced[2])
      : views.find((candidate) => candidate.operationId === name.trim());
    if (!view) throw new Error(`the ${api.title} has no call ${JSON.stringify(name)}; list_operations names them`);
    return { api, document, view };
  };
  return { ...options, apiOf, load, operationOf };
}

/** A failure an assistant can act on: a tool result marked as an error, with one sentence. */
export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text' as const, text: message }] };
}

export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text' as const, text }] };
}

/** A handler that answers a clear tool error, never a crash, whatever goes wrong. */
export const guarded =
  <A, E>(handler: (args: A, extra: E) => Promise<CallToolResult>) =>
  async (args: A, extra: E): Promise<CallToolResult> => {
    try {
      return await handler(args, extra);
    } catch (error) {
      return toolError(error instanceof Error ? error.message : String(error));
    }
  };
