import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { apis } from '../../../config/apis';
import { runNode } from '../node/runNode';
import { useVendoredMocks } from '../../../tests/fixtures/mocks';
import { listOperations } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { postmanCollection } from './postman';

/** Each API's Postman collection, run by newman against the mock: every request answers 2xx with the key sent. */
const mocks = useVendoredMocks();
const dir = path.resolve('test-results/postman');

interface NewmanReport {
  run: { executions: { item: { name: string }; response?: { code: number } }[] };
}

describe.each(apis.map((api) => [api.key, api] as const))('newman runs the %s collection', (key, api) => {
  test('every request 2xx, the credential taken from the environment variable', async () => {
    const document = readVendoredDocument(key);
    mkdirSync(dir, { recursive: true });
    const collection = path.join(dir, `${api.id}.postman.json`);
    writeFileSync(
      collection,
      await postmanCollection(document, {
        credentialVariable: api.credential.variable,
        baseUrlVariable: api.baseUrlVariable,
      }),
    );
    const mock = key === 'data' ? mocks.data : mocks.chat;
    const credential = `newman-${key}`;
    const report = path.join(dir, `${api.id}.report.json`);
    const { code, output } = await runNode(
      [
        'node_modules/newman/bin/newman.js',
        'run',
        collection,
        '--env-var',
        `${api.baseUrlVariable}=${mock.url}`,
        '--env-var',
        `${api.credential.variable}=${credential}`,
        '--reporters',
        'json',
        '--reporter-json-export',
        report,
        '--timeout-request',
        '20000',
      ],
      { env: { PATH: process.env.PATH ?? '' } },
    );
    expect(code, output).toBe(0);
    const { run } = JSON.parse(readFileSync(report, 'utf8')) as NewmanReport;
    expect(run.executions).toHaveLength(listOperations(document).length);
    const failed = run.executions
      .filter((execution) => !(execution.response && execution.response.code >= 200 && execution.response.code < 300))
      .map((execution) => `${execution.item.name}: ${execution.response?.code ?? 'no response'}`);
    expect(failed).toEqual([]);
    const withKey = mock.received.filter((request) => request.headers.authorization === `Bearer ${credential}`);
    expect(withKey).toHaveLength(run.executions.length);
  }, 120_000);
});
