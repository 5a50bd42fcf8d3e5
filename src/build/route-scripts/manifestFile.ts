import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientManifest } from './origins';

/**
 * The client manifest's file, as Docusaurus writes it (react-loadable's addon, in the client compilation's `emit`
 * step) and reads it back to render the pages. route-scripts and lazy-routes both amend it after that step.
 */
export function clientManifestFile(generatedFilesDir: string): string {
  return path.join(generatedFilesDir, 'client-manifest.json');
}

export function updateClientManifest(file: string, change: (manifest: ClientManifest) => ClientManifest): void {
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as ClientManifest)));
}

/** The requests that import a chunk group (`@site/docs/webhooks.mdx`): what the server render reports. */
export function groupRequests(group: { origins: readonly { request?: string }[] } | undefined): string[] {
  return (group?.origins ?? []).map((origin) => origin.request ?? '');
}
