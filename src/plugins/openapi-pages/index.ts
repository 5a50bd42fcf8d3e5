import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { referenceLanguages } from '../../../config/codeLanguages';
import { apiFacts, type ApiFacts } from '../../core/openapi/facts';
import { ownOptions, validatePluginOptions } from '../../build/pipeline/options';
import { openapiSource } from '../../build/siteOptions';
import { overviewPages } from '../../build/pages/overview';
import { buildChangelog, writeChangelog } from '../../build/pages/changelogPages';
import { referencePages, writeProblem, writeReferencePages } from '../../build/pages/pages';
import { documentPaths, resolvedDocuments } from '../../build/pipeline/resolved';
import { renderingNotices } from '../../build/pages/renderable';
import { writePagesOnce } from '../../build/pages/writeOnce';
import type { ResolvedDocument } from '../../build/pipeline/resolve';
import { writeFileAtomic } from '../../build/pipeline/writeAtomic';
import { markdownTrees } from '../../core/markdown/parse';
import { descriptionLinks } from '../../core/openapi/descriptionLinks';
import { webhookIndex } from '../../core/openapi/webhookIndex';

/**
 * The code of the generated reference pages: their components and the view and request functions they use. The
 * Markdown renderer and the facts components are shared with guides and stay out of it.
 */
export const apiReferenceModules =
  /[\\/]src[\\/](components[\\/](ApiOperation|ApiExplorer|SinglePageReference)|core[\\/](openapi|samples))[\\/]/;
/** The Prism grammars only the reference's samples use (src/components/ApiOperation/grammars.ts). */
const referenceGrammars = new RegExp(
  `[\\\\/]prismjs[\\\\/]components[\\\\/]prism-(${[...referenceLanguages, 'markup-templating'].join('|')})\\.js$`,
);

const log = (message: string) => console.log(`[openapi-pages] ${message}`);

/** The two sides of `@portal/reference-page-data`. */
const pageDataReaders = path.resolve(__dirname, '../../components/ApiOperation/pageData');

/** Each API's folder of page data files, by the route it is served at. */
function pageDataDirs(siteDir: string, apis: ReturnType<typeof validatePluginOptions>['apis']): Record<string, string> {
  return Object.fromEntries(
    apis.flatMap((api) =>
      api.pages ? [[api.pages.schemaFiles.route, path.resolve(siteDir, api.pages.schemaFiles.dir)]] : [],
    ),
  );
}

/**
 * One job: from each resolved document, the operation and schema pages (MDX in the API's docs folder), the API's
 * landing and overview pages (one template), its sidebar and its facts file. Written when the plugin is created,
 * before the docs plugins read their folders; written again during `npm start` when a document changes (the docs
 * plugin then reloads the pages it finds changed).
 */
