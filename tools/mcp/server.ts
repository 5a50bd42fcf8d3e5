import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { JsonObject } from '../../src/core/openapi/document';
import { operationViews, schemaSlug, type OperationView, type SecurityView } from '../../src/core/openapi/view';
import { RE2JS } from 're2js';
import type { Json } from '../../src/core/openapi/document';
import { re2Matcher } from '../../src/core/openapi/patterns';
import { buildRequest, sampleBody, sampleValues, scalar, type ParameterValues } from '../../src/core/openapi/request';
import { validateBody, validateParameters } from '../../src/core/openapi/validateRequest';
import { readCapped } from '../../src/build/node/readCapped';
import { credentialGuide, credentialSentence, sentenceText } from '../../src/core/openapi/security';
import { isTrustedServer } from '../../src/core/openapi/servers';
import {
  codeSamples,
  documentSampleId,
  documentSampleLimits,
  sampleLanguages,
  sampleServer,
  sampleSettings,
  type SampleLanguage,
} from '../../src/core/samples';
import { guidesSection, schemasSection } from '../../src/core/search/sections';
import { searchDocs } from './search';
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

/** A failure an assistant can act on: a tool result marked as an error, with one sentence. */
function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text' as const, text: message }] };
}

function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/** The document's patterns, checked in linear time whatever they are (src/core/openapi/patterns.ts). */
const matches = re2Matcher(RE2JS);

const languageIds = sampleLanguages.map((language) => language.id) as [SampleLanguage, ...SampleLanguage[]];
const apiArgument = z.string().describe('The API: its short name (`data`, `chat`) or document id (`data-v4`)');
const operationArgument = z
  .string()
  .describe('The call: its operationId (`getPlayerHistory`) or method and path (`GET /players/{player_id}/history`)');

/** Longest response body `call_operation` returns; the rest is cut, and the result says so. */
const maxBodyCharacters = 20_000;
/** The most of an answer `call_operation` reads: the rest is never read, however long the server goes on. */
export const maxResponseBytes = 256 * 1024;

/** Methods that only read: any other is a write, which the person confirms. */
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every form a credential can take in what comes back: as it is, percent-encoded (a query parameter, a form), and
 * in Base64 (HTTP Basic sends `user:password` so; a server may echo a header back). Longest first, so a form that
 * holds another is replaced whole.
 */
export function credentialForms(credential: string): string[] {
  const base64 = Buffer.from(credential, 'utf8').toString('base64');
  const forms = [
    credential,
    encodeURIComponent(credential),
    new URLSearchParams({ c: credential }).toString().slice(2),
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(credential, 'utf8').toString('base64url'),
  ];
  return [...new Set(forms)].filter((form) => form.length >= 4).sort((a, b) => b.length - a.length);
}

/** A text with every form of the credentials replaced by `[credential]`. */
export function hideCredentials(value: string, credentials: readonly (string | undefined)[]): string {
  let hidden = value;
  for (const credential of credentials) {
    if (!credential) continue;
    for (const form of credentialForms(credential)) hidden = hidden.split(form).join('[credential]');
  }
  return hidden;
}

/** The values of an assistant's arguments as the explorer's fields would hold them, for the same checks. */
function asInputs(values: ParameterValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) =>
      value === undefined || value === null
        ? []
        : [[name, Array.isArray(value) ? value.map((item) => scalar(item)).join(',') : scalar(value)]],
    ),
  );
}

/**
 * The portal's MCP server: the calls, schemas, samples and authentication of each API, from the artefacts the build
 * publishes, and a way to make a call. Descriptions and pages reach the assistant as the site's own Markdown twins.
 */
