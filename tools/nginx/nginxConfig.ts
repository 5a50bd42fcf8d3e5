/**
 * Pure pieces of the nginx setup: the Content-Security-Policy for a build, and the rendering of the config template.
 * File access lives in tools/nginx/main.ts.
 */

export interface CspOptions {
  scriptHashes: readonly string[];
  /** Extra origins scripts may call (the API host and the local mock server, for the request explorer). */
  connectSources?: readonly string[];
}

/**
 * The policy the site runs under. Inline scripts are allowed by hash only. 'wasm-unsafe-eval' lets the search's
 * WebAssembly (Pagefind, from the site's own origin) compile; it allows no JavaScript `eval`. Styles keep
 * 'unsafe-inline': the server-rendered HTML carries `style` attributes (React style props, the theme's own), which
 * CSP cannot hash without 'unsafe-hashes', and an inline style cannot run code.
 */
export function contentSecurityPolicy({ scriptHashes, connectSources = [] }: CspOptions): string {
  const scripts = [...new Set(scriptHashes)].sort();
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${scripts.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${connectSources.length ? ` ${connectSources.join(' ')}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The origins the site's scripts call besides its own: each API's own hosts and its local mock (src/build/hosts.ts;
 * the request explorer sends there and nowhere else), and the Data API reference's runtime document when it is
 * remote. Not the servers a document lists: a document cannot widen where the page may send a credential.
 */
const safeOrigin = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

export function connectSourcesFor(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin } = new URL(url);
      // Only http(s) origins of plain host names or addresses: WHATWG URLs accept a `"` or `'` in a host, which
      // would end the CSP's header line in the nginx config, so anything else is left out, not quoted.
      if (safeOrigin.test(origin)) origins.add(origin);
    } catch {
      // Relative URLs (such as the site's own runtime document) are covered by 'self'.
    }
  }
  return [...origins].sort();
}

export interface RenderOptions {
  template: string;
  securityHeaders: string;
  brotli?: string;
  listen: string;
  root: string;
  prefix: string;
  mimeTypes: string;
  csp: string;
  loadModules?: readonly string[];
}

function indent(text: string, spaces: number): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `${' '.repeat(spaces)}${line}` : line))
    .join('\n');
}

/** Fills the template's placeholders; throws if any is left, so a typo never reaches nginx. */
export function renderNginxConfig(options: RenderOptions): string {
  if (/["\\\n]/.test(options.csp)) throw new Error('the CSP must not contain quotes, backslashes or newlines');
  const headers = options.securityHeaders.replaceAll('{{CSP}}', options.csp);
  const rendered = options.template
    .replaceAll('{{LOAD_MODULES}}', (options.loadModules ?? []).map((module) => `load_module ${module};`).join('\n'))
    .replaceAll('{{BROTLI}}', options.brotli ? indent(options.brotli, 0) : '  # brotli: module not installed')
    .replace(/^\{\{SECURITY_HEADERS\}\}$/gm, indent(headers, 4))
    .replaceAll('{{LISTEN}}', options.listen)
    .replaceAll('{{ROOT}}', options.root)
    .replaceAll('{{PREFIX}}', options.prefix)
    .replaceAll('{{MIME_TYPES}}', options.mimeTypes);
  const left = /\{\{[A-Z_]+\}\}/.exec(rendered);
  if (left) throw new Error(`unfilled placeholder ${left[0]} in the nginx template`);
  return rendered;
}

/**
 * A config whose workers run as `user` (main context). nginx started as root drops its workers to `nobody`, who
 * cannot read a build inside a folder only its owner may enter (`/root`, `mktemp -d`): every page would answer 403.
 * For the local servers only (tests, `npm run serve:nginx`, the benchmark); a deployment's config keeps its own user.
 */
export function withWorkerUser(config: string, user: { name: string; group: string }): string {
  if (!/^[a-z_][a-z0-9_.-]*\$?$/i.test(user.name) || !/^[a-z_][a-z0-9_.-]*\$?$/i.test(user.group)) {
    throw new Error(`not a user or group name nginx can take: ${user.name}:${user.group}`);
  }
  return `user ${user.name} ${user.group};\n${config}`;
}
