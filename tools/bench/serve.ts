/**
 * `npm run bench:serve`: bounded load against nginx on 127.0.0.1 (never another host), the production config
 * (deploy/nginx/) against Debian's stock nginx config serving the same build, in the same run, alternately, with
 * and without `Accept-Encoding: br, gzip`, over a mix of HTML pages, hashed assets and OpenAPI downloads. Prints
 * requests per second, p50/p99 latency and errors per configuration, and the ratio ours/stock. A benchmark, not a
 * test: nothing here is asserted in npm test.
 *   BENCH_SECONDS per measurement (default 8, at most 30), BENCH_CONNECTIONS (default 256), BENCH_ROUNDS (default 2)
 */
import { readdirSync } from 'node:fs';
import process from 'node:process';
import autocannon from 'autocannon';
import { freePort } from '../lib/process';
import { renderStockConfig, startNginx, type NginxServer } from '../nginx/nginxServer';
import { readCli, type CliSpec } from '../lib/cli';

readCli({
  command: 'npm run bench:serve',
  tag: '[bench:serve]',
  summary:
    "Bounded load against nginx on 127.0.0.1: the production config against Debian's stock config serving the same build (build/), alternately, with and without compression. A benchmark, not a test.",
  options: {},
  environment: {
    BENCH_SECONDS: 'seconds per measurement (8, at most 30)',
    BENCH_CONNECTIONS: 'connections (256)',
    BENCH_ROUNDS: 'rounds (2)',
  },
} satisfies CliSpec);

const seconds = Math.min(30, Number(process.env.BENCH_SECONDS ?? 8));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 256);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

/** Paths both configurations answer 200 (pages with their trailing slash, which stock nginx needs). */
function mix(): string[] {
  const scripts = readdirSync('build/assets/js')
    .filter((name) => name.endsWith('.js'))
    .slice(0, 4);
  const styles = readdirSync('build/assets/css').filter((name) => name.endsWith('.css'));
  return [
    '/',
    '/docs/',
    '/docs/webhooks/',
    '/getting-started/intro/start-here/',
    '/getting-started/Guides/chat-bots/',
    '/api/data/',
    '/openapi/data-v4.json',
    '/openapi/chat-v1.yaml',
    '/sitemap.xml',
    ...scripts.map((name) => `/assets/js/${name}`),
    ...styles.map((name) => `/assets/css/${name}`),
  ];
}

interface Figure {
  requests: number[];
  p50: number[];
  p99: number[];
  errors: number;
}

async function measure(server: NginxServer, compressed: boolean): Promise<autocannon.Result> {
  const headers: Record<string, string> = compressed ? { 'accept-encoding': 'br, gzip' } : {};
  return autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: mix().map((path) => ({ method: 'GET', path, headers })),
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const ours = await startNginx({ root: 'build', port: await freePort() });
  const stock = await startNginx({ root: 'build', port: await freePort(), render: renderStockConfig });
  const figures = new Map<string, Figure>();
  try {
    console.log(
      `[bench:serve] ${rounds} rounds of ${seconds} s, ${connections} connections, ${mix().length} paths, alternating`,
    );
    for (let round = 0; round < rounds; round += 1) {
      for (const compressed of [false, true]) {
        for (const [name, server] of [
          ['ours', ours],
          ['stock', stock],
        ] as const) {
          const result = await measure(server, compressed);
          const key = `${name} ${compressed ? 'br, gzip' : 'identity'}`;
          const figure = figures.get(key) ?? { requests: [], p50: [], p99: [], errors: 0 };
          figure.requests.push(result.requests.average);
          figure.p50.push(result.latency.p50);
          figure.p99.push(result.latency.p99);
          figure.errors += result.errors + result.timeouts + result.non2xx;
          figures.set(key, figure);
        }
      }
    }
  } finally {
    await Promise.all([ours.stop(), stock.stop()]);
  }
  console.log('| config | encoding | requests/s (median) | p50 ms | p99 ms | errors | ours/stock |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  let errors = 0;
  for (const [key, figure] of figures) {
    const [name, ...encoding] = key.split(' ');
    const stockFigure = figures.get(`stock ${encoding.join(' ')}`);
    const ratio = stockFigure ? (median(figure.requests) / median(stockFigure.requests)).toFixed(2) : '';
    errors += name === 'ours' ? figure.errors : 0;
    console.log(
      `| ${name} | ${encoding.join(' ')} | ${median(figure.requests).toFixed(0)} | ${median(figure.p50)} | ${median(figure.p99)} | ${figure.errors} | ${name === 'ours' ? `${ratio}x` : ''} |`,
    );
  }
  process.exitCode = errors === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(`[bench:serve] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
