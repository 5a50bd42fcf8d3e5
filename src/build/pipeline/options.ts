import type { OptionValidationContext } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';
import type { ApiRecord } from '../../../config/apis';
import type { Badge } from '../../core/changelog';
import type { ApiConfig } from './pipeline';

/** Where one API's generated reference pages go, and what they link to. */
export interface PagesOptions {
  /** Folder of the generated MDX files, relative to the site; it is replaced as a whole at every build. */
  dir: string;
  /** Doc id prefix of that folder inside its docs instance: `data-api/reference`. */
  docIdPrefix: string;
  /** Route of the API's folder, without the docs instance's base: `/data-api`. */
  slugBase: string;
  /** Route the links between pages start from: `/docs/data-api`. */
  linkBase: string;
  /** Environment variable the code samples read the credential from. */
  credentialVariable: string;
  /** Environment variable the code samples read the base URL from. */
  baseUrlVariable: string;
  /** The explorer's local mock server for this API. */
  mockUrl: string;
  /** Origins a credential may go to: the API's own hosts and the local mock (src/build/hosts.ts). */
  trustedOrigins: readonly string[];
  /**
   * Origins Try it's OAuth2 sign-in may open its authorization page on: the API record's sign-in hosts
   * (src/build/hosts.ts). Left out, none: the sign-in works at the local mock only.
   */
  signInOrigins?: readonly string[];
  /**
   * Where each schema's tree is written as JSON (`<dir>/<schema slug>.json`, `dir` relative to the site and inside
   * a static directory) and the route it is served at: a page fetches a nested schema's fields when they are opened.
   */
  schemaFiles: { dir: string; route: string };
  /**
   * Where the links inside the document's descriptions lead (src/core/openapi/descriptionLinks.ts): the single-page
   * reference a tag's anchor opens, and whether site-relative links are this portal's pages or the provider's.
   */
  descriptionLinks?: { referenceRoute?: string; portalLinks?: boolean };
  /** "Changed" badges from the API's changelog, by target (`GET /path`, `GET /path limit`, `Schema.field`). */
  changed?: Record<string, Badge>;
}

/** An API's landing and overview pages (src/build/pages/overview.ts). */
export interface OverviewOptions {
  /** Document id: `data-v4`. */
  id: string;
  title: string;
  /** Route of the API's folder without the docs instance's base: `/data-api`. */
  slugBase: string;
  /** Id of the overview page in that folder: `data`. */
  overview: string;
  /** Route of the single-page reference: `/api/data`. */
  reference: string;
  /** Position of the API's category in the sidebar. */
  position: number;
  credential: ApiRecord['credential']['kind'];
  prose: ApiRecord['prose'];
  quickStart?: ApiRecord['quickStart'];
}

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
  pages?: PagesOptions & {
    sidebarFile: string;
    factsFile: string;
    /** What the webhooks page shows of the document's webhooks (src/core/openapi/webhookIndex.ts). */
    webhooksFile?: string;
    overview?: OverviewOptions;
  };
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
  /**
   * The summary facts of every API with pages, in the registry's order, for the pages that list every API (the
   * `/docs/` root, Start here): each API's facts without its calls and paging lists, with its place on the site.
   */
  factsListFile?: string;
}

const nonEmpty = Joi.string().min(1);

