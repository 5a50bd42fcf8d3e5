import { describe, expect, test, vi } from 'vitest';
import type { JsonObject } from '../../core/openapi/document';
import { documentFingerprint, type ReferenceModel } from '../../core/openapi/singlePage';
import { ReferenceStore, type ReferenceStoreOptions } from './store';

const build: JsonObject = { openapi: '3.1.0', info: { title: 'Data API', version: '4' }, paths: {} };
const newer: JsonObject = { ...build, info: { title: 'Data API', version: '4.1' } };

function model(document: JsonObject): ReferenceModel {
  const info = document.info as { title: string; version: string };
  if (info.title === 'throws') throw new Error('unreadable');
  return {
    samples: {
      credentialVariable: 'KEY',
      baseUrlVariable: 'URL',
      fallbackServer: 'http://127.0.0.1:1',
      trustedOrigins: [],
    },
    title: info.title,
    version: info.version,
    markdown: {},
    webhooks: [],
    description: '',
    groups: [],
    schemas: {},
  };
}

/** A fetch that answers each URL from a table and records what was asked. */
function server(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetchImpl = vi.fn((url: string) => {
    asked.push(url);
    const answer = answers[url];
    return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('Failed to fetch'));
  }) as unknown as typeof fetch;
  return { asked, fetchImpl };
}

const json = (value: unknown) => () =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });

function options(fetchImpl: typeof fetch, toModel: ReferenceStoreOptions['toModel'] = model): ReferenceStoreOptions {
  return {
    documentUrl: '/runtime.json',
    buildUrl: '/openapi/data-v4.json',
    fingerprint: documentFingerprint(build),
    toModel,
    fetchImpl,
  };
}

function store(fetchImpl: typeof fetch, toModel: ReferenceStoreOptions['toModel'] = model) {
  return new ReferenceStore(options(fetchImpl, toModel));
}

/** A model built over several tasks, as the page builds it (referenceModelInSlices). */
const modelLater = (document: JsonObject) =>
  new Promise<ReferenceModel>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(model(document));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }, 5),
  );

describe('ReferenceStore', () => {
  test('a runtime document equal to the build hydrates from it: one download, nothing re-renders', async () => {
    const { asked, fetchImpl } = server({ '/runtime.json': json(build) });
    const subject = store(fetchImpl);
    await subject.load();
    expect(subject.getStatus()).toEqual({ status: 'loaded', source: 'build' });
    expect(subject.getRuntimeModel()).toBeUndefined();
    await expect(subject.buildModel).resolves.toMatchObject({ version: '4' });
    expect(asked).toEqual(['/runtime.json']);
  });

  test('a model built over several tasks: the build hydrates from it, a newer document replaces it, a bad one fails', async () => {
    const equal = store(server({ '/runtime.json': json(build) }).fetchImpl, modelLater);
    await equal.load();
    await expect(equal.buildModel).resolves.toMatchObject({ version: '4' });
    const differing = store(server({ '/runtime.json': json(newer) }).fetchImpl, modelLater);
    await differing.load();
    expect(differing.getRuntimeModel()).toMatchObject({ version: '4.1' });
    const unreadable = { ...build, info: { title: 'throws', version: '5' } };
    const failing = store(server({ '/runtime.json': json(unreadable) }).fetchImpl, modelLater);
    await failing.load();
    expect(failing.getStatus()).toEqual({ status: 'failed', message: '/runtime.json could not be read: unreadable' });
  });

  test("each document's fingerprint is taken once, after a turn of the main thread: tasks of 30-60 ms at 1,000 calls", async () => {
    const equal = server({ '/runtime.json': json(build) });
    const steps: string[] = [];
    const fingerprintOf = vi.fn((document: JsonObject) => {
      steps.push('fingerprint');
      return documentFingerprint(document);
    });
    const yieldToMain = () => {
      steps.push('turn');
      return Promise.resolve();
    };
    const subject = new ReferenceStore({ ...options(equal.fetchImpl), fingerprintOf, yieldToMain });
    await subject.load();
    await expect(subject.buildModel).resolves.toMatchObject({ version: '4' });
    expect(steps).toEqual(['turn', 'fingerprint']);

    const failing = server({ '/openapi/data-v4.json': json(build) });
    const afterFailure = vi.fn(documentFingerprint);
    const retried = new ReferenceStore({ ...options(failing.fetchImpl), fingerprintOf: afterFailure });
    await retried.load();
    await expect(retried.buildModel).resolves.toMatchObject({ version: '4' });
    expect(afterFailure).toHaveBeenCalledTimes(1);
  });

  test('a runtime document that differs is shown in place of the build, loaded once', async () => {
    const { asked, fetchImpl } = server({ '/runtime.json': json(newer), '/openapi/data-v4.json': json(build) });
    const subject = store(fetchImpl);
    await subject.load();
    expect(subject.getStatus()).toEqual({ status: 'loaded', source: 'runtime' });
    expect(subject.getRuntimeModel()).toMatchObject({ version: '4.1' });
    expect(asked).toEqual(['/runtime.json']);
  });

  test('after a failure, a published document that is no longer the build is not hydrated from', async () => {
    const { fetchImpl } = server({ '/openapi/data-v4.json': json(newer) });
    const subject = store(fetchImpl);
    await subject.load();
    expect(subject.getStatus()).toMatchObject({ status: 'failed' });
    const settled = await Promise.race([
      subject.buildModel,
      new Promise((resolve) => setTimeout(resolve, 50, 'pending')),
    ]);
    expect(settled).toBe('pending');
  });

  test('a failure says why, hydrates from the published build, and Retry can still bring the new document', async () => {
    let down = true;
    const { fetchImpl } = server({
      '/runtime.json': () => (down ? new Response('down', { status: 500 }) : json(newer)()),
      '/openapi/data-v4.json': json(build),
    });
    const subject = store(fetchImpl);
    const seen: string[] = [];
    subject.subscribe(() => seen.push(subject.getStatus().status));
    await subject.load();
    expect(subject.getStatus()).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('HTTP 500') as string,
    });
    await expect(subject.buildModel).resolves.toMatchObject({ version: '4' });
    down = false;
    await subject.load();
    expect(subject.getStatus()).toEqual({ status: 'loaded', source: 'runtime' });
    expect(seen).toEqual(['loading', 'failed', 'loading', 'loaded']);
  });

  test('a document the reference cannot be made from is refused with its reason, the build stays', async () => {
    const { fetchImpl } = server({
      '/runtime.json': json({ ...build, info: { title: 'throws', version: '5' } }),
      '/openapi/data-v4.json': json(build),
    });
    const subject = store(fetchImpl);
    await subject.load();
    expect(subject.getStatus()).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('unreadable') as string,
    });
    expect(subject.getRuntimeModel()).toBeUndefined();
  });
});
