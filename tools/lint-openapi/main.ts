/**
 * `npm run lint:openapi`: Redocly's lint of every API's vendored document (config/apis.ts), with the one ruleset
 * of openapi/redocly.yaml. Exits with Redocly's code.
 */
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { apis } from '../../config/apis';
import { readCli } from '../lib/cli';

readCli({
  command: 'npm run lint:openapi',
  tag: '[lint:openapi]',
  summary: `Redocly's lint of every API's vendored document (${apis.map((api) => api.vendored).join(', ')}) with the ruleset of openapi/redocly.yaml. Exits with Redocly's code.`,
  options: {},
});

const run = spawnSync(
  'node_modules/.bin/redocly',
  ['lint', '--config', 'openapi/redocly.yaml', ...apis.map((api) => api.vendored)],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