export default async function openapiPagesPlugin(context: LoadContext, rawOptions?: unknown): Promise<Plugin> {
  const options = validatePluginOptions(ownOptions(rawOptions, openapiSource));
  const siteUrl = `${context.siteConfig.url}${context.siteConfig.baseUrl}`.replace(/\/+$/, '');
  const write = async (resolved: ResolvedDocument[]): Promise<number> => {
    let written = 0;
    const listed: ApiFacts[] = [];
    // The changelog first: its badges go on the reference pages, its page into each API's folder.
    const now = new Date();
    const changelogOptions = options.changelog;
    const changelog =
      changelogOptions && (await buildChangelog(context.siteDir, options.apis, resolved, changelogOptions, now));
    for (const api of options.apis) {
      const result = resolved.find((candidate) => candidate.id === api.id);
      if (!api.pages || !result) continue;
      const { sidebarFile, factsFile, webhooksFile, overview, ...pagesOptions } = api.pages;
      const own = changelog?.apis.get(api.id);
      const pages = referencePages(result.document, api.id, { ...pagesOptions, changed: own?.badges });
      if (overview) pages.files.push(...overviewPages(overview));
      if (own) pages.files.push(own.page);
      try {
        await writeReferencePages(context.siteDir, pages, pagesOptions, sidebarFile);
      } catch (error) {
        // A disk full, a folder that cannot be written, a name the file system refuses: the API and the file
        // first, rather than a bare system error. The pages already there are kept (writeReferencePages swaps a
        // finished folder in).
        throw new Error(
          `[openapi-pages] ${api.id}: its pages could not be written to ${pagesOptions.dir}: ${writeProblem(error)}`,
          {
            cause: error,
          },
        );
      }
      const base = apiFacts(
        result.document,
        api.id,
        pagesOptions.linkBase,
        pagesOptions.trustedOrigins,
        pages.operations,
      );
      const links = descriptionLinks(result.document, {
        linkBase: pagesOptions.linkBase,
        ...pagesOptions.descriptionLinks,
      });
      const facts: ApiFacts = {
        ...base,
        // The errors' descriptions, parsed: guides show them (ErrorTable) without the parser.
        markdown: markdownTrees(base.errors, links),
        environment: {
          credentialVariable: pagesOptions.credentialVariable,
          baseUrlVariable: pagesOptions.baseUrlVariable,
        },
        ...(overview
          ? {
              site: {
                name: overview.title,
                href: `${pagesOptions.linkBase}/`,
                overview: `${pagesOptions.linkBase}/${overview.overview}`,
                reference: overview.reference,
                description: overview.prose.description,
              },
            }
          : {}),
      };
      await writeFileAtomic(path.resolve(context.siteDir, factsFile), JSON.stringify(facts, null, 2));
      if (webhooksFile) {
        // Written for a document without webhooks too: the page that imports it then says there are none.
        const hooks = webhookIndex(result.document, api.id, base.title, pagesOptions.linkBase);
        if (hooks.signingProblem) log(`${api.id}: no webhook handler samples: ${hooks.signingProblem}`);
        await writeFileAtomic(path.resolve(context.siteDir, webhooksFile), JSON.stringify(hooks));
      }
      // The list's pages show each API's summary (AtAGlance, ErrorTable, EnvSetup): its calls would only weigh.
      listed.push({ ...facts, operations: [], paging: [] });
      log(`${api.id}: wrote ${pages.files.length} pages to ${pagesOptions.dir}`);
      written += pages.files.length;
    }
    if (options.factsListFile) {
      await writeFileAtomic(path.resolve(context.siteDir, options.factsListFile), JSON.stringify(listed, null, 2));
    }
    if (changelog && changelogOptions) {
      await writeChangelog(context.siteDir, changelog, {
        ...changelogOptions,
        staticDir: options.staticDir,
        siteUrl,
        now,
      });
    }
    return written;
  };
  let resolved = await resolvedDocuments(context.siteDir, options, renderingNotices);
  const current = resolved;
  const outputs = options.apis.flatMap((api) =>
    api.pages
      ? [api.pages.dir, api.pages.schemaFiles.dir, api.pages.sidebarFile, api.pages.factsFile].map((file) =>
          path.resolve(context.siteDir, file),
        )
      : [],
  );
  if (!(await writePagesOnce(process.env, current, () => write(current), outputs))) {
    log(`the pages of ${current.map((result) => result.id).join(', ')} as this build's first step wrote them`);
  }
  return {
    name: 'openapi-pages',
    getPathsToWatch: () => documentPaths(context.siteDir, options),
    async loadContent() {
      const latest = await resolvedDocuments(context.siteDir, options, renderingNotices);
      if (latest === resolved) return;
      resolved = latest;
      const count = await write(latest);
      log(`a document changed: regenerated ${count} pages`);
    },
    configureWebpack: (_config, isServer, utils) => ({
      // The pages' data (src/core/openapi/pageData.ts): the server bundle reads each page's file from its folder while
      // it renders, the browser's reads the copy in the page or fetches the file.
      resolve: {
        alias: {
          '@portal/reference-page-data$': path.join(pageDataReaders, isServer ? 'read.server.ts' : 'read.client.ts'),
        },
      },
      plugins: isServer
        ? [
            new utils.currentBundler.instance.DefinePlugin({
              __REFERENCE_PAGE_DATA_DIRS__: JSON.stringify(pageDataDirs(context.siteDir, options.apis)),
            }),
          ]
        : [],
      // Docusaurus puts every module that half the pages use into a `common` chunk that every page loads. The
      // generated reference pages are most of the site's pages, so their components would ride along on every
      // guide; they get a chunk of their own, loaded by the reference pages only.
      optimization: isServer
        ? {}
        : {
            splitChunks: {
              cacheGroups: {
                apiReference: {
                  test: new RegExp(`${apiReferenceModules.source}|${referenceGrammars.source}`),
                  name: 'api-reference',
                  chunks: 'async',
                  minChunks: 2,
                  priority: 45,
                  enforce: true,
                },
              },
            },
          },
    }),
  };
}
