/**
 * `npm run lint:openapi`: Redocly's lint of every API's vendored document (config/apis.ts) and of every recipe
 * (openapi/recipes/*.arazzo.yaml, by Redocly's Arazzo rules), with the one ruleset of openapi/redocly.yaml. Exits
 * with Redocly's code.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import process from 'node:process';
import { apis } from '../../config/apis';
import { readCli } from '../lib/cli';

readCli({
  command: 'npm run lint:openapi',
  tag: '[lint:openapi]',
  summary: `Redocly's lint of every API's vendored document (${apis.map((api) => api.vendored).join(', ')}) and of every recipe (openapi/recipes/*.arazzo.yaml) with the ruleset of openapi/redocly.yaml. Exits with Redocly's code.`,
  options: {},
});

const recipes = readdirSync('openapi/recipes')
  .filter((file) => file.endsWith('.arazzo.yaml'))
  .map((file) => `openapi/recipes/${file}`);
const run = spawnSync(
  'node_modules/.bin/redocly',
  ['lint', '--config', 'openapi/redocly.yaml', ...apis.map((api) => api.vendored), ...recipes],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
