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
