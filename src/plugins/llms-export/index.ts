import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { JsonObject } from '../../core/openapi/document';
import { writeFileAtomic } from '../../build/pipeline/writeAtomic';
import { exportPages, sectionsWithApis, type LlmsExportOptions } from '../../build/llms/exportPages';

export type { LlmsExportOptions };
import { twinPath } from '../../core/markdownTwin';
import { htmlFileOf } from '../../build/buildOutput';
import { llmsFullTxt, llmsSectionFiles, llmsTxt } from '../../build/llms/llms';
import { apiCatalog, apiCatalogPath } from '../../build/llms/apiCatalog';
import { firstTrustedServer, usableServerUrls } from '../../core/openapi/servers';
import { pageCallsFrom } from '../../core/openapi/referencePages';
import { twinMemo, twinMemoFile, twinMemoVersion } from '../../build/llms/twinMemo';
import { pageCacheVariable } from '../../../config/build';

/**
 * After the build: a Markdown twin of every page at its path plus `.md`, `/llms.txt` and `/llms-full.txt`, for AI
 * tools. Logic lives in `lib/`; this hook only reads the build and writes the files.
 */
export function validateLlmsOptions(raw: unknown): LlmsExportOptions {
  const apis = (raw as Partial<LlmsExportOptions> | null)?.apis;
  const valid =
    Array.isArray(apis) &&
    apis.every((api) =>
      (['id', 'linkBase', 'reference', 'overview', 'credentialVariable', 'baseUrlVariable'] as const).every(
        (key) => typeof api?.[key] === 'string',
      ),
    ) &&
    apis.every((api) => Array.isArray(api?.trustedOrigins));
  if (!valid)
    throw new Error(
      '[llms-export] invalid options: `apis` must list { id, linkBase, reference, overview, credentialVariable, baseUrlVariable, trustedOrigins }',
    );
  return { apis };
}

export default function llmsExportPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = validateLlmsOptions(rawOptions);
  // The code this process runs, as it was when it loaded (an edit to src/ during a long build is not this build's); in
  // a build by tools/build only, which names the page cache's folder (the render step reads and writes the memo).
  const cacheFolder = process.env[pageCacheVariable];
  const memoVersion = cacheFolder ? twinMemoVersion(context.siteDir) : '';
  return {
    name: 'llms-export',
    async postBuild({ outDir, routesPaths, siteConfig }) {
      // Docusaurus starts every plugin's postBuild at once, in the config's order, and this one is synchronous work on
      // the one thread for a minute at Microsoft Graph's size (every twin): without this pause the search index, whose
      // indexing runs in processes of its own, started only after it (postBuild 155 s, 2026-11-28).
      await new Promise((resolve) => setImmediate(resolve));
      const base = context.baseUrl.replace(/\/$/, '');
      const apis = options.apis.map((api) => {
        const document = JSON.parse(readFileSync(path.join(outDir, 'openapi', `${api.id}.json`), 'utf8')) as JsonObject;
        const info = document.info as { title?: unknown } | undefined;
        return { api: { ...api, name: typeof info?.title === 'string' ? info.title : api.id }, document };
      });
      const routes = routesPaths.map((route) =>
        base && route.startsWith(base) ? route.slice(base.length) || '/' : route,
      );
      // Beside the page cache of this output folder (what it is: twinMemo.ts).
      const memo = twinMemo(cacheFolder ? path.join(cacheFolder, twinMemoFile) : undefined, memoVersion);
      const pages = exportPages(
        routes,
        apis,
        (route) => readFileSync(htmlFileOf(outDir, route), 'utf8'),
        pageCallsFrom(process.env),
        (html) => memo.page(html),
      );
      for (const page of pages) {
        await writeFileAtomic(path.join(outDir, twinPath(page.route)), page.markdown);
      }
      const site = { title: siteConfig.title, summary: siteConfig.tagline, url: `${siteConfig.url}${base}` };
      const sections = sectionsWithApis(apis.map(({ api }) => api));
      const catalog = apiCatalog(
        site.url,
        apis.map(({ api, document }) => ({
          id: api.id,
          baseUrl: firstTrustedServer(usableServerUrls(document.servers), api.trustedOrigins) ?? site.url,
          overview: api.overview,
          reference: api.reference,
          postman: existsSync(path.join(outDir, 'openapi', `${api.id}.postman.json`)),
        })),
      );
      await writeFileAtomic(path.join(outDir, apiCatalogPath), `${JSON.stringify(catalog, null, 2)}\n`);
      await writeFileAtomic(
        path.join(outDir, 'llms.txt'),
        llmsTxt(
          site,
          pages,
          sections,
          apis.map(({ api }) => api),
        ),
      );
      for (const file of llmsSectionFiles(site, pages, sections)) {
        await writeFileAtomic(path.join(outDir, file.name), file.content);
      }
      await writeFileAtomic(path.join(outDir, 'llms-full.txt'), llmsFullTxt(site, pages));
      await memo.save();
      console.log(
        `[llms-export] wrote ${pages.length} Markdown twins (${memo.reused} read as in the last build), llms.txt, ` +
          `llms-full.txt and ${apiCatalogPath}`,
      );
    },
  };
}
