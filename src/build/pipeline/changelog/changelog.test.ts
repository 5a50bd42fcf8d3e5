import { parseFeed } from 'feedsmith';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../../core/openapi/document';
import { atomFeed } from './atom';
import { createEntry, entryLimits, type ChangelogHistory } from './history';
import { changelogView, mergeViews, recentChanges } from './view';

function doc(paths: JsonObject, schemas: JsonObject): JsonObject {
  return { openapi: '3.1.0', info: { title: 't', version: '4' }, paths, components: { schemas } };
}

const limit = (maximum: number) => ({ name: 'limit', in: 'query', schema: { type: 'integer', maximum } });
const before = doc(
  {
    '/games': { get: { operationId: 'getGames', parameters: [limit(100)], responses: { '200': {} } } },
    '/old': { get: { operationId: 'getOld', responses: { '200': {} } } },
  },
  { Game: { properties: { game_id: { type: 'string' }, order: { type: 'integer' } } } },
);
const after = doc(
  {
    '/games': { get: { operationId: 'getGames', parameters: [limit(50)], responses: { '200': {} } } },
    '/new': { get: { operationId: 'getNew', responses: { '200': {} } } },
  },
  { Game: { properties: { game_id: { type: 'string' }, label: { type: 'string' } } } },
);
const options = { api: 'data-v4', apiTitle: 'Data API', linkBase: '/docs/data-api', page: '/docs/data-api/changelog' };

function history(...entries: ReturnType<typeof createEntry>[]): ChangelogHistory {
  return { api: 'data-v4', entries };
}

describe('createEntry', () => {
  test('records the day, both versions and digests, the note and every change, added calls included', () => {
    const entry = createEntry(before, after, { date: '2026-11-22', note: '  Provider update  ' });
    expect(entry).toMatchObject({ id: '2026-11-22', date: '2026-11-22', note: 'Provider update' });
    expect(entry.before.version).toBe('4');
    expect(entry.before.digest).not.toBe(entry.after.digest);
    expect(entry.changes.map((change) => `${change.where}: ${change.what}`)).toEqual([
      'GET /new: operation added',
      'GET /old: operation removed',
      'GET /games: limit maximum: 100 -> 50',
      'schema Game: field label added',
      'schema Game: field order removed',
    ]);
  });

  test('takes an id no earlier entry has, and leaves out an empty note', () => {
    const entry = createEntry(before, after, { date: '2026-11-22', note: ' ', taken: ['2026-11-22', '2026-11-22-2'] });
    expect(entry.id).toBe('2026-11-22-3');
    expect(entry).not.toHaveProperty('note');
  });
});

describe('changelogView', () => {
  const older = createEntry(before, before, { date: '2026-10-01' });
  const newer = createEntry(before, after, { date: '2026-11-22' });
  const [first, second] = changelogView(history(older, newer), after, options);

  test('lists entries newest first, each linking to its anchor on the API page', () => {
    expect([first?.date, second?.date]).toEqual(['2026-11-22', '2026-10-01']);
    expect(first?.href).toBe('/docs/data-api/changelog#2026-11-22');
  });

  test('puts breaking changes first and links each to its page and anchor, or marks it removed', () => {
    expect(first?.breakingCount).toBe(3);
    expect(first?.changes.map(({ what, href, removed }) => ({ what, href, removed }))).toEqual([
      { what: 'operation removed', href: undefined, removed: true },
      { what: 'limit maximum: 100 -> 50', href: '/docs/data-api/get-games#parameter-limit', removed: undefined },
      { what: 'field order removed', href: '/docs/data-api/schemas/game', removed: true },
      { what: 'operation added', href: '/docs/data-api/get-new', removed: undefined },
      { what: 'field label added', href: '/docs/data-api/schemas/game#field-label', removed: undefined },
    ]);
  });

  test('merges several APIs newest first', () => {
    const chat = changelogView(
      { api: 'chat-v1', entries: [createEntry(before, after, { date: '2026-11-01' })] },
      after,
      { ...options, api: 'chat-v1' },
    );
    expect(mergeViews([[first, second], chat]).map((entry) => `${entry.api} ${entry.date}`)).toEqual([
      'data-v4 2026-11-22',
      'chat-v1 2026-11-01',
      'data-v4 2026-10-01',
    ]);
  });
});

