import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { contentPages, projectFiles } from '../tests/fixtures/content';
import { useVendoredMocks } from '../tests/fixtures/mocks';
import { apiByKey, apis } from '../config/apis';
import { resolveRef, type JsonObject } from '../src/core/openapi/document';
import { readVendoredDocument } from '../tests/fixtures/vendored';
import { operationView } from '../src/core/openapi/view';
import { getOperation } from '../src/core/openapi/document';
import { codeFileOf } from '../src/plugins/remark-code-file/lib';

/**
 * Every runnable sample of the guides and the webhooks page, run against Prism serving the vendored documents, with
 * its output asserted. Arguments and expectations are read from the documents' examples, not typed here.
 */
const run = promisify(execFile);
const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');
/** A string from an example, or a failure that says where the document lacks it. */
function str(value: unknown, what = 'example value'): string {
  if (typeof value !== 'string') throw new Error(`expected a string ${what}, got ${JSON.stringify(value)}`);
  return value;
}
const parameterExample = (document: JsonObject, name: string) =>
  str(resolveRef<JsonObject>(document, { $ref: `#/components/parameters/${name}` }).example, name);
const example = (document: JsonObject, name: string) =>
  resolveRef<JsonObject>(document, { $ref: `#/components/examples/${name}` }).value as JsonObject;
const messageMaxLength = operationView(
  chat,
  'chat-v1',
  getOperation(chat, '/rooms/{room_id}/messages', 'post'),
).requestBody?.contents[0].schema?.children?.find((field) => field.name === 'body')?.maxLength;

const interpreters: Record<string, string[]> = { '.sh': ['bash'], '.mjs': [process.execPath], '.py': ['python3'] };

const mocks = useVendoredMocks();
const dataApi = apiByKey('data');
const chatApi = apiByKey('chat');

async function runSample(file: string, args: string[] = [], env: Record<string, string> = {}) {
  const [interpreter] = interpreters[path.extname(file)];
  return run(interpreter, [file, ...args], {
    cwd: path.dirname(file),
    timeout: 20_000,
    env: {
      ...process.env,
      // The site's convention (config/apis.ts), as Start here's setup block exports it.
      [dataApi.baseUrlVariable]: mocks.data.url,
      [dataApi.credential.variable]: 'sample-test-key',
      [chatApi.baseUrlVariable]: mocks.chat.url,
      [chatApi.credential.variable]: 'sample-test-token',
      ...env,
    },
  });
}

const games = example(data, 'GamesList').items as JsonObject[];
const firstGame = games[0] as { game_id: string; long_label: string };

