import { expect, test } from 'vitest';
import {
  bestSection,
  nameMatch,
  normalizeQuery,
  phrasePattern,
  rankCandidates,
  type Candidate,
  type PagefindData,
} from './rank';

function page(url: string, meta: Record<string, string>, subs: PagefindData['sub_results'] = []): PagefindData {
  return { url, excerpt: `about ${meta.title}`, meta, sub_results: subs };
}

const call = page('/docs/data-api/get-hub-members', {
  title: "List a hub's members",
  kind: 'operation',
  section: 'Data API',
  operation: 'getHubMembers',
  endpoint: 'GET /hubs/{hub_id}/members',
});
const schema = page('/docs/data-api/schemas/hub-user', {
  title: 'HubUser',
  kind: 'schema',
  section: 'Schemas',
  schema: 'HubUser',
});

test.each([
  ['/players/{player_id}/history', 'players player_id history'],
  ['search players by nickname', 'search players nickname'],
  ['the', 'the'],
  ['  ', ''],
])('the query %j asks the index for %j', (query, normalized) => {
  expect(normalizeQuery(query)).toBe(normalized);
});

test('a call comes before a schema its words match as well', () => {
  const hits = rankCandidates('hub members', [
    { score: 10, complete: true, data: schema },
    { score: 9, complete: true, data: call },
  ]);
  expect(hits.map((hit) => hit.url)).toEqual([call.url, schema.url]);
});

test('a name typed whole wins: operationId, path with or without braces, schema name', () => {
  expect(nameMatch(call, ['gethubmembers'])).toBe(4);
  expect(nameMatch(call, normalizeQuery('/hubs/{hub_id}/members').split(' '))).toBe(4);
  expect(nameMatch(call, ['get', 'hubs', 'hub_id', 'members'])).toBe(4);
  expect(nameMatch(schema, ['hubuser'])).toBe(3);
  const hits = rankCandidates('HubUser', [
    { score: 10, complete: true, data: call },
    { score: 4, complete: true, data: schema },
  ]);
  expect(hits[0].url).toBe(schema.url);
});

test('one row per page, pages holding every word first, with their section and kind', () => {
  const candidates: Candidate[] = [
    { score: 50, complete: false, data: page('/docs/a', { title: 'A', kind: 'guide', section: 'Guides' }) },
    { score: 5, complete: true, data: call },
    { score: 4, complete: true, data: { ...call, url: `${call.url}/` } },
  ];
  const hits = rankCandidates('hub members', candidates);
  expect(hits.map((hit) => [hit.url, hit.section, hit.kind])).toEqual([
    [call.url, 'Data API', 'operation'],
    ['/docs/a', 'Guides', 'guide'],
  ]);
});

test("a row points at the page's best section, the title's own weight left out", () => {
  const guide = page('/docs/webhooks', { title: 'Webhooks', kind: 'guide', section: 'Guides' }, [
    {
      title: 'Webhooks',
      url: '/docs/webhooks',
      excerpt: '',
      weighted_locations: [{ weight: 7, balanced_score: 9000, location: 0 }],
    },
    {
      title: 'Check the signature',
      url: '/docs/webhooks#check-the-signature',
      excerpt: 'verify the <mark>signature</mark>',
      weighted_locations: [{ weight: 5, balanced_score: 800, location: 40 }],
    },
  ]);
  expect(bestSection(guide)?.url).toBe('/docs/webhooks#check-the-signature');
  const [hit] = rankCandidates('webhook signature', [{ score: 1, complete: true, data: guide }]);
  expect(hit).toMatchObject({ url: '/docs/webhooks#check-the-signature', heading: 'Check the signature' });
  // A query the title answers whole points at the page.
  expect(rankCandidates('webhooks', [{ score: 1, complete: true, data: guide }])[0]).toMatchObject({
    url: '/docs/webhooks',
    heading: undefined,
  });
});

test('a section holding the query as a phrase is chosen, and its page ranks higher', () => {
  const subs = [
    {
      title: 'Flow',
      url: '/g#flow',
      excerpt: '<mark>authorization</mark> code and a <mark>header</mark>',
      weighted_locations: [{ weight: 6, balanced_score: 900, location: 1 }],
    },
    {
      title: 'Sending',
      url: '/g#sending',
      excerpt: 'in the <mark>Authorization</mark> <mark>header</mark>',
      weighted_locations: [{ weight: 1, balanced_score: 100, location: 9 }],
    },
  ];
  const withPhrase = page('/g', { title: 'Keys', kind: 'guide', section: 'Guides' }, subs);
  const without = page(
    '/h',
    { title: 'Other', kind: 'guide', section: 'Guides' },
    [subs[0]].map((sub) => ({ ...sub, url: '/h#flow' })),
  );
  const hits = rankCandidates('authorization header', [
    { score: 10, complete: true, data: without },
    { score: 8, complete: true, data: withPhrase },
  ]);
  expect(hits.map((hit) => hit.url)).toEqual(['/g#sending', '/h#flow']);
  expect(phrasePattern(['authorization', 'header'])?.test('the authorization: header')).toBe(true);
  expect(phrasePattern(['authorization', 'header'])?.test('header authorization')).toBe(false);
  expect(phrasePattern(['one'])).toBeUndefined();
});