describe('recentChanges', () => {
  const entries = changelogView(history(createEntry(before, after, { date: '2026-11-22' })), after, options);

  test('badges what changed and the operation or schema it belongs to, within 90 days', () => {
    const badges = recentChanges(entries, new Date('2027-02-19T12:00:00Z'));
    const badge = { date: '2026-11-22', href: '/docs/data-api/changelog#2026-11-22' };
    expect(badges['GET /games limit']).toEqual({ ...badge, breaking: true });
    expect(badges['GET /games']).toEqual({ ...badge, breaking: true });
    expect(badges['Game.label']).toEqual({ ...badge, breaking: false });
    expect(badges.Game).toEqual({ ...badge, breaking: true });
    expect(badges['GET /new']).toEqual({ ...badge, breaking: false });
    // Removed things have no page to carry a badge.
    expect(badges).not.toHaveProperty('GET /old');
  });

  test('shows nothing after 90 days, or for an entry dated after the build', () => {
    expect(recentChanges(entries, new Date('2027-02-21T00:00:00Z'))).toEqual({});
    expect(recentChanges(entries, new Date('2026-11-21T00:00:00Z'))).toEqual({});
  });
});

describe('atomFeed', () => {
  test('stays XML 1.0 when a note or name carries control characters, which no escape can carry', () => {
    const control = createEntry(before, after, {
      date: '2026-11-23',
      note: 'tab\there, bell\u0007, escape\u001b[31m, nul\u0000',
    });
    const feed = atomFeed(changelogView(history(control), after, options), {
      title: 'Arena \u0001 changelog',
      siteUrl: 'https://developers.arena.example',
      page: '/docs/data-api/changelog',
      feed: '/docs/data-api/changelog/atom.xml',
      author: 'Arena',
      fallbackUpdated: '2026-01-01T00:00:00Z',
    });
    // XML 1.0 § 2.2: Char excludes the C0 controls but tab, line feed and carriage return.
    // eslint-disable-next-line no-control-regex -- control characters are what this matches
    expect(feed).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(XMLValidator.validate(feed)).toBe(true);
    expect(feed).toContain('tab\there, bell, escape[31m, nul');
    expect((parseFeed(feed).feed as { title?: { value?: string } }).title?.value).toBe('Arena  changelog');
  });

  const hostile = createEntry(before, after, { date: '2026-11-22', note: '<script>alert(1)</script> & "quotes"' });
  const entries = changelogView(history(hostile), after, options);
  const feedOptions = {
    title: 'Arena Data API changelog',
    siteUrl: 'https://developers.arena.example',
    page: '/docs/data-api/changelog',
    feed: '/docs/data-api/changelog/atom.xml',
    author: 'Arena',
    fallbackUpdated: '2026-01-01T00:00:00Z',
  };
  const xml = atomFeed(entries, feedOptions);

  test('is well-formed XML that a feed parser reads as Atom, with the entries and absolute links', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = parseFeed(xml);
    expect(parsed.format).toBe('atom');
    const feed = parsed.feed as {
      id?: string;
      title?: { value?: string };
      updated?: string;
      links?: { href?: string; rel?: string }[];
      entries?: {
        id?: string;
        title?: { value?: string };
        updated?: string;
        links?: { href?: string }[];
        content?: { value?: string; type?: string };
      }[];
    };
    expect(feed).toMatchObject({
      id: 'https://developers.arena.example/docs/data-api/changelog',
      title: { value: 'Arena Data API changelog' },
      updated: '2026-11-22T00:00:00.000Z',
    });
    expect(feed.links).toContainEqual(
      expect.objectContaining({
        rel: 'self',
        href: 'https://developers.arena.example/docs/data-api/changelog/atom.xml',
      }),
    );
    expect(feed.entries).toHaveLength(1);
    expect(feed.entries?.[0]).toMatchObject({
      id: 'https://developers.arena.example/docs/data-api/changelog#2026-11-22',
      title: { value: 'Data API, 2026-11-22: 3 breaking changes, 2 other changes' },
      updated: '2026-11-22T00:00:00.000Z',
    });
    expect(feed.entries?.[0]?.links?.[0]?.href).toBe(
      'https://developers.arena.example/docs/data-api/changelog#2026-11-22',
    );
    // Breaking changes come first in the entry's content too.
    expect(feed.entries?.[0]?.content).toMatchObject({ type: 'html' });
    expect(feed.entries?.[0]?.content?.value).toMatch(/^<p>.*<\/p><ul><li>Breaking: GET \/old/);
  });

  test('escapes text from documents and notes, so a note cannot become markup', () => {
    expect(xml).not.toContain('<script>');
    const feed = parseFeed(xml).feed as { entries?: { content?: { value?: string } }[] };
    const content = feed.entries?.[0]?.content?.value ?? '';
    expect(content).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</p>');
  });

  test('stays well-formed when a note closes CDATA twice and a title carries markup characters', () => {
    const breakout = createEntry(before, after, { date: '2026-11-24', note: 'a ]]> b ]]> <x y="1"> & done' });
    const view = changelogView(history(breakout), after, { ...options, apiTitle: 'Data & "Chat" <API>' });
    const feed = atomFeed(view, feedOptions);
    expect(XMLValidator.validate(feed)).toBe(true);
    const parsed = parseFeed(feed).feed as { entries?: { content?: { value?: string }; title?: { value?: string } }[] };
    expect(parsed.entries?.[0]?.content?.value).toContain(
      '<p>a ]]&gt; b ]]&gt; &lt;x y=&quot;1&quot;&gt; &amp; done</p>',
    );
    expect(parsed.entries?.[0]?.title?.value).toMatch(/^Data & "Chat" <API>, 2026-11-24: /);
  });

  test('a feed without entries is still valid, dated by the fallback', () => {
    const empty = atomFeed([], feedOptions);
    expect(XMLValidator.validate(empty)).toBe(true);
    expect(parseFeed(empty).feed).toMatchObject({ updated: '2026-01-01T00:00:00.000Z' });
  });
});

