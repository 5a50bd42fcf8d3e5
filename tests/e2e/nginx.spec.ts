import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { apis } from '../../config/apis';
import { mockUrl } from '../../config/mock';
import { builtDocument } from './support/openapi';
import { expect, test } from '@playwright/test';

/** The production server's own behaviour (deploy/nginx/), checked over HTTP against real nginx. */

test.describe('redirects', () => {
  const cases = [
    ['/docs/webhooks.html', '/docs/webhooks'],
    ['/getting-started/intro/start-here/index.html', '/getting-started/intro/start-here'],
    [
      '/getting-started/partner-integration-guide/account-linkage/index.html',
      '/getting-started/partner-integration-guide/account-linkage',
    ],
    ['/index.html', '/'],
    ['/docs/webhooks.html?from=search', '/docs/webhooks?from=search'],
  ] as const;
  for (const [from, to] of cases) {
    test(`${from} answers 301 to ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(to);
    });
  }
});

test('an unknown path answers 404 with the site not-found page', async ({ request }) => {
  const response = await request.get('/no/such/page');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(await response.text()).toContain('Page Not Found');
});

test('the not-found page itself is not reachable as a page of its own', async ({ request }) => {
  expect((await request.get('/404.html', { maxRedirects: 0 })).status()).toBe(404);
});

test.describe('security headers on every kind of response', () => {
  const samples = ['/', '/docs/webhooks', '/openapi/data-v4.json', '/no/such/page', '/docs/webhooks.html'];
  for (const path of samples) {
    test(`${path}`, async ({ request }) => {
      const headers = (await request.get(path, { maxRedirects: 0 })).headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers.server).toBe('nginx');
    });
  }
});

test('search runs under the CSP: its WebAssembly compiles and its index parts load', async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${baseURL ?? ''}/search?q=rate+limit`);
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText('Rate limits');
  expect(errors).toEqual([]);
});

test("the CSP lets the request explorer reach the documents' servers and the local mocks, and nothing else", async ({
  request,
}) => {
  const csp = (await request.get('/docs/data-api/get-games')).headers()['content-security-policy'] ?? '';
  const connect = /connect-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];
  const servers = apis.flatMap((api) =>
    (builtDocument(api.id).servers as { url: string }[]).map((server) => new URL(server.url).origin),
  );
  const mocks = apis.map((api) => mockUrl(api.key));
  expect(connect.sort()).toEqual(["'self'", ...new Set([...servers, ...mocks])].sort());
});

