import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../lib/process';
import { renderStockConfig, startNginx, type NginxServer } from './nginxServer';
import { renderNginxConfig } from './nginxConfig';
import { markdownAcceptCases } from './nginxAcceptCases';

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
    rmSync(privateDir, { recursive: true, force: true });
  }
  // Stopped, it leaves nothing behind: the folder it ran in goes too.
  expect(existsSync(nginx.prefix)).toBe(false);
});

test('a config that cannot be rendered leaves no folder behind', async () => {
  const site = mkdtempSync(path.join(tmpdir(), 'portal-unrendered-'));
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>home</title>');
  let prefix = '';
  try {
    await expect(
      startNginx({
        root: site,
        port: await freePort(),
        render: (options) => {
          prefix = options.prefix;
          throw new Error('refused: an inline script the site does not emit');
        },
      }),
    ).rejects.toThrow('refused');
    expect(prefix).not.toBe('');
    expect(existsSync(prefix)).toBe(false);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});

/**
 * The production config (deploy/nginx/portal.conf.template) on a site of two pages with their Markdown twins, as the
 * build writes them. The CSP is a fixed one: this site has none of the build's inline scripts to hash.
 */
describe('Markdown by content negotiation, in real nginx with the production config', () => {
  let nginx: NginxServer;
  let site: string | undefined;
  beforeAll(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'portal-negotiation-'));
    mkdirSync(path.join(site, 'guide'));
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>home</title><p>home page</p>');
    writeFileSync(path.join(site, 'index.md'), '# Home\n');
    writeFileSync(path.join(site, 'guide/index.html'), '<!doctype html><title>guide</title><p>guide page</p>');
    writeFileSync(path.join(site, 'guide.md'), '# Guide\n');
    writeFileSync(path.join(site, '404.html'), '<!doctype html><title>not found</title>');
    const deploy = path.resolve(__dirname, '../../deploy/nginx');
    nginx = await startNginx({
      root: site,
      port: await freePort(),
      render: ({ root, listen, prefix }) =>
        renderNginxConfig({
          template: readFileSync(path.join(deploy, 'portal.conf.template'), 'utf8'),
          securityHeaders: readFileSync(path.join(deploy, 'security-headers.conf'), 'utf8'),
          listen,
          root,
          prefix,
          mimeTypes: '/etc/nginx/mime.types',
          csp: "default-src 'self'",
        }),
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  test.each(
    markdownAcceptCases.flatMap(([accept, markdown]) => ['/', '/guide'].map((route) => ({ route, accept, markdown }))),
  )('$route with Accept: $accept answers Markdown: $markdown', async ({ route, accept, markdown }) => {
    const response = await fetch(`${nginx.url}${route}`, { headers: { accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
    );
    expect(await response.text()).toContain(markdown ? '# ' : ' page</p>');
    expect(response.headers.get('vary')).toMatch(/\baccept\b/i);
  });
});
