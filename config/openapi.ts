import type { PluginOptions } from '../src/plugins/openapi-source/lib/options';

/**
 * Generated static files (the resolved OpenAPI documents); gitignored, rebuilt by every start and build.
 * OPENAPI_GENERATED_DIR lets a second build (the remote-document test) keep out of the main build's way.
 */
export const generatedStaticDir = process.env.OPENAPI_GENERATED_DIR ?? '.generated/static';

/** The two APIs: vendored documents are the embedded default, a URL in the named variable overrides each. */
export const openapiSource = {
  staticDir: generatedStaticDir,
  apis: [
    { id: 'data-v4', vendored: 'openapi/data-v4.yaml', urlVariable: 'DATA_API_SPEC_URL' },
    { id: 'chat-v1', vendored: 'openapi/chat-v1.yaml', urlVariable: 'CHAT_API_SPEC_URL' },
  ],
} satisfies PluginOptions;