test.describe("Try it's OAuth2 sign-in under the CSP", () => {
  test('the callback page is served, and a token request to an origin the CSP does not list is blocked before it leaves', async ({
    page,
    request,
  }) => {
    const callback = await request.get('/oauth2/callback');
    expect(callback.status()).toBe(200);
    expect(callback.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await callback.text()).toContain('<script src="callback.js"></script>');
    // The flow's token endpoints are allowed: the document's (production) and the local mock's, the same origin.
    const csp = callback.headers()['content-security-policy'] ?? '';
    const tokenUrl = new URL(
      String(
        Object.values(
          (
            builtDocument('chat-v1').components as {
              securitySchemes: Record<string, { flows: { authorizationCode: { tokenUrl: string } } }>;
            }
          ).securitySchemes,
        )[0].flows.authorizationCode.tokenUrl,
      ),
    );
    expect(csp).toContain(tokenUrl.origin);
    expect(csp).toContain(mockUrl('chat'));

    await page.goto('/docs/chat-api/post-room-message');
    const blocked = await page.evaluate(async () => {
      const violation = new Promise<string>((resolve) =>
        document.addEventListener(
          'securitypolicyviolation',
          (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`),
          { once: true },
        ),
      );
      const sent = await fetch('http://127.0.0.1:9/oauth/token', {
        method: 'POST',
        body: 'grant_type=authorization_code',
      }).then(
        () => 'sent',
        (error: unknown) => `refused: ${String(error)}`,
      );
      return { sent, violation: await violation };
    });
    expect(blocked.sent).toMatch(/^refused/);
    expect(blocked.violation).toBe('connect-src http://127.0.0.1:9/oauth/token');
  });
});

test.describe('caching', () => {
  test('hashed assets are cached for a year, immutable; HTML revalidates', async ({ request }) => {
    const html = await request.get('/docs/webhooks');
    expect(html.headers()['cache-control']).toBe('no-cache');
    const script = /<script src="?(\/assets\/js\/main\.[0-9a-f]+\.js)/.exec(await html.text())?.[1];
    expect(script).toBeDefined();
    const asset = await request.get(script ?? '');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  });

  test("the search index's hashed parts are immutable; its entry file revalidates", async ({ request }) => {
    const entry = await request.get('/pagefind/pagefind-entry.json');
    expect(entry.headers()['cache-control']).toBe('no-cache');
    for (const folder of ['index', 'fragment']) {
      const [name] = readdirSync(path.join('build/pagefind', folder));
      const part = await request.get(`/pagefind/${folder}/${name}`);
      expect(part.status(), name).toBe(200);
      expect(part.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

test.describe('compression', () => {
  for (const [encoding, path] of [
    ['gzip', '/docs/webhooks'],
    ['gzip', '/openapi/data-v4.yaml'],
    ['br', '/openapi/data-v4.json'],
  ] as const) {
    test(`${path} is sent with ${encoding} when asked`, async ({ request }) => {
      const response = await request.get(path, { headers: { 'accept-encoding': encoding } });
      expect(response.headers()['content-encoding']).toBe(encoding);
      expect(response.headers().vary).toContain('Accept-Encoding');
    });
  }
});

test.describe('content types of downloads', () => {
  for (const [path, type] of [
    ['/openapi/data-v4.json', 'application/json; charset=utf-8'],
    ['/openapi/chat-v1.yaml', 'application/yaml; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/sitemap.xml', 'text/xml; charset=utf-8'],
  ] as const) {
    test(`${path} is ${type}`, async ({ request }) => {
      expect((await request.get(path)).headers()['content-type']).toBe(type);
    });
  }
});

/** A request sent byte for byte as written (no client normalises the path), with the status and raw headers. */
async function rawGet(base: string, target: string): Promise<{ status: number; headers: string[] }> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
  let response = '';
  for await (const chunk of socket) response += String(chunk);
  const [head] = response.split('\r\n\r\n');
  const [statusLine, ...headers] = head.split('\r\n');
  return { status: Number(statusLine.split(' ')[1]), headers };
}

test.describe('the .html redirect never leaves the site nor splits its headers', () => {
  const attacks = [
    '/%5Cevil.example/a.html',
    '/%09/evil.example/a.html',
    '/%2F%2Fevil.example/a.html',
    '//evil.example/a.html',
    '/\\evil.example/a.html',
    '/%0dSet-Cookie:%20pwned=1;x.html',
    '/%0d%0aSet-Cookie:%20pwned=1;x/index.html',
    '/a.html?x=%0d%0aSet-Cookie:%20pwned=1',
  ];
  for (const target of attacks) {
    test(target, async ({ baseURL }) => {
      const base = baseURL ?? '';
      const { status, headers } = await rawGet(base, target);
      expect([301, 404]).toContain(status);
      expect(headers.filter((header) => /^set-cookie:/i.test(header))).toEqual([]);
      // Every header line is one line: no bare CR or LF made it into a value.
      expect(headers.filter((header) => /[\r\n]/.test(header))).toEqual([]);
      const location = headers.find((header) => /^location:/i.test(header))?.replace(/^location:\s*/i, '');
      if (status === 301) {
        expect(location).toMatch(/^\/(?![/\\])/);
        expect(new URL(location ?? '', base).origin).toBe(new URL(base).origin);
      }
    });
  }

  test('Chromium following such a link stays on the site', async ({ page, baseURL }) => {
    const left: string[] = [];
    await page.context().route(
      (url) => url.hostname !== '127.0.0.1',
      async (route) => {
        left.push(route.request().url());
        await route.abort();
      },
    );
    for (const target of ['/%5Cevil.example/a.html', '/%09/evil.example/a.html']) {
      await page.goto(`${baseURL ?? ''}${target}`).catch(() => undefined);
      expect(new URL(page.url()).hostname).toBe('127.0.0.1');
    }
    expect(left).toEqual([]);
  });
});

test('/404 answers 404, like any path that is not a page', async ({ request }) => {
  const response = await request.get('/404', { maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Page Not Found');
});

test.describe('precompressed files', () => {
  for (const [encoding, extension] of [
    ['gzip', 'gz'],
    ['br', 'br'],
  ] as const) {
    test(`HTML and scripts are served from their .${extension} twin, not compressed per request`, async ({
      request,
    }) => {
      for (const path of ['/docs/webhooks', '/openapi/data-v4.json']) {
        const response = await request.get(path, { headers: { 'accept-encoding': encoding } });
        expect(response.headers()['content-encoding']).toBe(encoding);
        // A file served as it is has a length; on-the-fly compression streams in chunks without one.
        expect(response.headers()['content-length']).toMatch(/^\d+$/);
      }
    });
  }

  test('the twins are not pages of their own', async ({ request }) => {
    expect((await request.get('/docs/webhooks/index.html.gz', { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get('/openapi/data-v4.json.br')).status()).toBe(404);
  });
});

/** The header names a Vary header lists, lower-cased (several Vary headers arrive joined). */
function varies(header: string | undefined): string[] {
  return (header ?? '').split(/[,\n]/).map((name) => name.trim().toLowerCase());
}

test.describe('Markdown by content negotiation', () => {
  for (const route of ['/getting-started/intro/start-here', '/docs/data-api/get-championships', '/']) {
    test(`${route} answers its Markdown twin to a client that asks for Markdown, and HTML to any other`, async ({
      request,
    }) => {
      const twin = await request.get(route === '/' ? '/index.md' : `${route}.md`);
      expect(twin.status()).toBe(200);
      const markdown = await request.get(route, { headers: { Accept: 'text/markdown, text/plain;q=0.5' } });
      expect(markdown.status()).toBe(200);
      expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
      expect(await markdown.text()).toBe(await twin.text());
      // Caches keep the two answers of one URL apart.
      expect(varies(markdown.headers().vary)).toContain('accept');
      const html = await request.get(route, { headers: { Accept: 'text/html' } });
      expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(varies(html.headers().vary)).toContain('accept');
      // The security headers stay on both.
      expect(markdown.headers()['content-security-policy']).toBe(html.headers()['content-security-policy']);
    });
  }

  test('a file that has no twin is served as it is, whatever the client accepts', async ({ request }) => {
    const response = await request.get('/openapi/data-v4.json', { headers: { Accept: 'text/markdown' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
  });
});

test('the API catalog is a linkset at /.well-known/api-catalog, and every link it holds resolves', async ({
  request,
}) => {
  const response = await request.get('/.well-known/api-catalog');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/linkset\+json/);
  const catalog = (await response.json()) as { linkset: ({ anchor: string } & Record<string, unknown>)[] };
  expect(catalog.linkset.map((context) => context.anchor)).toEqual(
    apis.map((api) => (builtDocument(api.id).servers as { url: string }[])[0].url),
  );
  const hrefs = catalog.linkset.flatMap((context) =>
    Object.values(context).flatMap((links) =>
      Array.isArray(links) ? links.map((link: { href: string }) => link.href) : [],
    ),
  );
  expect(hrefs.length).toBeGreaterThan(apis.length * 5);
  for (const href of hrefs) {
    // Links name the site's public URL; the same paths are served here.
    const { pathname } = new URL(href);
    expect((await request.get(pathname)).status(), href).toBe(200);
  }
});
