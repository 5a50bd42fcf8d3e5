import type { ApiConfig } from './pipeline';

export interface PluginOptions {
  /** The APIs whose documents are resolved, in order. */
  apis: ApiConfig[];
  /** Folder, relative to the site, that is served as a static directory; documents go to `<outDir>/openapi/`. */
  staticDir: string;
}

const idPattern = /^[a-z0-9-]+$/;
const variablePattern = /^[A-Z][A-Z0-9_]*$/;

/** Validates the plugin's options and says exactly which one is wrong. */
export function validatePluginOptions(raw: unknown): PluginOptions {
  const fail = (message: string): never => {
    throw new Error(`[openapi-source] invalid options: ${message}`);
  };
  if (typeof raw !== 'object' || raw === null) return fail('expected an object');
  const { apis, staticDir } = raw as Partial<PluginOptions>;
  if (typeof staticDir !== 'string' || staticDir === '') fail('`staticDir` must be a non-empty path');
  if (!Array.isArray(apis) || apis.length === 0) return fail('`apis` must list at least one API');
  const ids = new Set<string>();
  for (const [index, api] of apis.entries()) {
    if (!idPattern.test(api?.id ?? '')) fail(`apis[${index}].id must be kebab-case, got ${JSON.stringify(api?.id)}`);
    if (ids.has(api.id)) fail(`apis[${index}].id ${api.id} is listed twice`);
    ids.add(api.id);
    if (typeof api.vendored !== 'string' || !/\.(ya?ml|json)$/.test(api.vendored)) {
      fail(`apis[${index}].vendored must be a .yaml, .yml or .json path`);
    }
    if (!variablePattern.test(api.urlVariable ?? ''))
      fail(`apis[${index}].urlVariable must be an environment variable name`);
  }
  return { apis, staticDir: staticDir as string };
}
