/**
 * `npm run serve:nginx`: serves build/ with Debian's nginx on 127.0.0.1:$PORT (default 8080), in the foreground,
 * with the production config of deploy/nginx/. `npx tsx tools/nginx/main.ts render [--root DIR] [--listen ADDR]`
 * prints the rendered config for a deployment instead. `--help` says so.
 */
import process from 'node:process';
import { renderForBuild, startNginx } from './nginxServer';
import { readCli, refuse, type CliSpec } from '../lib/cli';

const cli = {
  command: 'npm run serve:nginx',
  tag: '[nginx]',
  summary:
    'Serves the build with nginx and the production config of deploy/nginx/ on 127.0.0.1:$PORT, in the foreground; with render, prints the rendered config for a deployment instead.',
  usage: ['[--root <dir>]', 'render [--root <dir>] [--listen <address>] [--prefix <dir>]'],
  options: {
    root: { type: 'string', value: 'dir', description: 'the build to serve (build)' },
    listen: { type: 'string', value: 'address', description: "render: the config's listen address (80)" },
    prefix: { type: 'string', value: 'dir', description: "render: nginx's pid and temporary files (/var/lib/nginx)" },
  },
  positionals: { value: 'render', description: 'prints the config instead of serving', max: 1 },
  environment: { PORT: 'the loopback port to serve on (8080)' },
} satisfies CliSpec;

async function main(): Promise<void> {
  const { values, positionals } = readCli(cli);
  const [command] = positionals;
  if (command !== undefined && command !== 'render') {
    refuse(cli, `Unexpected argument '${command}': ${cli.command} -- --help lists what it takes`);
  }
  const root = values.root ?? 'build';
  if (command === 'render') {
    process.stdout.write(
      renderForBuild({ root, listen: values.listen ?? '80', prefix: values.prefix ?? '/var/lib/nginx' }),
    );
    return;
  }
  const renderOnly = (['listen', 'prefix'] as const).find((name) => values[name] !== undefined);
  if (renderOnly) refuse(cli, `--${renderOnly} is for render: ${cli.command} -- render --${renderOnly} <value>`);
  const port = Number(process.env.PORT ?? 8080);
  const server = await startNginx({ root, port, stdio: 'inherit' });
  console.log(`[nginx] serving ${root} at ${server.url} (Ctrl+C to stop)`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.child.once('exit', (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(`[nginx] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
