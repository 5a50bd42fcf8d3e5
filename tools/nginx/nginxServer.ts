import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntilAnswering } from '../lib/process';
import { spawnGroup } from '../lib/processGroup';
import { runMarkerVariable } from '../lib/runMarker.mjs';
import { apis } from '../../config/apis';
import { trustedOrigins } from '../../src/build/hosts';
import { connectSourcesFor, contentSecurityPolicy, renderNginxConfig, withWorkerUser } from './nginxConfig';
import { foreignScripts, siteScripts } from '../../src/build/inlineScripts';
import { siteScriptPages } from '../../config/inlineScripts';

const deployDir = path.resolve(__dirname, '../../deploy/nginx');
// Debian's brotli modules: the filter compresses on the fly, the static one serves the build's `.br` files.
const brotliModules = ['filter', 'static'].map((kind) => `/usr/lib/nginx/modules/ngx_http_brotli_${kind}_module.so`);

export const nginxBinary =
  process.env.NGINX_BIN ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => existsSync(bin));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * The CSP for a build: the site's own inline scripts by hash (a fixed set, see inline-script-guard). A build
 * whose pages hold any other inline script is refused, as the build itself refuses it.
 */
export function buildCsp(root: string, connectSources: readonly string[] = []): string {
  const allowed = siteScripts(
    Object.fromEntries(siteScriptPages.map((page) => [page, readFileSync(path.join(root, page), 'utf8')])),
  );
  // One page in memory at a time: Microsoft Graph's 14,266 pages hold 2.4 GB of HTML, and reading them all first ran
  // this tool out of heap.
  function* pages() {
    for (const file of htmlFiles(root)) yield { name: path.relative(root, file), html: readFileSync(file, 'utf8') };
  }
  const problems = foreignScripts(pages(), allowed);
  if (problems.length > 0) throw new Error(`inline scripts the site does not emit: ${problems.slice(0, 5).join('; ')}`);
  return contentSecurityPolicy({ scriptHashes: allowed.map((script) => script.hash), connectSources });
}

/**
 * What the build's pages may call: each API's own hosts and local mock, and a remote runtime document; never a host
 * only a (remote) document names.
 */
export function explorerConnectSources(): string[] {
  const runtime = apis.flatMap((api) =>
    api.reference.runtimeVariable && process.env[api.reference.runtimeVariable]
      ? [process.env[api.reference.runtimeVariable] ?? '']
      : [],
  );
  return connectSourcesFor([...apis.flatMap((api) => trustedOrigins(api)), ...runtime]);
}

export function renderForBuild(options: { root: string; listen: string; prefix: string }): string {
  const hasBrotli = brotliModules.every((module) => existsSync(module));
  return renderNginxConfig({
    template: readFileSync(path.join(deployDir, 'portal.conf.template'), 'utf8'),
    securityHeaders: readFileSync(path.join(deployDir, 'security-headers.conf'), 'utf8'),
    brotli: hasBrotli ? readFileSync(path.join(deployDir, 'brotli.conf'), 'utf8') : undefined,
    loadModules: hasBrotli ? brotliModules : [],
    listen: options.listen,
    root: path.resolve(options.root),
    prefix: options.prefix,
    mimeTypes: '/etc/nginx/mime.types',
    csp: buildCsp(options.root, explorerConnectSources()),
  });
}

export interface NginxServer {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** The folder nginx runs in (its config, pid and temporary files), removed once it has stopped. */
  prefix: string;
}

/** Starts nginx in the foreground on 127.0.0.1:<port> serving a build; resolves once it answers. */
export async function startNginx(options: {
  root: string;
  port: number;
  stdio?: 'inherit' | 'ignore';
  /** Another config than the production one (the benchmark's stock nginx), rendered for the listen address. */
  render?: (options: { root: string; listen: string; prefix: string }) => string;
}): Promise<NginxServer> {
  if (!nginxBinary) {
    throw new Error("nginx not found: install Debian's package (sudo apt-get install -y nginx) or set NGINX_BIN.");
  }
  if (!existsSync(path.join(options.root, 'index.html'))) {
    throw new Error(`no build in ${options.root}: run npm run build first`);
  }
  const prefix = mkdtempSync(path.join(tmpdir(), nginxPrefix()));
  const configFile = path.join(prefix, 'nginx.conf');
  const render = options.render ?? renderForBuild;
  let server: ReturnType<typeof spawnGroup>;
  try {
    // A build the config refuses (an inline script it does not know) throws here: its folder goes with it.
    const config = render({ root: path.resolve(options.root), listen: `127.0.0.1:${options.port}`, prefix });
    writeFileSync(configFile, rootWorkers() ? withWorkerUser(config, { name: 'root', group: 'root' }) : config);
    server = spawnGroup(nginxBinary, ['-p', prefix, '-c', configFile, '-g', 'daemon off;'], {
      stdio: options.stdio ?? 'ignore',
    });
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  const url = `http://127.0.0.1:${options.port}`;
  // SIGQUIT: nginx's graceful stop, its workers finishing what they serve.
  const stop = async () => {
    await server.stop('SIGQUIT');
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(url, {
      name: `nginx (check the config with nginx -t -c ${configFile})`,
      child: server.child,
      timeoutMs: 15_000,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child: server.child, stop, prefix };
}

/**
 * The start of the folder's name nginx runs in: it carries the test run's marker, as nginx's process title, which
 * nginx writes over its environment, does not (tools/lib/runMarker.mjs).
 */
function nginxPrefix(): string {
  const marker = process.env[runMarkerVariable];
  return marker && /^[\w-]+$/.test(marker) ? `portal-nginx-${marker}-` : 'portal-nginx-';
}

/**
 * Started as root, nginx's workers would run as `nobody`; these local servers keep them as the invoking user, root,
 * so a checkout in a private folder is served. Not root, nginx cannot change users and takes none.
 */
function rootWorkers(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Debian's stock nginx.conf serving a build (the benchmark's anchor): its worker, sendfile and gzip settings and a
 * plain static server block, with logging off as in the production config so both pay the same for it.
 */
export function renderStockConfig({ root, listen, prefix }: { root: string; listen: string; prefix: string }): string {
  return `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 768; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  gzip on;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen ${listen};
    root ${root};
    index index.html;
    location / { try_files $uri $uri/ =404; }
  }
}
`;
}
