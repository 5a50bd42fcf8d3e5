import { isObject, type Json, type JsonObject } from '../../../lib/openapi/document';

/**
 * The provider's documents are known to carry schemas of a container engine (volumes, plugins, swarm, images,
 * containers) that are not product behaviour (spec §3). A schema is dropped when its name belongs to one of those
 * families and nothing the operations use refers to it; a referenced one is kept, since dropping it would break
 * the document.
 */
export const containerEngineSchemaPattern = /^(Volume|Plugin|Swarm|Image|Container)(?![a-z])/;

/** Names of the component schemas reachable from the paths (and from the other non-schema components). */
export function referencedSchemas(document: JsonObject): Set<string> {
  const schemas =
    isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const seen = new Set<string>();
  const visit = (value: Json): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isObject(value)) return;
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length).replaceAll('~1', '/').replaceAll('~0', '~');
      if (!seen.has(name)) {
        seen.add(name);
        visit(schemas[name] ?? null);
      }
    }
    Object.values(value).forEach(visit);
  };
  const { components, ...rest } = document;
  visit(rest);
  if (isObject(components)) {
    visit(Object.fromEntries(Object.entries(components).filter(([kind]) => kind !== 'schemas')));
  }
  return seen;
}

export function dropContainerEngineSchemas(document: JsonObject): { document: JsonObject; dropped: string[] } {
  if (!isObject(document.components) || !isObject(document.components.schemas)) return { document, dropped: [] };
  const used = referencedSchemas(document);
  const dropped: string[] = [];
  const kept: JsonObject = {};
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    if (containerEngineSchemaPattern.test(name) && !used.has(name)) dropped.push(name);
    else kept[name] = schema;
  }
  return { document: { ...document, components: { ...document.components, schemas: kept } }, dropped };
}

const textKeys = new Set(['description', 'summary', 'title']);
const urlKeys = new Set(['url', 'termsOfService', 'authorizationUrl', 'tokenUrl', 'refreshUrl', 'openIdConnectUrl']);
const safeSchemes = /^(https?:|mailto:)/i;

/** Decodes the character references a Markdown renderer would decode before it looks at a link's scheme. */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '');
}

/** A link target is safe when it is relative, an anchor, or http(s)/mailto after decoding and removing blanks. */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and blanks inside a scheme, so `java\tscript:` must count as `javascript:`.
  const url = [...decodeReferences(raw)]
    .filter((char) => char.charCodeAt(0) > 0x20 && (char.charCodeAt(0) < 0x7f || char.charCodeAt(0) > 0x9f))
    .join('');
  if (url === '' || url.startsWith('#') || url.startsWith('/') || url.startsWith('.')) return true;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) return true;
  return safeSchemes.test(url);
}

/**
 * Makes Markdown text inert: raw HTML is escaped (so `<script>` and `onerror=` are shown, never run) and Markdown
 * links or images to unsafe schemes such as `javascript:` lose their target. Markdown itself keeps working.
 */
export function sanitizeMarkdown(text: string): string {
  // Link targets are checked on the raw text, before escaping, as a Markdown renderer would read them. One level
  // of balanced parentheses is part of a target; whatever follows an unsafe target ends up inside a `#` fragment.
  const inlineLinks = text.replace(
    /(!?\[[^\]]*\]\(\s*)(<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))*)/g,
    (match, open: string, target: string) => (isSafeUrl(target.replace(/^<|>$/g, '')) ? match : `${open}#`),
  );
  const definitions = inlineLinks.replace(
    /^( {0,3}\[[^\]]+\]:[ \t]*)(<[^>\n]*>|\S+)/gm,
    (match, open: string, target: string) => (isSafeUrl(target.replace(/^<|>$/g, '')) ? match : `${open}#`),
  );
  // Code spans and fenced blocks show their text literally (so `<api key>` is inert there) and must stay as written.
  return definitions
    .split(/(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/&(?=#|[a-z]+;)/gi, '&amp;').replaceAll('<', '&lt;')))
    .join('');
}

/** Keys whose values are data shown as code (examples, defaults), never rendered as Markdown: left as they are. */
const dataKeys = new Set(['example', 'value', 'default', 'enum', 'const']);
/** Keys whose children are named by the author (a property named `example` is a schema, not an example). */
const nameMapKeys = new Set([
  'paths',
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'content',
  'encoding',
  'mapping',
  'variables',
  'pathItems',
  'webhooks',
  'examples',
]);

/** Sanitizes every description, summary and title string, and drops unsafe URLs from URL fields. */
export function sanitizeDocument(document: JsonObject): { document: JsonObject; changed: number } {
  let changed = 0;
  const walk = (value: Json, key?: string): Json => {
    if (typeof value === 'string') {
      if (key !== undefined && textKeys.has(key)) {
        const clean = sanitizeMarkdown(value);
        if (clean !== value) changed += 1;
        return clean;
      }
      if (key !== undefined && urlKeys.has(key) && !isSafeUrl(value)) {
        changed += 1;
        return '#';
      }
      return value;
    }
    if (Array.isArray(value)) return key === 'examples' ? value : value.map((item) => walk(item));
    if (!isObject(value)) return value;
    const childrenAreNamed = key !== undefined && nameMapKeys.has(key);
    return Object.fromEntries(
      Object.entries(value).map(([childKey, child]) => {
        if (childrenAreNamed) return [childKey, walk(child)];
        if (dataKeys.has(childKey)) return [childKey, child];
        return [childKey, walk(child, childKey)];
      }),
    );
  };
  return { document: walk(document) as JsonObject, changed };
}
