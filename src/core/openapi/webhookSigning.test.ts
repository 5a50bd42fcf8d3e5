import { expect, test } from 'vitest';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { webhookSigning, WebhookSigningError } from './webhookSigning';

const scheme = {
  provenance: 'modelled',
  algorithm: 'HMAC-SHA256',
  signatureHeader: 'X-Hook-Signature',
  signaturePrefix: 'v1=',
  timestampHeader: 'X-Hook-Time',
  signedContent: '{timestamp}:{body}',
  toleranceSeconds: 60,
  maxSignatures: 4,
  secretVariable: 'HOOK_SECRET',
};

test('reads the scheme a document declares, and the Data API document declares one', () => {
  expect(webhookSigning({ 'x-webhook-signing': scheme })).toEqual({
    provenance: 'modelled',
    algorithm: 'HMAC-SHA256',
    signatureHeader: 'X-Hook-Signature',
    signaturePrefix: 'v1=',
    timestampHeader: 'X-Hook-Time',
    separator: ':',
    toleranceSeconds: 60,
    maxSignatures: 4,
    secretVariable: 'HOOK_SECRET',
  });
  expect(webhookSigning({})).toBeUndefined();
  expect(webhookSigning(readVendoredDocument('data'))).toMatchObject({
    signatureHeader: 'Arena-Signature',
    timestampHeader: 'Arena-Timestamp',
    separator: '.',
    maxSignatures: 8,
  });
});

/** Each value ends up in code in ten languages: anything outside its narrow pattern is refused by name. */
test.each([
  ['algorithm', 'HMAC-SHA1'],
  ['signatureHeader', 'X-Sig\r\nSet-Cookie: a=b'],
  ['signatureHeader', 'X "Sig"'],
  ['signaturePrefix', "v1'; rm -rf /; '"],
  ['signaturePrefix', '${process.exit()}'],
  ['timestampHeader', ''],
  ['signedContent', '{body}.{timestamp}'],
  ['signedContent', '{timestamp}$(id){body}'],
  ['toleranceSeconds', 1.5],
  ['toleranceSeconds', 0],
  ['toleranceSeconds', '300'],
  // Each handler loops over at most this many signatures: a missing, fractional or huge count is no bound.
  ['maxSignatures', undefined],
  ['maxSignatures', 0],
  ['maxSignatures', 2.5],
  ['maxSignatures', 1000],
  ['maxSignatures', '8'],
  ['secretVariable', 'secret'],
  ['secretVariable', 'A$(id)'],
  ['secretVariable', undefined],
])('refuses %s = %j with an error naming the field', (field, value) => {
  const document = { 'x-webhook-signing': { ...scheme, [field]: value } };
  expect(() => webhookSigning(document)).toThrow(WebhookSigningError);
  expect(() => webhookSigning(document)).toThrow(`x-webhook-signing.${field} must be`);
});

test('a scheme that is not an object is refused', () => {
  expect(() => webhookSigning({ 'x-webhook-signing': 'HMAC' })).toThrow(WebhookSigningError);
});
