import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { resolutionFileVariable } from '../../../config/build';
import type { PipelineOptions } from './pipeline';
import type { ResolvedDocument } from './resolve';
import { resolveOnce } from './resolved';

let dir: string;
let logged: string[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'resolved-'));
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function options(env: Record<string, string | undefined>): PipelineOptions {
  return {
    siteDir: dir,
    outDir: path.join(dir, 'out'),
    renderable: () => [],
    apis: [
      { id: 'data', vendored: 'data.yaml', urlVariable: 'DATA_URL' },
      { id: 'chat', vendored: 'chat.yaml', urlVariable: 'CHAT_URL' },
    ],
    env,
    logger: { info: (message) => logged.push(message), warn: (message) => logged.push(message) },
  };
}

function resolution(version: string): ResolvedDocument[] {
  return ['data', 'chat'].map((id) => ({
    id,
    document: { openapi: '3.1.0', info: { title: id, version } },
    source: 'remote',
    origin: `http://127.0.0.1/${id}.json`,
    dropped: [],
  }));
}

/** A pipeline that answers a new version of the documents at each run, as a changing remote would. */
function counting(): { runs: () => number; run: (options: PipelineOptions) => Promise<ResolvedDocument[]> } {
  let runs = 0;
  return { runs: () => runs, run: () => Promise.resolve(resolution(String(++runs))) };
}

test('without a resolution file, every call runs the pipeline', async () => {
  const pipeline = counting();
  await resolveOnce(options({}), pipeline.run);
  await resolveOnce(options({}), pipeline.run);
  expect(pipeline.runs()).toBe(2);
});

test("a build's later step reads what its first step resolved, though the remote changed since", async () => {
  const file = path.join(dir, 'resolved.json');
  const pipeline = counting();
  const first = await resolveOnce(options({ [resolutionFileVariable]: file }), pipeline.run);
  const second = await resolveOnce(options({ [resolutionFileVariable]: file }), pipeline.run);
  expect(pipeline.runs()).toBe(1);
  expect(second).toEqual(first);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  expect(logged).toContain(
    "data: using the remote document http://127.0.0.1/data.json, as this build's first step resolved it",
  );
});

test('a failing first step leaves no resolution behind', async () => {
  const file = path.join(dir, 'resolved.json');
  const failing = (): Promise<ResolvedDocument[]> => Promise.reject(new Error('unusable remote document'));
  await expect(resolveOnce(options({ [resolutionFileVariable]: file }), failing)).rejects.toThrow(/unusable/);
  expect(existsSync(file)).toBe(false);
});

test("another site's resolution is refused by name", async () => {
  const file = path.join(dir, 'resolved.json');
  writeFileSync(file, JSON.stringify(resolution('1').slice(0, 1)));
  await expect(resolveOnce(options({ [resolutionFileVariable]: file }), counting().run)).rejects.toThrow(
    /holds the documents of data, not of data, chat: it belongs to another build/,
  );
});
