import type { OptionValidationContext } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';
import type { OverviewOptions } from './overview';
import type { PagesOptions } from './pages';
import type { ApiConfig } from './pipeline';

/** A single-page reference of one API's resolved document (`/api/data`). */
export interface ReferenceOptions {
  /** Site route, such as `/api/data`. */
  route: string;
  title: string;
  description: string;
  /** Route of the API's overview page, linked from the reference. */
  overview: string;
  /** Where the page loads the document from at runtime (site-relative or absolute); none loads nothing. */
  runtimeSpecUrl?: string;
}

export interface ApiOptions extends ApiConfig {
  /** The API's changelog history (`openapi/changelog/<id>.json`), appended to by `specs:pull`, shown by the pages. */
  changelog?: string;
  reference?: ReferenceOptions;
  /** One page per operation and per schema, in a docs instance, with a sidebar file that instance reads. */
  pages?: PagesOptions & { sidebarFile: string; factsFile: string; overview?: OverviewOptions };
}

/** The changelog pages: one for all APIs at `route`, one per API at `<linkBase>/changelog`, each with `atom.xml`. */
export interface ChangelogOptions {
  route: string;
  /** Folder, relative to the site, of the pages' data (`<id>.json`, `all.json`). */
  dataDir: string;
  /** The feeds' author, and the name in their titles. */
  author: string;
}

export interface PluginOptions {
  /** The APIs whose documents are resolved, in order. */
  apis: ApiOptions[];
  changelog?: ChangelogOptions;
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
  const { apis, staticDir, changelog } = raw as Partial<PluginOptions>;
  if (changelog !== undefined && (!changelog.route?.startsWith('/') || !changelog.dataDir || !changelog.author)) {
    fail('`changelog` needs a route starting with /, a dataDir and an author');
  }
  if (typeof staticDir !== 'string' || staticDir === '') fail('`staticDir` must be a non-empty path');
  if (!Array.isArray(apis) || apis.length === 0) return fail('`apis` must list at least one API');
  const ids = new Set<string>();
  const routes = new Set<string>();
  for (const [index, api] of apis.entries()) {
    if (!idPattern.test(api?.id ?? '')) fail(`apis[${index}].id must be kebab-case, got ${JSON.stringify(api?.id)}`);
    if (ids.has(api.id)) fail(`apis[${index}].id ${api.id} is listed twice`);
    ids.add(api.id);
    if (typeof api.vendored !== 'string' || !/\.(ya?ml|json)$/.test(api.vendored)) {
      fail(`apis[${index}].vendored must be a .yaml, .yml or .json path`);
    }
    if (!variablePattern.test(api.urlVariable ?? ''))
      fail(`apis[${index}].urlVariable must be an environment variable name`);
    const reference = api.reference;
    if (reference !== undefined) {
      if (typeof reference.route !== 'string' || !reference.route.startsWith('/'))
        fail(`apis[${index}].reference.route must be a site path starting with /`);
      if (routes.has(reference.route)) fail(`apis[${index}].reference.route ${reference.route} is used twice`);
      routes.add(reference.route);
      for (const key of ['title', 'description', 'overview'] as const) {
        if (typeof reference[key] !== 'string' || reference[key] === '')
          fail(`apis[${index}].reference.${key} must be a non-empty string`);
      }
      const runtime = reference.runtimeSpecUrl;
      if (runtime !== undefined && !/^(\/|https?:\/\/)/.test(runtime))
        fail(`apis[${index}].reference.runtimeSpecUrl must be a site path or an http(s) URL, got ${runtime}`);
    }
    const pages = api.pages;
    if (pages !== undefined) {
      for (const key of [
        'dir',
        'docIdPrefix',
        'slugBase',
        'linkBase',
        'credentialVariable',
        'baseUrlVariable',
        'mockUrl',
        'sidebarFile',
      ] as const) {
        if (typeof pages[key] !== 'string' || pages[key] === '')
          fail(`apis[${index}].pages.${key} must be a non-empty string`);
      }
      if (!pages.slugBase.startsWith('/')) fail(`apis[${index}].pages.slugBase must start with /`);
      if (!/^https?:\/\//.test(pages.mockUrl)) fail(`apis[${index}].pages.mockUrl must be an http(s) URL`);
    }
  }
  return { apis, staticDir: staticDir as string, ...(changelog ? { changelog } : {}) };
}

/**
 * The plugins' `validateOptions`: Docusaurus runs it when it loads the config, so a wrong option stops the build
 * with its name. Its own `validate` then adds the plugin's `id`, as it does for every plugin.
 */
export function validateOptions({ validate, options }: OptionValidationContext<unknown, PluginOptions>): PluginOptions {
  validatePluginOptions(options);
  return validate(Joi.object<PluginOptions>().unknown(), options);
}

/**
 * The options of a plugin that reads them from config/openapi.ts rather than from docusaurus.config.ts (Docusaurus
 * ships the latter to the browser): those given, when a caller such as a test passes some, else the site's own.
 */
export function ownOptions(given: unknown, site: PluginOptions): unknown {
  return typeof given === 'object' && given !== null && 'apis' in given ? given : site;
}
