/**
 * `npm run specs:pull [-- --check] [-- --note "text"]`: fetch the remote OpenAPI documents named by
 * DATA_API_SPEC_URL and CHAT_API_SPEC_URL, validate and normalize them, print what changed against the vendored
 * copies, replace the vendored files atomically and append what changed to each API's changelog history
 * (`openapi/changelog/<id>.json`, with the note if one is given). With `--check` nothing is written and the exit
 * code is 1 when a remote differs, for a docs team's CI. Exit code 2: a remote document could not be used, or no URL
 * is set.
 */
import { inspect } from 'node:util';
import { terminalText } from '../../src/core/text/escape';
import path from 'node:path';
import process from 'node:process';
import { openapiSource } from '../../src/build/siteOptions';
import { fetchLimitsFrom } from '../../src/build/pipeline/fetchText';
import { pullApi } from '../../src/build/pipeline/pull';
import { renderingNotices } from '../../src/build/pages/renderable';
import { readCli, type CliSpec } from '../lib/cli';

const cli = {
  command: 'npm run specs:pull',
  tag: '[openapi]',
  summary:
    "Fetches the remote OpenAPI documents, validates and normalises them, prints what changed against the vendored copies, replaces them and records the changes in each API's changelog history.",
  usage: ['[--check] [--note <text>]'],
  options: {
    check: { type: 'boolean', description: 'changes nothing; exit code 1 when a remote document differs' },
    note: {
      type: 'string',
      value: 'text',
      description: "a note added to the changelog's entry",
      missing: '--note needs the text of the note: --note "What changed and why"',
    },
  },
  environment: Object.fromEntries(
    openapiSource.apis.map((api) => [api.urlVariable, `the remote document of ${api.id} (unset: skipped)`]),
  ),
  footer:
    'Exit code 0: done or up to date; 1: --check and a remote differs; 2: a document unusable, no URL set, or a wrong call.',
} satisfies CliSpec;

async function main(): Promise<number> {
  const { values } = readCli(cli);
  const check = values.check ?? false;
  const note = values.note;
  if (note !== undefined && !note.trim()) {
    console.error(`[openapi] ${cli.options.note.missing}`);
    return 2;
  }
  const date = new Date().toISOString().slice(0, 10);
  const configured = openapiSource.apis.filter((api) => process.env[api.urlVariable]);
  if (configured.length === 0) {
    const names = openapiSource.apis.map((api) => api.urlVariable).join(' or ');
    console.error(`[openapi] nothing to pull: set ${names} to the remote document's URL.`);
    return 2;
  }
  let differs = false;
  let failed = false;
  for (const api of openapiSource.apis) {
    const url = process.env[api.urlVariable];
    if (!url) {
      console.log(`[openapi] ${api.id}: ${api.urlVariable} is not set; skipped.`);
      continue;
    }
    console.log(`[openapi] ${api.id}: fetching ${url}`);
    try {
      const changelog = { path: path.resolve(api.changelog), date, ...(note ? { note } : {}) };
      const result = await pullApi({
        id: api.id,
        url,
        vendoredPath: path.resolve(api.vendored),
        check,
        renderable: renderingNotices,
        changelog,
        limits: fetchLimitsFrom(process.env),
      });
      console.log(result.report);
      if (result.entry) console.log(`[openapi] ${api.id}: recorded entry ${result.entry.id} in ${api.changelog}.`);
      differs ||= result.differs;
      if (!result.differs) console.log(`[openapi] ${api.id}: the vendored ${api.vendored} is up to date.`);
      else if (result.written) console.log(`[openapi] ${api.id}: replaced ${api.vendored}.`);
      else console.log(`[openapi] ${api.id}: ${api.vendored} differs from the remote document (--check: not changed).`);
    } catch (error) {
      failed = true;
      console.error(
        `[openapi] ${api.id}: could not use ${url}: ${error instanceof Error ? error.message : String(error)}. ${api.vendored} is unchanged.`,
      );
    }
  }
  if (failed) return 2;
  return check && differs ? 1 : 0;
}

// Every line this command prints may carry text from a remote document (names, URLs, error messages): control
// characters are shown, never sent to the terminal.
for (const method of ['log', 'error'] as const) {
  const write = console[method].bind(console);
  console[method] = (...args: unknown[]) =>
    write(...args.map((arg) => terminalText(typeof arg === 'string' ? arg : inspect(arg))));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[openapi]', error);
    process.exit(2);
  },
);