const cases: [string, () => string[], () => Record<string, string>, (stdout: string) => void][] = [
  [
    'getting-started/intro/samples/first-request.sh',
    () => [],
    () => ({}),
    (out) => expect(out).toContain(firstGame.long_label),
  ],
  [
    'getting-started/intro/samples/first-request.mjs',
    () => [],
    () => ({}),
    (out) => expect(out).toContain(`${firstGame.game_id}\t${firstGame.long_label}`),
  ],
  [
    'getting-started/intro/samples/first-request.py',
    () => [],
    () => ({}),
    (out) => expect(out).toContain(`${firstGame.game_id}\t${firstGame.long_label}`),
  ],
  [
    'getting-started/authentication/samples/data-client.mjs',
    () => ['/games', 'limit=2'],
    () => ({}),
    (out) => expect(JSON.parse(out)).toEqual(example(data, 'GamesList')),
  ],
  [
    'getting-started/authentication/samples/pkce.mjs',
    () => [],
    () => ({}),
    (out) => {
      const values = Object.fromEntries(
        out
          .trim()
          .split('\n')
          .map((line) => line.split('=') as [string, string]),
      );
      expect(values.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(values.code_challenge_method).toBe('S256');
    },
  ],
  [
    'getting-started/Guides/samples/player-history.mjs',
    () => [parameterExample(data, 'PlayerId'), parameterExample(data, 'GameRequired')],
    () => ({}),
    (out) => expect(out).toContain(str((example(data, 'MatchHistoryList').items as JsonObject[])[0].match_id)),
  ],
  [
    'getting-started/Guides/samples/player-history.py',
    () => [parameterExample(data, 'PlayerId'), parameterExample(data, 'GameRequired')],
    () => ({}),
    (out) => expect(out).toContain(str((example(data, 'MatchHistoryList').items as JsonObject[])[0].match_id)),
  ],
  [
    'getting-started/Guides/samples/chat-bot.mjs',
    () => [parameterExample(chat, 'RoomId')],
    () => ({ MESSAGE_MAX_LENGTH: String(messageMaxLength) }),
    (out) => {
      expect(out).toMatch(/read \d+ messages/);
      expect(out).toContain(`posted ${str(example(chat, 'PostMessageResponse').id)}`);
    },
  ],
  [
    'getting-started/Guides/samples/match-demos.mjs',
    () => [parameterExample(data, 'MatchId'), '--dry-run'],
    () => ({}),
    (out) => expect(out).toContain(str((example(data, 'Match').demo_url as string[])[0])),
  ],
  [
    'getting-started/Guides/samples/queue-bans.mjs',
    () => [parameterExample(data, 'GameId'), parameterExample(data, 'QueueId')],
    () => ({}),
    (out) => expect(out).toContain(str((example(data, 'QueueBansList').items as JsonObject[])[0].nickname)),
  ],
  [
    'getting-started/Guides/samples/tournament-bracket.mjs',
    () => [parameterExample(data, 'TournamentId')],
    () => ({}),
    (out) => expect(out).toContain(str(example(data, 'Brackets').name)),
  ],
  [
    'getting-started/partner-integration-guide/cdp-integration/samples/hub-members-export.mjs',
    () => [parameterExample(data, 'HubId')],
    () => ({}),
    (out) => expect(JSON.parse(out.trim().split('\n')[0])).toHaveProperty('user_id'),
  ],
];

describe('every runnable sample answers from the mock server', () => {
  test.each(cases)('%s', async (file, args, env, check) => {
    const { stdout } = await runSample(path.resolve(file), args(), env());
    check(stdout);
  });
});

test('the chat bot splits a long answer into bodies within the limit', async () => {
  const { splitBody } = await import('./Guides/samples/split-body.mjs');
  const limit = messageMaxLength ?? 0;
  const text = `${'word '.repeat(limit)}end`;
  const parts = splitBody(text, limit);
  expect(parts.length).toBeGreaterThan(1);
  expect(parts.every((part) => part.length <= limit)).toBe(true);
  expect(parts.join(' ')).toBe(text);
  expect(splitBody('x'.repeat(limit + 1), limit)).toEqual(['x'.repeat(limit), 'x']);
});

/** Every sample file is shown on a page, and every page's sample exists and is run above. */
test('every sample is shown by a page and run by this test', () => {
  const pages = contentPages();
  const shown = new Set<string>();
  for (const page of pages) {
    for (const match of readFileSync(page, 'utf8').matchAll(/^```\S*[ \t]+(.*)$/gm)) {
      const name = codeFileOf(match[1]);
      if (name) shown.add(path.resolve(path.dirname(page), name));
    }
  }
  const samples = [...projectFiles('getting-started'), ...projectFiles('docs')].filter(
    (file) => /[\\/]samples[\\/]/.test(file) && path.extname(file) in interpreters && !file.endsWith('.d.mts'),
  );
  const run = new Set([
    ...cases.map(([file]) => path.resolve(file)),
    path.resolve('getting-started/Guides/samples/split-body.mjs'),
    // Needs a player to sign in in a browser: run end to end by tests/e2e/oauth.spec.ts.
    path.resolve('getting-started/authentication/samples/oauth-flow.mjs'),
  ]);
  expect(samples.map((file) => path.resolve(file)).sort()).toEqual([...shown].sort());
  expect([...shown].sort()).toEqual([...run].sort());
});

/**
 * One environment convention for the whole site: every variable a guide's sample or page reads is one of
 * config/apis.ts's (a credential or a base URL) or a guide's own setting named here.
 */
test('the guides read only the site convention’s variables', () => {
  const convention = new Set(apis.flatMap((api) => [api.credential.variable, api.baseUrlVariable]));
  const ownSettings = new Set(['MESSAGE_MAX_LENGTH', 'WEBHOOK_SECRET', 'OAUTH_CLIENT_ID']);
  const files = [...projectFiles('getting-started'), ...projectFiles('docs')].filter((file) =>
    /\.(mjs|py|sh|mdx?)$/.test(file),
  );
  const used = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const patterns = [
      /process\.env\.([A-Z][A-Z0-9_]*)/g,
      /os\.environ(?:\.get\()?\[?["']([A-Z][A-Z0-9_]*)["']/g,
      /\$\{?([A-Z][A-Z0-9_]*_(?:KEY|TOKEN|URL))\b/g,
    ];
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) used.set(match[1], file);
  }
  expect(used.size).toBeGreaterThan(3);
  const strays = [...used].filter(([name]) => !convention.has(name) && !ownSettings.has(name));
  expect(strays).toEqual([]);
  for (const name of convention) expect([...used.keys()], name).toContain(name);
});