export function createPortalServer(options: McpOptions): McpServer {
  const { source, apis, env } = options;
  const documents = new Map<string, Promise<{ document: JsonObject; views: OperationView[] }>>();

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
  const settingsOf = (api: McpApi, document: JsonObject) => sampleSettings(document, { ...api });
  // Every handler answers a clear tool error, never a crash, whatever goes wrong.
  const guarded =
    <A, E>(handler: (args: A, extra: E) => Promise<CallToolResult>) =>
    async (args: A, extra: E): Promise<CallToolResult> => {
      try {
        return await handler(args, extra);
      } catch (error) {
        return toolError(error instanceof Error ? error.message : String(error));
      }
    };

  const server = new McpServer({ name: options.name, version: '1.0.0' });
  const sections = [guidesSection, ...apis.map((api) => api.title), schemasSection] as [string, ...string[]];

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        "The portal's own search (guides, calls, schemas), ranked as its search box ranks: each result's title, URL, section, kind and the matching text.",
      inputSchema: {
        query: z.string().min(1).max(200).describe('Words to look for: `player match history`, `rate limits`'),
        section: z.enum(sections).optional().describe('Only this section'),
        limit: z.number().int().min(1).max(20).optional().describe('How many results, 5 by default'),
      },
      outputSchema: {
        results: z.array(
          z.object({
            title: z.string(),
            url: z.string(),
            heading: z.string().optional(),
            section: z.string(),
            kind: z.enum(['operation', 'schema', 'guide']),
            excerpt: z.string(),
          }),
        ),
      },
    },
    guarded(async ({ query, section, limit }: { query: string; section?: string; limit?: number }) => {
      const results = await searchDocs(source, { query, section, limit: limit ?? 5 });
      return jsonResult({ results });
    }),
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List API calls',
      description: "The calls of the portal's APIs: operationId, method, path, summary, tags and the page's URL.",
      inputSchema: { api: apiArgument.optional(), tag: z.string().optional().describe('Only the calls of this tag') },
      outputSchema: {
        operations: z.array(
          z.object({
            api: z.string(),
            operationId: z.string(),
            method: z.string(),
            path: z.string(),
            summary: z.string(),
            tags: z.array(z.string()),
            url: z.string(),
          }),
        ),
      },
    },
    guarded(async ({ api, tag }: { api?: string; tag?: string }) => {
      const chosen = api ? [apiOf(api)] : apis;
      const operations = [];
      for (const each of chosen) {
        const { views } = await load(each);
        for (const view of views) {
          if (tag && !view.tags.includes(tag)) continue;
          operations.push({
            api: each.key,
            operationId: view.operationId,
            method: view.method.toUpperCase(),
            path: view.path,
            summary: view.summary,
            tags: view.tags,
            url: `${source.siteUrl}${each.linkBase}/${view.slug}`,
          });
        }
      }
      return jsonResult({ operations });
    }),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Read a call',
      description:
        "A call's page as Markdown: parameters with their limits and defaults, body, responses and errors, a curl sample.",
      inputSchema: { api: apiArgument, operation: operationArgument },
    },
    guarded(async ({ api, operation }: { api: string; operation: string }) => {
      const found = await operationOf(api, operation);
      const markdown = await source.text(`${found.api.linkBase}/${found.view.slug}.md`);
      return { content: [{ type: 'text' as const, text: markdown }] };
    }),
  );

  server.registerTool(
    'get_schema',
    {
      title: 'Read a schema',
      description: "A named schema's page as Markdown: its fields, types, limits and the calls that use it.",
      inputSchema: { api: apiArgument, name: z.string().describe('The schema name, as in the document: `Match`') },
    },
    guarded(async ({ api, name }: { api: string; name: string }) => {
      const chosen = apiOf(api);
      const { document } = await load(chosen);
      const schemas = ((document.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
      if (!(name in schemas)) throw new Error(`the ${chosen.title} has no schema ${JSON.stringify(name)}`);
      const markdown = await source.text(`${chosen.linkBase}/${schemaSlug(document, name)}.md`);
      return { content: [{ type: 'text' as const, text: markdown }] };
    }),
  );

  server.registerTool(
    'get_code_sample',
    {
      title: 'Get a code sample',
      description:
        "The request of a call in one of the portal's ten languages, written by the same generator as its pages: it reads the credential and base URL from the environment variables the site names. A call whose document gives samples of its own (`x-codeSamples`, often the provider's SDK) lists them as `documentSamples`; ask for one by that name (`document:<label>`) to get it as the document wrote it.",
      inputSchema: {
        api: apiArgument,
        operation: operationArgument,
        language: z
          .union([
            z.enum(languageIds),
            z
              .string()
              .max(200)
              .regex(/^document:./),
          ])
          .describe(
            `One of the portal's languages (${languageIds.join(', ')}), or \`document:<label>\`: one of the call's own samples from its document, as \`documentSamples\` lists them`,
          ),
        values: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
          .optional()
          .describe("Parameter values by name; by default the documented examples. The portal's languages only"),
      },
      outputSchema: {
        language: z.string(),
        code: z.string(),
        documentSamples: z.array(z.string()).optional(),
        lang: z.string().optional(),
        note: z.string().optional(),
      },
    },
    guarded(async (args: { api: string; operation: string; language: string; values?: ParameterValues }) => {
      const { api, document, view } = await operationOf(args.api, args.operation);
      // The document's samples by the name an assistant asks for; the portal's languages keep their own ids.
      const named = (view.documentSamples ?? []).map((sample) => ({ ...sample, name: documentSampleId(sample.label) }));
      const generated = languageIds.find((id) => id === args.language);
      if (!generated) {
        const sample = named.find((candidate) => candidate.name === args.language);
        if (!sample) {
          const listed = named.length > 0 ? named.map((candidate) => candidate.name).join(', ') : 'none';
          throw new Error(
            `${view.operationId || `${view.method.toUpperCase()} ${view.path}`} has no sample ${JSON.stringify(args.language)}; its document's own: ${listed}`,
          );
        }
        const notes = [
          "The API provider's own sample, from its document: shown as written, not run or checked by this portal, and it may not read the environment variables the portal's samples read.",
          ...(sample.cut
            ? [`Cut at ${documentSampleLimits.characters} characters; the whole sample is in the document.`]
            : []),
          ...(args.values ? ["The values given apply to the portal's languages only: this sample is as written."] : []),
        ];
        return jsonResult({ language: sample.name, lang: sample.lang, code: sample.source, note: notes.join(' ') });
      }
      const settings = settingsOf(api, document);
      const [sample] = codeSamples(
        view,
        {
          credentialVariable: api.credentialVariable,
          baseUrlVariable: api.baseUrlVariable,
          serverUrl: sampleServer(view, settings),
          ...(args.values ? { values: args.values } : {}),
        },
        [generated],
      );
      return jsonResult({
        language: sample.language,
        code: sample.code,
        ...(named.length > 0 ? { documentSamples: named.map((candidate) => candidate.name) } : {}),
      });
    }),
  );

  server.registerTool(
    'list_auth',
    {
      title: 'How to authenticate',
      description:
        "An API's security schemes, where each credential goes, how to get one, and the environment variables the portal's samples read.",
      inputSchema: { api: apiArgument },
      outputSchema: {
        schemes: z.array(
          z.object({
            name: z.string(),
            type: z.string(),
            credential: z.string(),
            where: z.string(),
            guide: z.string(),
          }),
        ),
        credentialVariable: z.string(),
        baseUrlVariable: z.string(),
      },
    },
    guarded(async ({ api }: { api: string }) => {
      const chosen = apiOf(api);
      const { views } = await load(chosen);
      const schemes = new Map<string, SecurityView>();
      for (const view of views) {
        for (const scheme of [view.security, ...(view.otherSecurity ?? [])].flat()) schemes.set(scheme.name, scheme);
      }
      return jsonResult({
        schemes: [...schemes.values()].map((scheme) => {
          const guide = credentialGuide(scheme);
          return {
            name: scheme.name,
            type: scheme.type,
            credential: scheme.credential,
            where: sentenceText(credentialSentence(scheme), (code) => `\`${code}\``),
            guide: guide ? `${source.siteUrl}${guide.href}` : '',
          };
        }),
        credentialVariable: chosen.credentialVariable,
        baseUrlVariable: chosen.baseUrlVariable,
      });
    }),
  );

  server.registerTool(
    'call_operation',
    {
      title: 'Make a call',
      description:
        "Sends a call to the API's base URL from the environment (the site's variables), or to the local mock (`npm run mock`) when none is set, with the credential from the environment. Values are checked against the document's limits first. A call that changes something (any method but GET, HEAD and OPTIONS) is sent only after the person confirms it, asked by the server itself (MCP elicitation).",
      inputSchema: {
        api: apiArgument,
        operation: operationArgument,
        values: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
          .optional()
          .describe('Parameter values by name; by default the documented examples'),
        body: z.unknown().optional().describe('The JSON body; by default the documented example'),
      },
      outputSchema: { status: z.number(), url: z.string(), contentType: z.string(), body: z.string() },
      annotations: { openWorldHint: true, destructiveHint: true },
    },
    guarded(
      async (
        args: { api: string; operation: string; values?: ParameterValues; body?: unknown },
        extra: { requestId: string | number },
      ) => {
        const { api, view } = await operationOf(args.api, args.operation);
        const method = view.method.toUpperCase();
        const serverUrl = env[api.baseUrlVariable] || api.mockUrl;
        if (!isTrustedServer(serverUrl, api.trustedOrigins)) {
          throw new Error(
            `${api.baseUrlVariable} names ${serverUrl}, which is not one of the ${api.title}'s hosts (${api.trustedOrigins.join(', ')}): nothing was sent`,
          );
        }
        const credential = env[api.credentialVariable];
        if (view.security.length > 0 && !credential && serverUrl !== api.mockUrl) {
          throw new Error(`${api.credentialVariable} is not set: the ${api.title} needs a credential (see list_auth)`);
        }
        // The checks Try it makes before it sends: the document's limits, types, enums and patterns.
        const parsed = validateParameters(
          view.parameters,
          asInputs({ ...sampleValues(view), ...args.values }),
          matches,
        );
        const documented = sampleBody(view);
        const media = view.requestBody?.contents.find((content) => content.contentType === documented?.contentType);
        const body =
          args.body !== undefined && documented
            ? { contentType: documented.contentType, value: args.body as Json }
            : documented;
        const problems = [
          ...parsed.problems,
          ...(body && media && /json/i.test(body.contentType)
            ? validateBody(media, JSON.stringify(body.value), view.requestBody?.required ?? false, matches).problems
            : []),
        ];
        if (problems.length > 0) {
          throw new Error(`nothing was sent: ${problems.map((problem) => problem.message).join('; ')}`);
        }
        const request = buildRequest(view, {
          serverUrl,
          values: parsed.values,
          credential: credential || (serverUrl === api.mockUrl ? 'mock-credential' : undefined),
          body,
        });
        // The URL that is sent is what is checked: the joined path and query must still be on the API's hosts.
        if (!isTrustedServer(request.url.split('?')[0], api.trustedOrigins)) {
          throw new Error(
            `the call would go to ${new URL(request.url).origin}, off the ${api.title}'s hosts: nothing was sent`,
          );
        }
        const hide = (value: string) => hideCredentials(value, [credential]);
        if (!readMethods.has(method)) {
          await confirmWrite(
            `${method} ${hide(request.url)}`,
            request.body === undefined ? undefined : hide(request.body),
            extra,
          );
        }
        const response = await (options.fetchImpl ?? fetch)(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body as BodyInit | undefined,
          // A redirect is answered as it is, never followed: the credential stays on the API's own host.
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        });
        const read = await readCapped(response, maxResponseBytes);
        const text = new TextDecoder().decode(read.bytes);
        const cut = read.truncated || text.length > maxBodyCharacters;
        return jsonResult({
          status: response.status,
          url: hide(request.url),
          contentType: hide(response.headers.get('content-type') ?? ''),
          body: hide(
            cut
              ? `${text.slice(0, maxBodyCharacters)}…(cut: the answer is longer than ${read.truncated ? `${maxResponseBytes} bytes, and the rest was not read` : `${maxBodyCharacters} characters`})`
              : text,
          ),
        });
      },
    ),
  );

  /**
   * Asks the person, through the client (MCP elicitation), whether to send a write; throws unless they accept. A
   * client that cannot ask gets a refusal that says how to allow writes, unless the server was started so.
   */
  const confirmWrite = async (target: string, body: string | undefined, extra: { requestId: string | number }) => {
    const shown =
      body === undefined ? '' : `\n\nwith this body:\n${body.length > 2000 ? `${body.slice(0, 2000)}…` : body}`;
    if (!server.server.getClientCapabilities()?.elicitation) {
      if (options.allowWrites) return;
      throw new Error(
        `${target} changes something on the server, and this client cannot ask you to confirm it (MCP elicitation): nothing was sent. To let the assistant send such calls without asking, start the server with --allow-writes.`,
      );
    }
    const answer = await server.server.elicitInput(
      {
        message: `The assistant wants to send ${target}${shown}\n\nSend it?`,
        requestedSchema: {
          type: 'object',
          properties: { send: { type: 'boolean', title: 'Send this request', default: false } },
          required: ['send'],
        },
      },
      { relatedRequestId: extra.requestId, timeout: 10 * 60_000 },
    );
    if (answer.action !== 'accept' || answer.content?.send !== true) {
      throw new Error(`you did not confirm ${target}: nothing was sent`);
    }
  };

  server.registerTool(
    'get_changelog',
    {
      title: "Read an API's changelog",
      description:
        "What changed in an API's document, newest first, breaking changes apart: the changelog page as Markdown, from a date on if `since` is given.",
      inputSchema: {
        api: apiArgument,
        since: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
          .optional()
          .describe('Only the entries of this day and later: YYYY-MM-DD'),
      },
    },
    guarded(async ({ api, since }: { api: string; since?: string }) => {
      const chosen = apiOf(api);
      const markdown = await source.text(`${chosen.linkBase}/changelog.md`);
      if (!since) return { content: [{ type: 'text' as const, text: markdown }] };
      // The page's entries are its second-level headings, each a date (`## 2026-11-22`), newest first.
      const [head, ...entries] = markdown.split(/^(?=## \d{4}-\d{2}-\d{2}\b)/m);
      const kept = entries.filter((entry) => entry.slice(3, 13) >= since);
      const text = kept.length > 0 ? [head, ...kept].join('') : `${head}No entry since ${since}.\n`;
      return { content: [{ type: 'text' as const, text }] };
    }),
  );

  server.registerPrompt(
    'integrate_api',
    {
      title: 'Integrate an API',
      description: 'Walks through authentication, a first call and paging, with the tools of this server.',
      argsSchema: { api: z.string().describe('The API: `data` or `chat`') },
    },
    ({ api }) => ({
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text: [
              `Help me integrate the ${api} API of this developer portal, step by step, with its MCP tools:`,
              `1. Call list_auth with api "${api}": say which credential I need, where it goes, how to get one, and which environment variables the samples read it and the base URL from.`,
              `2. Call list_operations with api "${api}" and propose a first read-only call.`,
              '3. Call get_operation for it: explain its parameters, their limits and defaults, and its errors.',
              '4. Call get_code_sample for it in my language (ask me which) and show the code as it is.',
              '5. Offer to try it with call_operation (a call that changes something is sent only once I confirm it when the server asks me).',
              "6. For a list, explain paging (offset and limit, each call's largest limit) from the overview, and write the loop.",
            ].join('\n'),
          },
        },
      ],
    }),
  );

  server.registerResource(
    'llms-txt',
    'portal://llms.txt',
    { title: 'llms.txt', description: 'Every page of the portal, linked as Markdown', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await source.text('/llms.txt') }] }),
  );
  for (const api of apis) {
    server.registerResource(
      `openapi-${api.id}`,
      `portal://openapi/${api.id}.json`,
      { title: `${api.title}: OpenAPI document`, mimeType: 'application/json' },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'application/json', text: await source.text(`/openapi/${api.id}.json`) }],
      }),
    );
  }
  return server;
}
