import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toolContext, type McpOptions, type Registration } from './context';
import { registerPrompts } from './prompts';
import { registerResources } from './resources';
import { registerCallOperation } from './tools/call_operation';
import { registerGetChangelog } from './tools/get_changelog';
import { registerGetCodeSample } from './tools/get_code_sample';
import { registerGetOperation } from './tools/get_operation';
import { registerGetSchema } from './tools/get_schema';
import { registerListAuth } from './tools/list_auth';
import { registerListOperations } from './tools/list_operations';
import { registerListRecipes } from './tools/list_recipes';
import { registerRunRecipe } from './tools/run_recipe';
import { registerSearchDocs } from './tools/search_docs';

export type { McpApi, McpOptions } from './context';

/** In the order a client lists them: a tool is a file under tools/ and its line here. */
const registrations: readonly Registration[] = [
  registerSearchDocs,
  registerListOperations,
  registerGetOperation,
  registerGetSchema,
  registerGetCodeSample,
  registerListAuth,
  registerCallOperation,
  registerListRecipes,
  registerRunRecipe,
  registerGetChangelog,
  registerPrompts,
  registerResources,
];

/**
 * The portal's MCP server: the calls, schemas, samples and authentication of each API, from the artefacts the build
 * publishes, and a way to make a call. Descriptions and pages reach the assistant as the site's own Markdown twins.
 */
export function createPortalServer(options: McpOptions): McpServer {
  const server = new McpServer({ name: options.name, version: '1.0.0' });
  const context = toolContext(options);
  for (const register of registrations) register(server, context);
  return server;
}
