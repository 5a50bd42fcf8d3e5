import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runNode } from '../../../src/build/node/runNode';
import { readVendoredDocument } from '../../fixtures/vendored';
import { copySite, generatedPaths, sourceHash, treeHash } from '../../../tools/lib/siteCopy';
import { runMarkerVariable } from '../../../tools/lib/runMarker.mjs';
import { startSpecServer } from '../../fixtures/specServer';
import { productionBuild } from '../../../tools/build/productionBuild';

/**
 * Builds of the site with settings changed, for behaviours the production build cannot show. Built once per run by
 * the global setup, each in a throw-away copy of the site (so none touches the main build's generated files), into
 * test-results/variants/<name>.
 */
export const variants = {
  // A hostile remote Data API document (script, event handlers and javascript: links wherever text is shown) and
  // the test-only routes (crash page, lazy loading), which render nothing of the document: one build serves both,
  // since each variant is a full build of the site (some 40 s here). Its single-page references render only their
  // first calls in full, so the calls sent as summaries (and opened in the browser) are hostile text too, and its
  // sidebars only the first items of a list on the server, so today's documents show how a large API's would.
  // It is built for a base URL other than the root, as a site deployed under a path is: served there, every test of
  // it runs under that path; served at the root, it is a site with a wrong base URL (`wrongBase` below).
  hostile: {
    env: { E2E_TEST_ROUTES: '1', REFERENCE_FULL_CALLS: '8', SIDEBAR_SERVER_ITEMS: '4', BASE_URL: '/hostile/' },
    remoteDataDocument: '/hostile-everywhere',
  },
} as const;

/** How the global setup serves the variants: a build, and whether under its base URL or at the root. */
export const served = {
  hostile: { variant: 'hostile', underBase: true, urlVariable: 'E2E_HOSTILE_URL' },
  wrongBase: { variant: 'hostile', underBase: false, urlVariable: 'E2E_WRONG_BASE_URL' },
} as const;

export type VariantName = keyof typeof variants;

export function variantDir(name: VariantName): string {
  return path.resolve('test-results/variants', name);
}

/**
 * What a finished variant build was made from, written beside its folder (`<name>.json`): the `npm test` run that
 * built it, the hash of the copy's files (`sourceHash`), its settings, and the main build's files' hash before and
 * after it (`mainFiles`).
 */
interface VariantMarker {
  run: string;
  source: string;
  settings: unknown;
  mainBefore: string;
  mainAfter: string;
}

/** The main build's output and generated folders, which no variant build may change. */
export const mainFiles = ['build', ...generatedPaths];

function markerFile(name: VariantName): string {
  return `${variantDir(name)}.json`;
}

/**
 * Builds a variant into test-results/variants/<name>. With `mark`, the build is recorded for the global setup to
 * reuse (`prebuiltVariant`): npm test builds the variants beside the integration tier, then the browser tier serves
 * them.
 */
export async function buildVariant(name: VariantName, { mark = false } = {}): Promise<VariantMarker> {
  const variant: { env: Record<string, string>; remoteDataDocument?: string } = variants[name];
  rmSync(markerFile(name), { force: true });
  const mainBefore = mark ? treeHash(process.cwd(), mainFiles) : '';
  const specServer = variant.remoteDataDocument ? await startSpecServer(readVendoredDocument('data'), 10) : undefined;
  const site = copySite(process.cwd(), `variant-${name}-`);
  try {
    // Hashed in the copy, before the build writes its generated files there: the files it is built from.
    const source = sourceHash(site.dir, site.files);
    const remote =
      specServer && variant.remoteDataDocument
        ? { DATA_API_SPEC_URL: specServer.url(variant.remoteDataDocument), SPEC_STRICT: '1' }
        : {};
    const { code, output } = await productionBuild(
      [site.dir, '--out-dir', variantDir(name)],
      { ...process.env, ...variant.env, ...remote },
      (argv, env) => runNode(argv, { env, cwd: site.dir }),
    );
    if (code !== 0) throw new Error(`variant build ${name} failed (${code}):\n${output}`);
    const marker: VariantMarker = {
      run: process.env[runMarkerVariable] ?? '',
      source,
      settings: variants[name],
      mainBefore,
      mainAfter: mark ? treeHash(process.cwd(), mainFiles) : '',
    };
    if (mark) writeFileSync(markerFile(name), `${JSON.stringify(marker, null, 2)}\n`);
    return marker;
  } finally {
    await specServer?.stop();
    site.remove();
  }
}

/**
 * The record of a variant built earlier in this same `npm test` run (its run marker, `tools/lib/runMarker.mjs`),
 * from the files the tree holds now and with today's settings; undefined otherwise (`npm run test:e2e` alone, a file
 * changed since, a failed or missing build), and the global setup builds it as before.
 */
export function prebuiltVariant(name: VariantName): VariantMarker | undefined {
  const run = process.env[runMarkerVariable];
  if (!run || !existsSync(markerFile(name)) || !existsSync(path.join(variantDir(name), 'index.html'))) return undefined;
  let marker: VariantMarker;
  try {
    marker = JSON.parse(readFileSync(markerFile(name), 'utf8')) as VariantMarker;
  } catch {
    return undefined;
  }
  const current =
    marker.run === run &&
    JSON.stringify(marker.settings) === JSON.stringify(variants[name]) &&
    marker.source === sourceHash(process.cwd());
  return current ? marker : undefined;
}

/** The URL a variant is served at, set by the global setup: with the base URL when served under it. */
export function variantUrl(name: keyof typeof served): string {
  const url = process.env[served[name].urlVariable];
  if (!url) throw new Error(`${served[name].urlVariable} is not set: the global setup serves the variant builds`);
  return url;
}
