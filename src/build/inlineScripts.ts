import { createHash } from 'node:crypto';
import { parse } from 'parse5';

/**
 * The inline scripts the site itself emits, and the check that a built page holds no other. The Content-Security-
 * Policy allows inline scripts by hash; the hashes are those of this fixed set, never whatever inline scripts the
 * built HTML happens to contain, so a script smuggled into a page by document text can neither run nor get a hash.
 */

/** What each script of the site is, recognised by a marker only its own code carries. */
export const knownScripts = [
  // theme-classic's pre-body script: colour mode, data attributes from the query string, announcement bar state.
  { name: 'theme', marker: 'data-theme' },
  // Docusaurus core's banner for a misconfigured base URL (spec §2), in the head of the page at the base path.
  { name: 'base-url-banner', marker: 'insertBanner' },
  // plugin-client-redirects' page for each redirect of config/redirects.ts: one script per target.
  { name: 'client-redirect', marker: 'window.location.href = ', perPage: true },
] as const;

const executableTypes = new Set(['', 'text/javascript', 'application/javascript', 'module']);

export interface InlineScript {
  text: string;
  hash: string;
}

export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

interface Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

/**
 * Executable inline scripts of a page, in document order, as a browser parses it (parse5 follows the HTML
 * standard, so `<script>` inside an attribute value is text, and a script closed early by `</script>` in its own
 * text shows as the scripts a browser would run). JSON-LD and other data blocks are not run, so they are skipped.
 */
export function inlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  const visit = (node: Node): void => {
    if (node.nodeName === 'script') {
      const attribute = (name: string) => node.attrs?.find((attr) => attr.name === name)?.value;
      const type = (attribute('type') ?? '').trim().toLowerCase();
      if (attribute('src') === undefined && executableTypes.has(type)) {
        const text = (node.childNodes ?? []).map((child) => child.value ?? '').join('');
        scripts.push({ text, hash: scriptHash(text) });
      }
    }
    node.childNodes?.forEach(visit);
    if (node.content) visit(node.content);
  };
  visit(parse(html));
  return scripts;
}

/**
 * The site's own scripts, read from the pages that carry all of them (config/inlineScripts.ts): the not-found page,
 * the page at the base path (the only one with the base-URL banner) and the redirect pages. All are built from the
 * site's code and config (the landing page shows a document's server URL, as React text). Each script must be one
 * of `knownScripts`, each of those must be there, in one version (the redirect script: one per redirect page); the
 * bundler minifies them, so they are read from the build rather than rebuilt.
 */
export function siteScripts(pages: Record<string, string>): InlineScript[] {
  const scripts = new Map<string, InlineScript>();
  for (const [name, html] of Object.entries(pages)) {
    for (const script of inlineScripts(html)) {
      const known = knownScripts.filter((candidate) => script.text.includes(candidate.marker));
      if (known.length !== 1) {
        throw new Error(`the ${name} page holds an inline script the site does not emit: ${preview(script.text)}`);
      }
      scripts.set(script.hash, script);
    }
  }
  const pageCount = Object.values(pages).filter((html) => html.includes(knownScripts[2].marker)).length;
  for (const known of knownScripts) {
    const count = [...scripts.values()].filter((script) => script.text.includes(known.marker)).length;
    const expected = 'perPage' in known ? pageCount : 1;
    if (count !== expected)
      throw new Error(`expected ${expected} version(s) of the ${known.name} script, found ${count}`);
  }
  return [...scripts.values()];
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 80)}…` : flat);
}

/** Pages (by name) holding an executable inline script outside the site's own set, with a preview of each. */
export function foreignScripts(
  pages: Iterable<{ name: string; html: string }>,
  allowed: readonly InlineScript[],
): string[] {
  const hashes = new Set(allowed.map((script) => script.hash));
  const problems: string[] = [];
  for (const { name, html } of pages) {
    for (const script of inlineScripts(html)) {
      if (!hashes.has(script.hash)) problems.push(`${name}: ${preview(script.text)}`);
    }
  }
  return problems;
}
