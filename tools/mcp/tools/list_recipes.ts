import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { guarded, jsonResult, type ToolContext } from '../context';
import { recipeListing } from '../recipes';

export function registerListRecipes(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'list_recipes',
    {
      title: 'List recipes',
      description:
        "The portal's recipes: tasks that take several calls (find a player, then page through their matches; read a chat room, then post), as Arazzo workflows. Each with what it does, its page's URL, its workflows with their inputs (descriptions, examples, defaults; a credential input left out is the server's own credential) and the steps that change something (the person is asked before each). run_recipe runs one.",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    guarded(async () => jsonResult(await recipeListing(context))),
  );
}
