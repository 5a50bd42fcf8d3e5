import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The HTML file Docusaurus writes for a route (`/docs/webhooks` → `docs/webhooks/index.html`, or `<route>.html`),
 * for the plugins that read the build after it is written (llms-export, search-index).
 */
export function htmlFileOf(outDir: string, route: string): string {
  const direct = path.join(outDir, route.replace(/\/$/, ''), 'index.html');
  return existsSync(direct) ? direct : path.join(outDir, `${route.replace(/\/$/, '')}.html`);
}

/**
 * A built page cut to its `<head>` and its `<main>`, all that the readers of the build look at (the Markdown twins:
 * the title, the description and the doc; the search index: the article), for them to parse: the navbar, the sidebar
 * and the footer are left out. At Stripe's size the sidebar is half of a page's HTML, and parsing whole pages was most
 * of the twins' time (775 schema pages: 9.9 s whole, 4.7 s cut, the same Markdown). Text cannot hold a tag (its `<` is
 * written `&lt;`), so the tags found are the page's; a page without exactly one `<main>` and its end is left whole.
 */
export function headAndMain(html: string): string {
  const headEnd = html.indexOf('</head>');
  const mains = [...html.matchAll(/<main[\s>]/g)];
  if (headEnd < 0 || mains.length !== 1 || mains[0].index < headEnd) return html;
  const start = mains[0].index;
  const end = html.indexOf('</main>', start);
  if (end < 0) return html;
  return `${html.slice(0, headEnd)}</head><body>${html.slice(start, end + '</main>'.length)}</body></html>`;
}
