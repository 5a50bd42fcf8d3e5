/**
 * A copy of a built site as it would be with every API k times larger, for the search benchmark: the documents
 * scaled (scale.ts), and each call and schema page copied to the routes of its k - 1 copies. The copies' text is
 * their original's, so a copy is an equally good answer to a query as its original (`originalRoute`).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listOperations, type JsonObject } from '../../../src/core/openapi/document';
import { operationSlug, schemaSlug } from '../../../src/core/openapi/view';
import { sitemapPaths } from '../../lib/links';
import { scaleDocument } from './scale';

export interface ScaledSite {
  dir: string;
  /** Every route of the copy: the build's own and the copied pages'. */
  routes: string[];
}

function htmlFile(dir: string, route: string): string {
  return path.join(dir, route, 'index.html');
}

/** The route a copy was made from: `/docs/data-api/get-games-k3` → `/docs/data-api/get-games`. */
export function originalRoute(url: string): string {
  return url.replace(/-k\d+(?=\/?(#|$))/, '');
}

export function scaledSearchSite(
  buildDir: string,
  dir: string,
  k: number,
  apis: readonly { id: string; linkBase: string }[],
): ScaledSite {
  rmSync(dir, { recursive: true, force: true });
  // Hard links: the copy costs no space, and files are replaced (never written through) below.
  const copy = spawnSync('cp', ['-al', buildDir, dir]);
  if (copy.status !== 0) throw new Error(`cp -al failed: ${copy.stderr.toString()}`);
  const routes = sitemapPaths(readFileSync(path.join(dir, 'sitemap.xml'), 'utf8'));
  for (const api of apis) {
    const file = path.join(dir, 'openapi', `${api.id}.json`);
    const document = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    const scaled = scaleDocument(document, k);
    rmSync(file);
    writeFileSync(file, JSON.stringify(scaled));
    const pages: [string, (copy: number) => string][] = [
      ...listOperations(document).map((ref): [string, (copy: number) => string] => [
        operationSlug(document, ref),
        (copy) => operationSlug(scaled, { ...ref, path: `/k${copy}${ref.path}` }),
      ]),
      ...Object.keys((document.components as JsonObject | undefined)?.schemas ?? {}).map(
        (name): [string, (copy: number) => string] => [
          schemaSlug(document, name),
          (copy) => schemaSlug(scaled, `${name}K${copy}`),
        ],
      ),
    ];
    for (const [slug, copySlug] of pages) {
      const source = htmlFile(dir, `${api.linkBase}/${slug}`);
      if (!existsSync(source)) continue;
      for (let index = 2; index <= k; index += 1) {
        const route = `${api.linkBase}/${copySlug(index)}`;
        mkdirSync(path.dirname(htmlFile(dir, route)), { recursive: true });
        copyFileSync(source, htmlFile(dir, route));
        routes.push(route);
      }
    }
  }
  return { dir, routes };
}
