import type { Badge, OperationBadges } from '../changelog';
import type { MarkdownTrees } from '../markdown/tree';
import type { SampleSettings } from '../samples/settings';
import type { ListedServer } from './servers';
import type { OperationView, SchemaNode, SchemaView } from './view';

/**
 * A generated reference page's data, kept out of the bundles: the page's MDX names only the file
 * (`<ReferencePage data="/openapi/<id>/pages/<slug>.json" />`), the server reads the file while it renders the page
 * and writes it into the HTML, the browser hydrates from that copy and fetches the file when it reaches the page by a
 * link. With the data in each page's MDX, the bundler held every page's data (as parsed JavaScript, twice: the browser's
 * and the server's bundles) and the server bundle every page's: Microsoft Graph's 14,000 pages did not build in 24 GB.
 */
interface PageDataCommon {
  /** The trees of the named schemas the page shows open (`SchemaCatalog.rootSchemas`). */
  schemas: Record<string, SchemaNode>;
  /** The route under which every schema's tree is a file: `/openapi/data-v4`. */
  schemaFiles: string;
  /** The parsed descriptions of everything the page shows. */
  markdown: MarkdownTrees;
  /** Route the links between pages start from: `/docs/data-api`. */
  linkBase: string;
}

export interface OperationPageData extends PageDataCommon {
  kind: 'operation';
  operation: OperationView;
  samples: SampleSettings;
  servers: ListedServer[];
  signInOrigins: readonly string[];
  changed: OperationBadges;
}

export interface SchemaPageData extends PageDataCommon {
  kind: 'schema';
  schema: SchemaView;
  /** "Changed" badges of the schema's fields, by field name. */
  changed: Record<string, Badge>;
  /** The schema's own badge, when it changed. */
  schemaChanged?: Badge;
}

export type ReferencePageData = OperationPageData | SchemaPageData;

/** The route of a page's data file: beside the API's schema files, `/openapi/data-v4/pages/get-games.json`. */
export function pageDataRoute(schemaFilesRoute: string, slug: string): string {
  return `${schemaFilesRoute}/pages/${slug}.json`;
}

/**
 * The page data as the file holds it and the page embeds it, one text for both: JSON with every `<` written as
 * `\u003c` (still JSON, and the same value), so the text can sit inside a `<script type="application/json">` element:
 * no `</script>` or `<!--` in a document's text can end the element or start markup.
 */
export function pageDataText(data: ReferencePageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
