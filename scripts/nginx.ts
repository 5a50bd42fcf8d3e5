/**
 * `npm run serve:nginx`: serves build/ with Debian's nginx on 127.0.0.1:$PORT (default 8080), in the foreground,
 * with the production config of deploy/nginx/. `npx tsx scripts/nginx.ts render [--root DIR] [--listen ADDR]`
 * prints the rendered config for a deployment instead.
 */
import process from 'node:process';
import { renderForBuild, startNginx } from './lib/nginxServer';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

async function main(): Promise<void> {
  const root = option('root', 'build');
  if (process.argv[2] === 'render') {
    process.stdout.write(
      renderForBuild({ root, listen: option('listen', '80'), prefix: option('prefix', '/var/lib/nginx') }),
    );
    return;
  }
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
