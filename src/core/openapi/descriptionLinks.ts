import type { LinkTargets } from '../markdown/links';
import { componentSchemas, isObject, listOperations, text, type JsonObject } from './document';
import { hasUrlScheme } from './servers';
import { kebabCase, operationSlug, schemaSlug } from './view/slugs';

/** Where a document's description links lead on this portal: see `LinkTargets`. */
export interface DescriptionLinkOptions {
  /** Route the API's pages start from: `/docs/data-api`. */
  linkBase: string;
  /** The API's single-page reference, where a tag's calls are together: `/api/data`. */
  referenceRoute?: string;
  /**
   * The document's site-relative links are pages of this portal (its own documents link to its guides); otherwise
   * they are the provider's pages (see `providerOrigin`).
   */
  portalLinks?: boolean;
}

function httpOrigin(value: unknown): string | undefined {
  const url = typeof value === 'string' ? value : '';
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The provider's site, where a site-relative link of its document leads: the origin of the document's
 * `externalDocs`, else of `info.contact.url`, else of its first absolute server.
 */
export function providerOrigin(document: JsonObject): string | undefined {
  const info = isObject(document.info) ? document.info : {};
  const contact = isObject(info.contact) ? info.contact : {};
  const externalDocs = isObject(document.externalDocs) ? document.externalDocs : {};
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const server = servers.map((entry) => (isObject(entry) ? text(entry.url) : '')).find((url) => hasUrlScheme(url));
  return httpOrigin(externalDocs.url) ?? httpOrigin(contact.url) ?? httpOrigin(server);
}

/** The link targets of one document's descriptions. */
export function descriptionLinks(document: JsonObject, options: DescriptionLinkOptions): LinkTargets {
  const operations = new Map<string, string>();
  const firstOfTag = new Map<string, string>();
  for (const ref of listOperations(document)) {
    const slug = operationSlug(document, ref);
    const id = text(ref.operation.operationId);
    if (id && !operations.has(id)) operations.set(id, slug);
    const tags = Array.isArray(ref.operation.tags) ? ref.operation.tags.map(text) : [];
    for (const tag of tags) if (!firstOfTag.has(tag)) firstOfTag.set(tag, slug);
  }
  const schemas = componentSchemas(document);
  const origin = options.portalLinks ? undefined : providerOrigin(document);
  return {
    operation: (id) => (operations.has(id) ? `${options.linkBase}/${operations.get(id)}` : undefined),
    tag: (name) => {
      if (!firstOfTag.has(name)) return undefined;
      return options.referenceRoute
        ? `${options.referenceRoute}#tag-${kebabCase(name) || 'x'}`
        : `${options.linkBase}/${firstOfTag.get(name)}`;
    },
    schema: (name) => (name in schemas ? `${options.linkBase}/${schemaSlug(document, name)}` : undefined),
    ...(options.portalLinks ? {} : { siteOrigin: origin ?? false }),
  };
}
