import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PluginOptions } from './options';
import { prefixedConsole, runPipeline } from './pipeline';
import type { ResolvedDocument } from './resolve';

/**
 * The resolved documents of a site, shared by the plugins that use them (the source, the generated pages, the
 * single-page references). Docusaurus creates plugins concurrently, so the first to ask starts the spec pipeline
 * and the others wait for the same result: each document is fetched, checked and published once per build.
 */
const bySite = new Map<string, { stamp: string; resolving: Promise<ResolvedDocument[]> }>();

/** What `npm start` watches for the documents: each API's vendored document. */
export function documentPaths(siteDir: string, options: PluginOptions): string[] {
  return options.apis.map((api) => path.resolve(siteDir, api.vendored));
}

/** When each vendored document last changed: a new stamp means the documents must be resolved again. */
function stampOf(siteDir: string, options: PluginOptions): string {
  return documentPaths(siteDir, options)
    .map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0))
    .join(',');
}

/**
 * The site's resolved documents: resolved once, and again only when a vendored document changed since (during
 * `npm start`), however many plugins ask.
 */
export function resolvedDocuments(siteDir: string, options: PluginOptions): Promise<ResolvedDocument[]> {
  const stamp = stampOf(siteDir, options);
  const known = bySite.get(siteDir);
  if (known && known.stamp === stamp) return known.resolving;
  const resolving = runPipeline({
    siteDir,
    outDir: path.resolve(siteDir, options.staticDir, 'openapi'),
    apis: options.apis,
    env: process.env,
    logger: prefixedConsole,
  });
  bySite.set(siteDir, { stamp, resolving });
  return resolving;
}