/** Messages that name the option and what it must be, in the words the old hand-written checks used. */
const apiSchema = Joi.object({
  id: Joi.string()
    .pattern(/^[a-z0-9-]+$/)
    .required()
    .messages({ '*': '{{#label}} must be kebab-case, got {{#value}}' }),
  vendored: Joi.string()
    .pattern(/\.(ya?ml|json)$/)
    .required()
    .messages({ '*': '{{#label}} must be a .yaml, .yml or .json path' }),
  urlVariable: Joi.string()
    .pattern(/^[A-Z][A-Z0-9_]*$/)
    .required()
    .messages({ '*': '{{#label}} must be an environment variable name' }),
  unusedSchemas: Joi.object({
    pattern: Joi.string()
      .required()
      .custom((value: string) => {
        // Throws on a pattern that does not compile; the value stays the string.
        new RegExp(value);
        return value;
      })
      .messages({ '*': '{{#label}} must be a regular expression' }),
    what: nonEmpty.required(),
  }),
  reference: Joi.object({
    route: Joi.string().pattern(/^\//).required().messages({ '*': '{{#label}} must be a site path starting with /' }),
    title: nonEmpty.required(),
    description: nonEmpty.required(),
    overview: nonEmpty.required(),
    runtimeSpecUrl: Joi.string()
      .pattern(/^(\/|https?:\/\/)/)
      .messages({ '*': '{{#label}} must be a site path or an http(s) URL, got {{#value}}' }),
  }).unknown(),
  pages: Joi.object({
    dir: nonEmpty.required(),
    docIdPrefix: nonEmpty.required(),
    slugBase: nonEmpty.pattern(/^\//).required().messages({ 'string.pattern.base': '{{#label}} must start with /' }),
    linkBase: nonEmpty.required(),
    credentialVariable: nonEmpty.required(),
    baseUrlVariable: nonEmpty.required(),
    mockUrl: nonEmpty
      .pattern(/^https?:\/\//)
      .required()
      .messages({ 'string.pattern.base': '{{#label}} must be an http(s) URL' }),
    signInOrigins: Joi.array()
      .items(Joi.string().pattern(/^https?:\/\/[^/?#]+$/))
      .messages({ '*': '{{#label}} must be an origin, https://host[:port]' }),
    sidebarFile: nonEmpty.required(),
    schemaFiles: Joi.object({
      dir: nonEmpty.required(),
      route: Joi.string().pattern(/^\//).required().messages({ '*': '{{#label}} must be a site path starting with /' }),
    }).required(),
    descriptionLinks: Joi.object({
      referenceRoute: Joi.string().pattern(/^\//).messages({ '*': '{{#label}} must be a site path starting with /' }),
      portalLinks: Joi.boolean(),
    }),
  }).unknown(),
}).unknown();

/** The options' schema, checked with Joi as Docusaurus checks its own plugins' options. */
export const optionsSchema = Joi.object<PluginOptions>({
  apis: Joi.array()
    .items(apiSchema)
    .min(1)
    .unique('id')
    .unique('reference.route', { ignoreUndefined: true })
    .required()
    .messages({
      'array.min': '`apis` must list at least one API',
      'any.required': '`apis` must list at least one API',
      'array.unique': '{{#label}} has the same {{#path}} as apis[{{#dupePos}}]',
    }),
  staticDir: nonEmpty.required().messages({ '*': '`staticDir` must be a non-empty path' }),
  changelog: Joi.object({
    route: Joi.string().pattern(/^\//).required(),
    dataDir: nonEmpty.required(),
    author: nonEmpty.required(),
  }).messages({ '*': '`changelog` needs a route starting with /, a dataDir and an author' }),
}).unknown();

/** Validates the plugin's options and says exactly which one is wrong. */
export function validatePluginOptions(raw: unknown): PluginOptions {
  if (typeof raw !== 'object' || raw === null) throw new Error('[openapi-source] invalid options: expected an object');
  const result: Joi.ValidationResult<PluginOptions> = optionsSchema.validate(raw, { abortEarly: true, convert: false });
  if (result.error) throw new Error(`[openapi-source] invalid options: ${result.error.message}`);
  return result.value;
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
 * The options of a plugin that reads them from src/build/siteOptions.ts rather than from docusaurus.config.ts (Docusaurus
 * ships the latter to the browser): those given, when a caller such as a test passes some, else the site's own.
 */
export function ownOptions(given: unknown, site: PluginOptions): unknown {
  return typeof given === 'object' && given !== null && 'apis' in given ? given : site;
}
