import { expect, test } from 'vitest';
import { apiByKey, apis } from '../../../config/apis';
import { describeSampleRuns, otherSampleLanguages } from '../../../tests/fixtures/sampleRuns';

/**
 * Every sample of every operation, run as a reader would run it, against the mock (tests/fixtures/sampleRuns.ts):
 * here the interpreted languages (bash and curl, Node.js, Python, PHP, Ruby, Perl) and the browser's JavaScript in
 * Chromium; Java in samples.java.integration.test.ts, Go and C# in samples.go-csharp.integration.test.ts, so the
 * three run beside each other.
 *
 * Alone: `npx vitest run --project integration src/core/samples/samples.integration.test.ts` (the others the same
 * way; they need the toolchains: `apt-get install golang-go mono-mcs default-jdk-headless php-cli ruby`).
 */
describeSampleRuns('others', otherSampleLanguages);

test('the convention names one credential and one base-URL variable per API, all distinct', () => {
  const names = apis.flatMap((api) => [api.credential.variable, api.baseUrlVariable]);
  expect(new Set(names).size).toBe(names.length);
  expect(apiByKey('data').baseUrlVariable).toMatch(/^[A-Z][A-Z0-9_]*$/);
});
