/**
 * `npm run bench:serve`: a bounded load against the production nginx config on 127.0.0.1 (never another host),
 * over a mix of HTML pages, hashed assets and OpenAPI downloads. Prints requests per second, p50/p99 latency and
 * the error count. A benchmark, not a test: nothing here is asserted in npm test.
 *   BENCH_SECONDS (default 20, at most 30), BENCH_CONNECTIONS (default 16)
 */
import { readdirSync } from 'node:fs';
import process from 'node:process';
import autocannon from 'autocannon';
import { freePort } from '../tests/e2e/support/staticServer';
import { startNginx } from './lib/nginxServer';

const seconds = Math.min(30, Number(process.env.BENCH_SECONDS ?? 20));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

function mix(): string[] {
  const scripts = readdirSync('build/assets/js')
    .filter((name) => name.endsWith('.js'))
    .slice(0, 4);
  const styles = readdirSync('build/assets/css').filter((name) => name.endsWith('.css'));
  return [
    '/',
    '/docs/',
    '/docs/webhooks',
    '/getting-started/intro/start-here',
    '/getting-started/Guides/chat-bots',
    '/api/data',
    '/openapi/data-v4.json',
    '/openapi/chat-v1.yaml',
    '/sitemap.xml',
    ...scripts.map((name) => `/assets/js/${name}`),
    ...styles.map((name) => `/assets/css/${name}`),
  ];
}

async function main(): Promise<void> {
  const server = await startNginx({ root: 'build', port: await freePort() });
  try {
    const paths = mix();
    console.log(`[bench:serve] ${seconds} s, ${connections} connections, ${paths.length} paths against ${server.url}`);
    const result = await autocannon({
      url: server.url,
      connections,
      duration: seconds,
      requests: paths.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'gzip, br' } })),
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      [
        `requests/s  ${result.requests.average.toFixed(0)}`,
        `latency p50 ${result.latency.p50} ms`,
        `latency p99 ${result.latency.p99} ms`,
        `requests    ${result.requests.total}`,
        `errors      ${errors} (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`,
      ].join('\n'),
    );
    process.exitCode = errors === 0 ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`[bench:serve] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
