import path from 'node:path';
import { runNode } from '../../../src/build/node/runNode';
import { readVendoredDocument } from '../../fixtures/vendored';
import { copySite } from '../../../tools/lib/siteCopy';
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

export async function buildVariant(name: VariantName): Promise<void> {
  const variant: { env: Record<string, string>; remoteDataDocument?: string } = variants[name];
  const specServer = variant.remoteDataDocument ? await startSpecServer(readVendoredDocument('data'), 10) : undefined;
  const site = copySite(process.cwd(), `variant-${name}-`);
  try {
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
  } finally {
    await specServer?.stop();
    site.remove();
  }
}

/** The URL a variant is served at, set by the global setup: with the base URL when served under it. */
export function variantUrl(name: keyof typeof served): string {
  const url = process.env[served[name].urlVariable];
  if (!url) throw new Error(`${served[name].urlVariable} is not set: the global setup serves the variant builds`);
  return url;
}
