import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { defaultMaxSteps } from '../../../src/core/recipes/runModel';
import type { Ask } from '../callGate';
import { guarded, type ToolContext } from '../context';
import { maxRecipeSteps, recipeTimeLimitSeconds, runPublishedRecipe } from '../recipeRun';

/** How long the person has to answer a confirmation before the write is dropped (as call_operation). */
const confirmationTimeout = 10 * 60_000;

export function registerRunRecipe(server: McpServer, context: ToolContext): void {
  const { env, allowWrites, fetchImpl } = context;
  server.registerTool(
    'run_recipe',
    {
      title: 'Run a recipe',
      description: `Runs one workflow of a recipe (list_recipes names them) step by step against the API's base URL from the environment, or the local mock (\`npm run mock\`) when none is set, with the server's credential for a credential input left out. Answers the run's trace as Markdown (each step's request, answer, criteria, kept values and next action) with its status and outputs. Steps that only read are sent freely; a step that changes something is sent only after the person confirms it, asked by the server itself (MCP elicitation); a client that cannot ask gets the run refused before anything is sent. At most ${maxRecipeSteps} steps and ${recipeTimeLimitSeconds} s of calls.`,
      inputSchema: {
        recipe: z.string().describe('The recipe: its name as list_recipes gives it (`player-match-history`)'),
        workflow: z.string().optional().describe("The workflow to run; the recipe's first by default"),
        inputs: z
          .record(z.string(), z.unknown())
          .optional()
          .describe("The workflow's inputs by name, as list_recipes describes them"),
        maxSteps: z
          .number()
          .int()
          .min(1)
          .max(maxRecipeSteps)
          .optional()
          .describe(`The most steps the run takes, each call and workflow call counted (default ${defaultMaxSteps})`),
      },
      outputSchema: {
        recipe: z.string(),
        workflow: z.string(),
        status: z.enum(['succeeded', 'failed', 'stopped']),
        steps: z.number(),
        reason: z.string().optional(),
        outputs: z.record(z.string(), z.unknown()),
      },
      annotations: { openWorldHint: true, destructiveHint: true },
    },
    guarded(
      async (
        args: { recipe: string; workflow?: string; inputs?: Record<string, unknown>; maxSteps?: number },
        extra: { requestId: string | number; signal: AbortSignal },
      ) => {
        // Asked on the run's own request, so the client shows the question beside the run that raised it.
        const ask: Ask | undefined = server.server.getClientCapabilities()?.elicitation
          ? (request) =>
              server.server.elicitInput(request, { relatedRequestId: extra.requestId, timeout: confirmationTimeout })
          : undefined;
        const run = await runPublishedRecipe(context, args, {
          env,
          allowWrites,
          ...(ask ? { ask } : {}),
          ...(fetchImpl ? { fetchImpl } : {}),
          signal: extra.signal,
        });
        const { status, steps, reason, outputs } = run.result;
        return {
          content: [{ type: 'text' as const, text: run.text }],
          structuredContent: {
            recipe: run.recipe,
            workflow: run.workflow,
            status,
            steps,
            ...(reason !== undefined ? { reason } : {}),
            outputs,
          },
        };
      },
    ),
  );
}
