import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { connectSourcesFor, contentSecurityPolicy, renderNginxConfig, withWorkerUser } from './nginxConfig';
import { markdownAcceptCases } from './nginxAcceptCases';

describe('contentSecurityPolicy', () => {
  test('allows scripts by hash, WebAssembly but never eval or unsafe-inline, and forbids framing', () => {
    const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"] });
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-a' 'sha256-b';");
    // The one 'unsafe' source is WebAssembly's (the search index's code); JavaScript eval and inline stay barred.
    expect(csp.match(/script-src[^;]*/)?.[0].replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe/);
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

/**
 * The `$markdown_accepted` map's regex, run here by JavaScript (the same syntax for what it uses: classes, a
 * lookahead, `~*` as the `i` flag) for quick feedback; nginx's PCRE is the judge, in nginxServer.integration.test.ts.
 */
describe('the Markdown negotiation map', () => {
  const template = readFileSync('deploy/nginx/portal.conf.template', 'utf8');
  const map = /map \$http_accept \$markdown_accepted \{\n\s*default 0;\n\s*"~\*(.+)" 1;\n\s*\}/.exec(template);

  test('is one case-insensitive regex with the default 0', () => {
    expect(map?.[1]).toBeDefined();
  });

  test.each(markdownAcceptCases)('Accept: %j chooses Markdown: %s', (accept, markdown) => {
    expect(new RegExp(map?.[1] ?? '$never', 'i').test(accept)).toBe(markdown);
  });
});

describe('connectSourcesFor', () => {
  test('lists the origin of every URL once, and nothing that is not http(s)', () => {
    const urls = [
      ...['https://open.arena.example/data/v4', '/relative', 'https://open.arena.example/chat/v1'],
      "javascript:alert('x')",
      // WHATWG URLs keep a quote in a host name; it would end the CSP header's line in the nginx config.
      ...['https://a"b.example/x', "https://a'b.example", 'http://[::1]:4010'],
    ];
    expect(connectSourcesFor([...urls, 'http://127.0.0.1:4010', 'http://127.0.0.1:4011/x', 'not a url'])).toEqual([
      'http://127.0.0.1:4010',
      'http://127.0.0.1:4011',
      'http://[::1]:4010',
      'https://open.arena.example',
    ]);
  });
});

describe('withWorkerUser', () => {
  test('puts the user directive first, in the main context', () => {
    expect(withWorkerUser('worker_processes auto;\n', { name: 'root', group: 'root' })).toBe(
      'user root root;\nworker_processes auto;\n',
    );
  });

  test.each([['root; include /etc/x'], ['a b'], ['']])('refuses %j as a name', (name) => {
    expect(() => withWorkerUser('', { name, group: 'root' })).toThrow(/not a user or group name/);
  });
});
