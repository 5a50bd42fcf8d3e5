import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { credentialGuide, credentialSentence, sentenceText } from '../../../src/core/openapi/security';
import type { SecurityView } from '../../../src/core/openapi/view';
import { apiArgument } from '../arguments';
import { guarded, jsonResult, type ToolContext } from '../context';

export function registerListAuth(server: McpServer, { source, apis, apiOf, load }: ToolContext): void {
  server.registerTool(
    'list_auth',
    {
      title: 'How to authenticate',
      description:
        "An API's security schemes, where each credential goes, how to get one, and the environment variables the portal's samples read.",
      inputSchema: { api: apiArgument(apis) },
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
}
