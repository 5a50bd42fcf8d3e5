import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageDataRead } from './types';

/**
 * The server's side of `@portal/reference-page-data` (src/plugins/openapi-pages aliases it in the server bundle
 * only): the page's data file, read from the generated static folder while the page renders. The folders are the
 * plugin's, by route (`{ "/openapi/data-v4": "<site>/.generated/static/openapi/data-v4" }`), given at bundling time.
 */
declare const __REFERENCE_PAGE_DATA_DIRS__: Record<string, string>;

/** A data file's route below its API's folder: `/pages/` and a slug's characters, no `..`. */
const dataPath = /^\/pages\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.json$/;

export function readPageData(route: string, _url?: string): PageDataRead {
  const dirs = __REFERENCE_PAGE_DATA_DIRS__;
  const base = Object.keys(dirs).find((prefix) => route.startsWith(`${prefix}/`));
  const rest = base === undefined ? '' : route.slice(base.length);
  if (base === undefined || !dataPath.test(rest) || rest.split('/').includes('..')) {
    throw new Error(`${route} is not a reference page's data file`);
  }
  const text = readFileSync(path.join(dirs[base], rest), 'utf8');
  return { text, data: JSON.parse(text) as PageDataRead['data'] };
}

export function forgetPageData(): void {}