describe('an entry past its limits', () => {
  test('keeps every breaking change first, sums up the rest in one line, and cuts long names', () => {
    const count = entryLimits.changes + 20;
    const wide = (names: string[]) =>
      doc({}, { Wide: { properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])) } });
    const long = `f${'x'.repeat(1000)}`;
    const fields = Array.from({ length: count }, (_, index) => `f${index}`);
    // Ten fields removed (breaking), the rest added.
    const entry = createEntry(
      wide(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9']),
      wide([...fields, long]),
      {
        date: '2026-11-26',
      },
    );
    expect(entry.changes).toHaveLength(entryLimits.changes + 1);
    expect(entry.changes.slice(0, 10).every((change) => change.breaking)).toBe(true);
    const summary = entry.changes.at(-1);
    expect(summary?.where).toBe('This entry');
    expect(summary?.what).toMatch(/^\d+ more changes \(0 breaking\) not listed/);
    expect(Math.max(...entry.changes.map((change) => change.where.length + change.what.length))).toBeLessThan(
      2 * entryLimits.text + 200,
    );
  });
});

describe('webhook changes', () => {
  const hook = (types: string[]) => ({ post: { 'x-subscription-types': types, responses: { 204: {} } } });
  const withHooks = (webhooks: JsonObject): JsonObject => ({ ...before, webhooks });
  const older = withHooks({ hub_created: hook(['organizer', 'user']), hub_deleted: hook(['organizer']) });
  const newer = withHooks({ hub_created: hook(['organizer']), match_status_finished: hook(['game']) });

  test('an event added or removed, and one fewer subscription type, are entries of the changelog', () => {
    const entry = createEntry(older, newer, { date: '2026-11-26' });
    const [view] = changelogView(history(entry), newer, options);
    expect(
      view.changes.map(({ where, what, breaking, href, removed }) => ({ where, what, breaking, href, removed })),
    ).toEqual([
      { where: 'webhook hub_deleted', what: 'webhook removed', breaking: true, href: undefined, removed: true },
      {
        where: 'webhook hub_created',
        what: 'delivered to: organizer, user -> organizer',
        breaking: true,
        href: '/docs/data-api/webhooks/hub-created',
        removed: undefined,
      },
      {
        where: 'webhook match_status_finished',
        what: 'webhook added',
        breaking: false,
        href: '/docs/data-api/webhooks/match-status-finished',
        removed: undefined,
      },
    ]);
  });

  test('a document and itself differ in no webhook', () => {
    expect(createEntry(newer, newer, { date: '2026-11-26' }).changes).toEqual([]);
  });
});
