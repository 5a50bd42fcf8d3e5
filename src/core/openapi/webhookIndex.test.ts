import { expect, test } from 'vitest';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import type { JsonObject } from './document';
import { webhookIndex } from './webhookIndex';

const data = readVendoredDocument('data');

/** The events of the platform's public webhooks documentation, as far as its table can be read. */
const documented = [
  'hub_created',
  'hub_role_created',
  'hub_role_deleted',
  'hub_role_updated',
  'hub_updated',
  'hub_user_added',
  'hub_user_invited',
  'hub_user_removed',
  'hub_user_role_added',
  'hub_user_role_removed',
  'match_object_created',
  'match_status_aborted',
  'match_status_cancelled',
];

test('the Data API document carries every documented event, grouped by entity, with who receives it', () => {
  const index = webhookIndex(data, 'data-v4', 'Data API', '/docs/data-api');
  const events = index.groups.flatMap((group) => group.events);
  expect(events.map((event) => event.name).sort()).toEqual(documented);
  expect(index.groups.map((group) => group.entity)).toEqual(['Hubs', 'Matches']);
  expect(index.subscriptionTypes.map((type) => [type.id, type.scopes.length])).toEqual([
    ['organizer', 3],
    ['user', 2],
    ['game', 1],
  ]);
  for (const event of events) {
    expect(event.subscriptionTypes).toEqual(
      event.name.startsWith('match_') ? ['organizer', 'user', 'game'] : ['organizer', 'user'],
    );
    expect(event.provenance.event).toBe('documented');
    expect(event.provenance.payload).toBe('modelled');
    expect(event.fetch?.method).toBe('get');
  }
  // The documentation's table breaks off in this row: who receives it is modelled on its neighbours.
  expect(events.find((event) => event.name === 'match_status_cancelled')?.provenance.subscriptionTypes).toBe(
    'modelled',
  );
  expect(index.provenance).toEqual([
    'The event: documented by the provider for every event.',
    'Who receives it: documented by the provider for 12 events; modelled by this portal for match_status_cancelled.',
    'The body: modelled by this portal for every event.',
  ]);
  expect(index.handlers).toHaveLength(10);
});

test('a document without webhooks, or with a scheme the samples cannot use, gets an index that says so', () => {
  const none = webhookIndex({ openapi: '3.1.0', info: { title: 'x', version: '1' } }, 'x', 'X', '/docs/x');
  expect(none).toMatchObject({ groups: [], subscriptionTypes: [], provenance: [], handlers: [] });
  expect(none.signing).toBeUndefined();
  const hostile: JsonObject = {
    ...data,
    'x-webhook-signing': { ...(data['x-webhook-signing'] as JsonObject), signatureHeader: 'a"b' },
  };
  const refused = webhookIndex(hostile, 'data-v4', 'Data API', '/docs/data-api');
  expect(refused.signingProblem).toContain('x-webhook-signing.signatureHeader must be');
  expect(refused.handlers).toEqual([]);
  expect(refused.groups.length).toBeGreaterThan(0);
});
