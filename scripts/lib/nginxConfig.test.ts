import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { connectSourcesFor, contentSecurityPolicy, inlineScriptHashes, renderNginxConfig } from './nginxConfig';

describe('inlineScriptHashes', () => {
  test('hashes executable inline scripts only', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{"a":1}</script>' +
      '<script type="text/javascript">b()</script>';
    // sha256 of "a()" and "b()", base64, as `printf 'a()' | openssl dgst -sha256 -binary | base64` prints them.
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
      "'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='",
    ]);
  });
});

describe('contentSecurityPolicy', () => {
  test('allows scripts by hash, never unsafe-inline, and forbids framing', () => {
    const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"] });
    expect(csp).toContain("script-src 'self' 'sha256-a' 'sha256-b';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy({ scriptHashes: [], connectSources: ['http://127.0.0.1:4010'] })).toContain(
      "connect-src 'self' http://127.0.0.1:4010",
    );
  });
});

describe('renderNginxConfig', () => {
  const base = {
    template: readFileSync('deploy/nginx/portal.conf.template', 'utf8'),
    securityHeaders: readFileSync('deploy/nginx/security-headers.conf', 'utf8'),
    listen: '127.0.0.1:8080',
    root: '/srv/portal',
    prefix: '/tmp/nginx',
    mimeTypes: '/etc/nginx/mime.types',
    csp: "default-src 'self'",
  };

  test('fills every placeholder and serves the Markdown and YAML types', () => {
    const config = renderNginxConfig(base);
    expect(config).not.toMatch(/\{\{/);
    expect(config).toContain('listen 127.0.0.1:8080;');
    expect(config).toContain('root /srv/portal;');
    expect(config).toContain('add_header Content-Security-Policy "default-src \'self\'" always;');
    expect(config).toContain('text/markdown md;');
    expect(config).toContain('application/yaml yaml yml;');
    expect(config).toContain('# brotli: module not installed');
  });

  test('loads brotli only when given the module', () => {
    const config = renderNginxConfig({ ...base, brotli: 'brotli on;', loadModules: ['/m/brotli.so'] });
    expect(config).toContain('load_module /m/brotli.so;');
    expect(config).toContain('brotli on;');
  });

  test('refuses a CSP that would break out of its header', () => {
    expect(() => renderNginxConfig({ ...base, csp: 'a" always; return 200 "x' })).toThrow(/must not contain quotes/);
  });

  test('refuses to leave a placeholder unfilled', () => {
    expect(() => renderNginxConfig({ ...base, template: 'listen {{LISTEN}}; {{NEW_THING}}' })).toThrow('{{NEW_THING}}');
  });
});

describe('connectSourcesFor', () => {
  test('lists the origins of every server and extra URL once, and nothing that is not http(s)', () => {
    const documents = [
      { servers: [{ url: 'https://open.arena.example/data/v4' }, { url: '/relative' }] },
      { servers: [{ url: 'https://open.arena.example/chat/v1' }, { url: "javascript:alert('x')" }] },
      { openapi: '3.1.0' },
    ];
    expect(connectSourcesFor(documents, ['http://127.0.0.1:4010', 'http://127.0.0.1:4011/x', 'not a url'])).toEqual([
      'http://127.0.0.1:4010',
      'http://127.0.0.1:4011',
      'https://open.arena.example',
    ]);
  });
});
