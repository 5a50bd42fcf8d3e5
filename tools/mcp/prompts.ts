import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { namesList } from './arguments';
import type { ToolContext } from './context';

export function registerPrompts(server: McpServer, { apis }: ToolContext): void {
  server.registerPrompt(
    'integrate_api',
    {
      title: 'Integrate an API',
      description: 'Walks through authentication, a first call and paging, with the tools of this server.',
      argsSchema: { api: z.string().describe(`The API: ${namesList(apis.map((api) => api.key))}`) },
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
}
