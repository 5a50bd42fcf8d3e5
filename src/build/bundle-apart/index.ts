import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  bundleSideVariable,
  serverBundleApartFromRoutes,
  serverBundleApartFromRoutesVariable,
  serverBundleFileVariable,
} from '../../../config/build';
import { positiveIntegerFrom } from '../../core/env';

/**
 * The bundler's two compilations in two processes for a large site (config/build.ts, `serverBundleApartFromRoutes`):
 * the bundle step leaves the server's compilation out and says so in a file; the server step then makes only the
 * server's, written into the site's output folder. Decided where the routes are known, in the bundle step.
 */

/** What the bundle step leaves for the server step. */
export interface ServerBundleRequest {
  /** The site's output folder, where the render step reads `__server/server.bundle.js`. */
  outDir: string;
  routes: number;
}

/** The part of a bundler configuration this changes. */
export interface BundlerConfig {
  entry?: unknown;
  output?: { path?: string };
  plugins?: unknown[];
}

/** How many routes the site has: the keys of Docusaurus's generated `routesChunkNames.json`. */
export function routeCount(generatedFilesDir: string): number {
  return Object.keys(JSON.parse(readFileSync(path.join(generatedFilesDir, 'routesChunkNames.json'), 'utf8')) as object)
    .length;
}

/**
 * Leaves a compilation nothing to do: one empty module for its entry, its output in `folder`, and no plugin (the
 * browser's would write the client manifest into the generated files and copy the static folders).
 */
export function emptyCompilation(config: BundlerConfig, folder: string): void {
  mkdirSync(folder, { recursive: true });
  const entry = path.join(folder, 'empty.js');
  writeFileSync(entry, '// A compilation left to another step of the build.\n');
  config.entry = { main: entry };
  config.output = { ...config.output, path: folder };
  config.plugins = [];
}

/** What a bundling process does with one compilation. */
export type SideDecision =
  { action: 'keep' } | { action: 'leave'; request?: ServerBundleRequest } | { action: 'server-into'; outDir: string };

/**
 * Decides for one compilation of a production bundling process run by tools/build/productionBuild.ts (which names
 * the request file); any other (`npm start`, the render step, a build run without it) keeps both.
 */
export function decideSide(options: {
  isServer: boolean;
  env: Record<string, string | undefined>;
  outDir: string;
  /** Counted only when a decision needs it. */
  routes: () => number;
  readRequest: (file: string) => ServerBundleRequest;
}): SideDecision {
  const { isServer, env } = options;
  const file = env[serverBundleFileVariable];
  if (!file || env.DOCUSAURUS_EXIT_AFTER_BUNDLING !== 'true') return { action: 'keep' };
  if (env[bundleSideVariable] === 'server') {
    return isServer ? { action: 'server-into', outDir: options.readRequest(file).outDir } : { action: 'leave' };
  }
  if (!isServer) return { action: 'keep' };
  const threshold = positiveIntegerFrom(
    env,
    serverBundleApartFromRoutesVariable,
    serverBundleApartFromRoutes,
    'routes',
  );
  const routes = options.routes();
  return routes < threshold ? { action: 'keep' } : { action: 'leave', request: { outDir: options.outDir, routes } };
}

/** Reads the bundle step's request; anything else in the file is an error naming it. */
export function readServerBundleRequest(file: string): ServerBundleRequest {
  const request = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerBundleRequest>;
  if (typeof request.outDir !== 'string' || !path.isAbsolute(request.outDir)) {
    throw new Error(`${file}: no output folder for the server's bundle`);
  }
  return { outDir: request.outDir, routes: Number(request.routes) };
}

/** Applies a decision to the compilation's configuration; the request, if any, is written to `file`. */
export function applySide(decision: SideDecision, config: BundlerConfig, file: string, isServer: boolean): string {
  const dropped = path.join(path.dirname(file), `left-${isServer ? 'server' : 'client'}`);
  if (decision.action === 'server-into') {
    config.output = { ...config.output, path: path.join(decision.outDir, '__server') };
    return `the server's bundle, into ${decision.outDir}`;
  }
  if (decision.action === 'leave') {
    emptyCompilation(config, dropped);
    if (decision.request) writeFileSync(file, JSON.stringify(decision.request));
    return decision.request
      ? `${decision.request.routes} routes: the browser's bundles here, the server's in a step of its own`
      : "the browser's compilation left to the bundle step";
  }
  return '';
}
