import { expect, test } from 'vitest';
import { sampleLanguages } from '../languages';
import type { WebhookSigning } from '../../openapi/webhookSigning';
import { cgiVariable, webhookSamples } from './index';

/** A scheme unlike the Data API's in every value, so a value written into a handler by hand shows. */
const other: WebhookSigning = {
  algorithm: 'HMAC-SHA256',
  signatureHeader: 'X-Hook-Signature',
  signaturePrefix: 'v1=',
  timestampHeader: 'X-Hook-Time',
  separator: ':',
  toleranceSeconds: 42,
  maxSignatures: 7,
  secretVariable: 'HOOK_SECRET',
};

test('there is a handler in every sample language, in the request samples’ tab order', () => {
  expect(webhookSamples(other).map((sample) => sample.language)).toEqual(sampleLanguages.map(({ id }) => id));
});

test.each(webhookSamples(other).map((sample) => [sample.label, sample] as const))(
  'the %s handler is written from the scheme, with nothing of another scheme in it',
  (_label, sample) => {
    const header = (name: string) =>
      [name, name.toLowerCase(), cgiVariable(name)].some((form) => sample.code.includes(form));
    expect(header(other.signatureHeader)).toBe(true);
    expect(header(other.timestampHeader)).toBe(true);
    expect(sample.code).toContain('v1=');
    expect(sample.code).toContain('42');
    expect(sample.code).toMatch(/\b7\b/);
    expect(sample.code).toContain('HOOK_SECRET');
    expect(sample.code).not.toMatch(/Arena|sha256=|\b300\b|\b8\b|WEBHOOK_SECRET/);
    expect(sample.run).toContain(sample.file);
    expect(sample.run).toContain('HOOK_SECRET');
  },
);
