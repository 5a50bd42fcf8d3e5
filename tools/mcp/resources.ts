import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './context';

export function registerResources(server: McpServer, { source, apis }: ToolContext): void {
  server.registerResource(
    'llms-txt',
    'portal://llms.txt',
    {
      title: 'llms.txt',
      description: 'Every page of the portal, linked as Markdown (a large section through a list of its own)',
      mimeType: 'text/markdown',
    },
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
}
