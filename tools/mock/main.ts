/**
 * `npm run mock`: a Prism mock server for each API of config/apis.ts on 127.0.0.1, from the document the site was
 * built from, each on the port and variable its record names (`mock`). In front of each, the credential gate answers
 * 401 to a call without a real credential (tools/mock/credentialGate.ts); a request that breaks a limit gets Prism's
 * validation error (the `sl-violations` header). A port in use stops it at once, with one line naming the port and
 * the variable to change, and exit code 1.
 */
import path from 'node:path';
import process from 'node:process';
import { apis, mockPort } from '../../config/apis';
import { mockDocument, portIsFree, startMock, type MockServer } from './mockServer';
import { readCli, type CliSpec } from '../lib/cli';

const cli = {
  command: 'npm run mock',
  tag: '[mock]',
  summary:
    'A Prism mock server per API on 127.0.0.1, from the documents of the last build, behind a gate that answers 401 to a call without a real credential; an API with an OAuth2 sign-in gets a local OAuth2 server too. Ctrl+C stops them.',
  options: {},
  environment: Object.fromEntries(
    apis.map((api) => [api.mock.portVariable, `the ${api.title}'s port (${api.mock.port})`]),
  ),
  footer: 'Exit code 1: a port is in use (the line names it and its variable).',
} satisfies CliSpec;

async function main(): Promise<number> {
  readCli(cli);
  for (const api of apis) {
    const port = mockPort(api);
    if (!(await portIsFree(port))) {
      console.error(
        `[mock] port ${port} (${api.title}) is in use: stop what listens there or set ${api.mock.portVariable} to a free port.`,
      );
      return 1;
    }
  }
  // Every start, finished or not: a stop that comes while a mock is still starting waits for it and stops it too
  // (each Prism runs in its own process group, so nothing else would).
  const starting: Promise<MockServer>[] = [];
  let stopping = false;
  const stopAll = () => {
    stopping = true;
    void Promise.allSettled(starting)
      .then((results) =>
        Promise.all(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.stop()] : []))),
      )
      .then(() => process.exit(0));
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  for (const api of apis) {
    if (stopping) break;
    const pending = startMock(api.key, mockPort(api), { stdio: 'inherit' });
    starting.push(pending);
    const server = await pending;
    console.log(`[mock] ${api.title} (${path.relative(process.cwd(), mockDocument(api.key))}) at ${server.url}`);
  }
  console.log('[mock] Ctrl+C to stop');
  return 0;
}

main().then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(`[mock] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
