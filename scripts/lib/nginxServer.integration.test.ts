import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { freePort } from './process';
import { renderStockConfig, startNginx } from './nginxServer';

test('nginx serves a site inside a folder only its owner may enter (as /root and mktemp -d are)', async () => {
  const privateDir = mkdtempSync(path.join(tmpdir(), 'portal-private-'));
  expect(statSync(privateDir).mode & 0o777).toBe(0o700);
  const site = path.join(privateDir, 'checkout', 'build');
  mkdirSync(site, { recursive: true });
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>private</title><p>served</p>');
  const nginx = await startNginx({ root: site, port: await freePort(), render: renderStockConfig });
  try {
    const response = await fetch(nginx.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('served');
  } finally {
    await nginx.stop();
  }
});
