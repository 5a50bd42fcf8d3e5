import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ParameterValues } from '../../../src/core/openapi/request';
import {
  codeSamples,
  documentSampleId,
  documentSampleLimits,
  sampleLanguages,
  sampleServer,
  sampleSettings,
  type SampleLanguage,
} from '../../../src/core/samples';
import { apiArgument, operationArgument, valuesArgument } from '../arguments';
import { guarded, jsonResult, type ToolContext } from '../context';

const languageIds = sampleLanguages.map((language) => language.id) as [SampleLanguage, ...SampleLanguage[]];

export function registerGetCodeSample(server: McpServer, { apis, operationOf }: ToolContext): void {
  server.registerTool(
    'get_code_sample',
    {
      title: 'Get a code sample',
      description:
        "The request of a call in one of the portal's ten languages, written by the same generator as its pages: it reads the credential and base URL from the environment variables the site names. A call whose document gives samples of its own (`x-codeSamples`, often the provider's SDK) lists them as `documentSamples`; ask for one by that name (`document:<label>`) to get it as the document wrote it.",
      inputSchema: {
        api: apiArgument(apis),
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
        values: valuesArgument.describe(
          "Parameter values by name; by default the documented examples. The portal's languages only",
        ),
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
      const settings = sampleSettings(document, { ...api });
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
}
