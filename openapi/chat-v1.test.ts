/**
 * The Chat API document against the product specification (§3, §5, §6, §7, §8); the expectations are written from
 * the spec's text.
 */
import { describe, expect, test } from 'vitest';
import {
  findParameter,
  getOperation,
  listOperations,
  resolveRef,
  text,
  type JsonObject,
} from '../src/core/openapi/document';
import { readVendoredDocument } from '../tests/fixtures/vendored';

const doc = readVendoredDocument('chat');
const components = doc.components as JsonObject;
const schemas = components.schemas as Record<string, JsonObject>;

describe('Chat API v1', () => {
  test('is OpenAPI 3.1 on the chat/v1 base path', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: 'Chat API', version: '1' });
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://open.arena.example/chat/v1' })]);
  });

  test('requires an OAuth2 access token, documented with a link to the OAuth2 guide', () => {
    expect(doc.security).toEqual([{ OAuth2: [] }]);
    const scheme = (components.securitySchemes as JsonObject).OAuth2 as JsonObject;
    expect(scheme.type).toBe('oauth2');
    expect(text(scheme.description)).toContain('Authorization');
    expect(text(scheme.description)).toContain('/getting-started/authentication/oauth2');
    const flow = (scheme.flows as JsonObject).authorizationCode as JsonObject;
    expect(text(flow.authorizationUrl)).toMatch(/^https:\/\/open\.arena\.example\//);
  });

  test('has exactly the three calls of spec §7', () => {
    expect(listOperations(doc).map((ref) => `${ref.method.toUpperCase()} ${ref.path}`)).toEqual([
      'GET /rooms/{room_id}',
      'GET /rooms/{room_id}/messages',
      'POST /rooms/{room_id}/messages',
    ]);
  });

  test.each([
    ['get', '/rooms/{room_id}', 'Room'],
    ['get', '/rooms/{room_id}/messages', 'MessageList'],
    ['post', '/rooms/{room_id}/messages', 'PostMessageResponse'],
  ] as const)('%s %s returns %s and the errors of §8', (method, path, schema) => {
    const responses = getOperation(doc, path, method).operation.responses as JsonObject;
    expect(Object.keys(responses).sort()).toEqual(['200', '401', '403', '404', '429', '503', 'default'].sort());
    const ok = resolveRef<JsonObject>(doc, responses['200'] ?? null);
    expect((((ok.content as JsonObject)['application/json'] as JsonObject).schema as JsonObject).$ref).toBe(
      `#/components/schemas/${schema}`,
    );
  });

  test('messages take before (a timestamp string, now when empty) and a limit of 1 to 50', () => {
    const ref = getOperation(doc, '/rooms/{room_id}/messages');
    const before = findParameter(doc, ref, 'before');
    expect(before?.schema).toEqual({ type: 'string' });
    expect(text(before?.description)).toMatch(/empty.*current time/);
    expect(findParameter(doc, ref, 'limit')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
  });

  test('posting takes a body field of at most 10000 characters, as JSON or form-encoded', () => {
    const body = resolveRef<JsonObject>(
      doc,
      getOperation(doc, '/rooms/{room_id}/messages', 'post').operation.requestBody ?? null,
    );
    expect(body.required).toBe(true);
    const content = body.content as Record<string, JsonObject>;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    for (const media of Object.values(content)) {
      expect(media.schema).toEqual({ $ref: '#/components/schemas/PostMessageBody' });
    }
    expect(schemas.PostMessageBody).toMatchObject({
      required: ['body'],
      properties: { body: { type: 'string', maxLength: 10000 } },
    });
  });

  test.each([
    ['Message', 'avatar body from id nickname timestamp'],
    ['MessageList', 'is_last_page messages'],
    ['PostMessageBody', 'body'],
    ['PostMessageResponse', 'id'],
    ['Room', 'members name roles'],
    ['RoomMember', 'is_online member_id nickname photo roles status'],
    ['RoomRole', 'color displayed mentionable name permissions ranking role_id'],
  ])('%s has the fields of spec §3', (name, fields) => {
    expect(Object.keys(schemas[name]?.properties as JsonObject).sort()).toEqual(fields.split(' ').sort());
    expect(schemas[name]?.description).toEqual(expect.any(String));
  });
});
