import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { useVendoredMocks } from '../../../tests/fixtures/mocks';
import { getOperation, type JsonObject, type HttpMethod } from './document';
import { codeSamples, sampleLanguages, type CodeSample } from './samples';
import { readVendoredDocument } from './vendored';
import { operationView } from './view';

const run = promisify(execFile);
const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');
const variable = 'ARENA_API_KEY';

function samplesOf(document: JsonObject, api: string, path: string, method: HttpMethod, serverUrl: string) {
  const view = operationView(document, api, getOperation(document, path, method));
  return Object.fromEntries(
    codeSamples(view, { serverUrl, credentialVariable: variable }).map((sample) => [sample.language, sample]),
  ) as Record<CodeSample['language'], CodeSample>;
}

describe('codeSamples', () => {
  const samples = samplesOf(data, 'data-v4', '/championships', 'get', 'https://open.arena.example/data/v4');

  test('come in every language of the reference, in tab order', () => {
    expect(Object.keys(samples)).toEqual(sampleLanguages.map((language) => language.id));
  });

  test.each(sampleLanguages.map((language) => language.id))(
    'the %s sample calls the URL with the example values and reads the key from the environment',
    (language) => {
      const { code } = samples[language];
      expect(code).toContain('https://open.arena.example/data/v4/championships?game=cs2');
      expect(code).toContain(variable);
      expect(code).not.toContain('\u0000');
    },
  );

  test('a body is sent with its content type in every language', () => {
    const post = samplesOf(chat, 'chat-v1', '/rooms/{room_id}/messages', 'post', 'https://open.arena.example/chat/v1');
    for (const sample of Object.values(post)) {
      expect(sample.code).toMatch(/application\/json/);
      expect(sample.code).toMatch(/body/);
    }
  });

  test('a hostile value cannot break out of the shell quoting', async () => {
    const document: JsonObject = {
      openapi: '3.1.0',
      paths: {
        '/x': {
          get: {
            operationId: 'x',
            parameters: [
              { name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: "'; rm -rf / #" },
            ],
          },
        },
      },
    };
    const { curl } = samplesOf(document, 'x', '/x', 'get', 'https://h.example');
    // The shell hands curl the URL exactly as built, and runs nothing else.
    const { stdout } = await run('bash', ['-c', `curl() { printf '%s\\n' "$@"; }\n${curl.code}`]);
    expect(stdout.split('\n')).toContain("https://h.example/x?q='%3B%20rm%20-rf%20%2F%20%23");
  });
});

/** The samples a reader can run here (curl, Node and Python) run against the mock server and get its answer. */
describe('the runnable samples answer from the mock server', () => {
  const mocks = useVendoredMocks();

  const cases = [
    ['data', '/championships', 'get', 'Northern Lights'],
    ['data', '/championships/{championship_id}', 'get', 'championship_id'],
    ['chat', '/rooms/{room_id}/messages', 'post', 'id'],
  ] as const;
  const commands: Record<'curl' | 'javascript' | 'python', (code: string) => [string, string[]]> = {
    curl: (code) => ['bash', ['-c', code]],
    javascript: (code) => [process.execPath, ['--input-type=module', '-e', code]],
    python: (code) => ['python3', ['-c', code]],
  };

  for (const [api, path, method, expected] of cases) {
    for (const [language, command] of Object.entries(commands)) {
      test(`${language}: ${method.toUpperCase()} ${path}`, async () => {
        const mock = api === 'data' ? mocks.data : mocks.chat;
        const document = api === 'data' ? data : chat;
        const sample = samplesOf(document, api, path, method, mock.url)[language as keyof typeof commands];
        const [file, args] = command(sample.code);
        const { stdout } = await run(file, args, { env: { ...process.env, [variable]: 'test-key' } });
        expect(stdout).toContain(expected);
      });
    }
  }
});
