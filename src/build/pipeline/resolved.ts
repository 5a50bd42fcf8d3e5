import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolutionFileVariable } from '../../../config/build';
import type { PluginOptions } from './options';
import { prefixedConsole, runPipeline, type Logger, type PipelineOptions } from './pipeline';
import type { RenderCheck, ResolvedDocument } from './resolve';
import { writeFileAtomic } from './writeAtomic';

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
export function resolvedDocuments(
  siteDir: string,
  options: PluginOptions,
  renderable: RenderCheck,
): Promise<ResolvedDocument[]> {
  const stamp = stampOf(siteDir, options);
  const known = bySite.get(siteDir);
  if (known && known.stamp === stamp) return known.resolving;
  const resolving = resolveOnce({
    siteDir,
    outDir: path.resolve(siteDir, options.staticDir, 'openapi'),
    apis: options.apis,
    env: process.env,
    logger: prefixedConsole,
    renderable,
  });
  bySite.set(siteDir, { stamp, resolving });
  return resolving;
}

/**
 * The spec pipeline, once per production build however many processes it runs in (config/build.ts): with
 * `SPEC_RESOLUTION_FILE` set, the first process resolves, publishes and writes what it resolved to that file; a
 * later one reads the file, fetching nothing, so it renders the documents the first one bundled.
 */
export async function resolveOnce(
  options: PipelineOptions,
  run: (options: PipelineOptions) => Promise<ResolvedDocument[]> = runPipeline,
): Promise<ResolvedDocument[]> {
  const file = options.env[resolutionFileVariable];
  if (!file) return run(options);
  if (!existsSync(file)) {
    const resolved = await run(options);
    await writeFileAtomic(file, JSON.stringify(resolved));
    return resolved;
  }
  return readResolution(
    file,
    options.apis.map((api) => api.id),
    options.logger,
  );
}

async function readResolution(file: string, ids: string[], logger: Logger): Promise<ResolvedDocument[]> {
  const resolved = JSON.parse(await readFile(file, 'utf8')) as ResolvedDocument[];
  const found = resolved.map((result) => result.id);
  if (found.join() !== ids.join()) {
    throw new Error(
      `${resolutionFileVariable} (${file}) holds the documents of ${found.join(', ') || 'no API'}, ` +
        `not of ${ids.join(', ')}: it belongs to another build`,
    );
  }
  for (const result of resolved) {
    logger.info(
      `${result.id}: using the ${result.source} document ${result.origin}, as this build's first step resolved it`,
    );
  }
  return resolved;
}
