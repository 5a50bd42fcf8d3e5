import { expect, test } from 'vitest';
import { noticeKind, noticeLines } from './notices';

const cut = (method: string, path: string, length: number, slug: string) =>
  `operation ${method} ${path} would have a page name of ${length} characters, longer than a page name may be (150); it gets "${slug}"`;
const longNames = [
  cut('GET', '/users/{user-id}/a', 151, 'users-a'),
  cut('POST', '/groups/{group-id}/b', 165, 'groups-b'),
  cut('GET', '/drives/{drive-id}/c', 170, 'drives-c'),
  cut('PATCH', '/sites/{site-id}/d', 199, 'sites-d'),
  cut('DELETE', '/teams/{team-id}/e', 229, 'teams-e'),
  cut('GET', '/chats/{chat-id}/f', 180, 'chats-f'),
  cut('POST', '/users/{user-id}/g', 152, 'users-g'),
];
const reserved =
  'operation GET /data would have the page name "data", which the portal keeps for a page of its own; it gets "data-2"';

test('notices that differ only in the call, its path, names and numbers are one kind; others are not', () => {
  expect(new Set(longNames.map(noticeKind)).size).toBe(1);
  expect(noticeKind(reserved)).not.toBe(noticeKind(longNames[0]));
  expect(noticeKind('converted from Swagger 2.0')).not.toBe(noticeKind(longNames[0]));
});

test('the log shows five of a kind, then how many more, and a notice of another kind in its place', () => {
  const notices = [longNames[0], reserved, ...longNames.slice(1)];
  expect(noticeLines(notices)).toEqual([
    longNames[0],
    reserved,
    ...longNames.slice(1, 5),
    '2 more notices like the one above (OPENAPI_NOTICES=all shows every one)',
  ]);
  expect(noticeLines(longNames.slice(0, 6))).toContain(
    '1 more notice like the one above (OPENAPI_NOTICES=all shows every one)',
  );
  // Five or fewer of a kind: each, and no count.
  expect(noticeLines(longNames.slice(0, 5))).toEqual(longNames.slice(0, 5));
  expect(noticeLines(notices, Infinity)).toEqual(notices);
});
