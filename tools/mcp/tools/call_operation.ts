import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ParameterValues } from '../../../src/core/openapi/request';
import { apiArgument, operationArgument, valuesArgument } from '../arguments';
import { gateCall, sendCall, type Ask } from '../callGate';
import { guarded, jsonResult, type ToolContext } from '../context';

/** How long the person has to answer a confirmation before the call is dropped. */
const confirmationTimeout = 10 * 60_000;

export function registerCallOperation(server: McpServer, context: ToolContext): void {
  const { apis, env, allowWrites, fetchImpl, operationOf } = context;
  server.registerTool(
    'call_operation',
    {
      title: 'Make a call',
      description:
        "Sends a call to the API's base URL from the environment (the site's variables), or to the local mock (`npm run mock`) when none is set, with the credential from the environment. Values are checked against the document's limits first. A call that changes something (any method but GET, HEAD and OPTIONS) is sent only after the person confirms it, asked by the server itself (MCP elicitation).",
      inputSchema: {
        api: apiArgument(apis),
        operation: operationArgument,
        values: valuesArgument.describe('Parameter values by name; by default the documented examples'),
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
        // Asked on the call's own request, so the client shows the question beside the call that raised it.
        const ask: Ask | undefined = server.server.getClientCapabilities()?.elicitation
          ? (request) =>
              server.server.elicitInput(request, { relatedRequestId: extra.requestId, timeout: confirmationTimeout })
          : undefined;
        const passed = await gateCall({ api, view, values: args.values, body: args.body }, { env, allowWrites, ask });
        return jsonResult(await sendCall(passed, fetchImpl));
      },
    ),
  );
}
