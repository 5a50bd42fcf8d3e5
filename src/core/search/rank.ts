/**
 * Ranking of search results, on top of Pagefind's: pure, so the relevance set can be replayed in tests. Pagefind
 * scores pages by their text (BM25, headings and titles weighted); this adds what it cannot know: what a page is (a
 * call answers a query before a schema of the same name) and the names a reader types (an operationId, a path, a
 * schema name) matched whole. One row per page, pointing at its best section.
 */
import { decodeEntities } from './excerpt';
import type { SearchKind } from './sections';

/** The part of Pagefind's result data ranking reads (pagefind.js, `result.data()`). */
export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  locations?: number[];
  weighted_locations?: { weight: number; balanced_score: number; location: number }[];
}

export interface PagefindData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  sub_results: PagefindSubResult[];
}

export interface Candidate {
  /** Pagefind's score of the page. */
  score: number;
  /** Whether the page holds every word of the query (Pagefind's own search); otherwise only some of them. */
  complete: boolean;
  data: PagefindData;
}

export interface SearchHit {
  /** The page, or its best section (`/docs/#rate-limits`). */
  url: string;
  /** The page's title. */
  title: string;
  /** Title of the section the hit points into; none when it points at the page itself. */
  heading?: string;
  section: string;
  kind: SearchKind;
  /** Pagefind's excerpt: text with the matched words in `<mark>` (see excerpt.ts for how it is shown). */
  excerpt: string;
  score: number;
}

/** How much each kind of page weighs when the words match equally: the call a reader wants before its shapes. */
export const kindWeights: Record<SearchKind, number> = { operation: 1.4, guide: 1.2, schema: 0.8 };

/** A text's words as the index holds them: lower case, split on anything but letters, digits and `_`. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

/**
 * Words that say nothing of what is looked for ("search players *by* nickname"): Pagefind indexes every word, so
 * left in, they match any heading holding them ("Used *by*"). `from` and `to` stay: they are parameter names.
 */
const fillerWords = new Set([
  'a',
  'an',
  'the',
  'of',
  'by',
  'for',
  'in',
  'on',
  'or',
  'and',
  'with',
  'is',
  'how',
  'do',
  'i',
  'my',
]);

/**
 * The query Pagefind is asked: the words alone, so `/players/{player_id}/history` asks for its three words, without
 * filler words unless the query is nothing else.
 */
export function normalizeQuery(query: string): string {
  const words = queryWords(query);
  const meaningful = words.filter((word) => !fillerWords.has(word));
  return (meaningful.length > 0 ? meaningful : words).join(' ');
}

/** A word without a plural `s`, so that "webhook" names a page titled "Webhooks" whole. */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

function same(a: string | undefined, words: string[]): boolean {
  return a !== undefined && words.length > 0 && queryWords(a).map(singular).join(' ') === words.map(singular).join(' ');
}

/**
 * How strongly a page's own names answer the query: its operationId, method and path (with or without the method,
 * braces or slashes), schema name or title typed whole.
 */
export function nameMatch(data: PagefindData, words: string[]): number {
  const { meta } = data;
  const endpointPath = meta.endpoint?.replace(/^[A-Z]+\s+/, '');
  if (same(meta.operation, words) || same(meta.endpoint, words) || same(endpointPath, words)) return 4;
  if (same(meta.schema, words)) return 3;
  if (same(meta.title, words)) return 2;
  // Otherwise, the share of the title the query covers: "List championships" answers "championships" better than
  // "List an organizer's championships" does.
  const title = queryWords(meta.title ?? '').filter((word) => !fillerWords.has(word));
  const covered = title.filter((word) => words.some((typed) => word.startsWith(typed))).length;
  return title.length === 0 ? 1 : 1 + (0.6 * covered) / title.length;
}

/** Whether the page's title holds every word of the query: then the page itself is the answer, not a section. */
function titleAnswers(data: PagefindData, words: string[]): boolean {
  const title = queryWords(data.meta.title ?? '');
  return words.length > 0 && words.every((typed) => title.some((word) => word.startsWith(typed)));
}

/** Pagefind's weight of words in a page's `<h1>`: they speak for the whole page, not for its opening section. */
const titleWeight = 7;

/**
 * The section of a page that answers best: the one with the most weighted matches, the page's title left out (it
 * would make the opening section win every time); the first such section when tied.
 */
export function bestSection(data: PagefindData, subResults = data.sub_results): PagefindSubResult | undefined {
  let best: PagefindSubResult | undefined;
  let bestScore = 0;
  for (const sub of subResults) {
    const score =
      sub.weighted_locations
        ?.filter((location) => location.weight < titleWeight)
        .reduce((sum, location) => sum + location.balanced_score, 0) ??
      sub.locations?.length ??
      0;
    if (score > bestScore) {
      best = sub;
      bestScore = score;
    }
  }
  return best;
}

/** The excerpt's text, marks removed and entities decoded, in lower case: enough to look for a phrase. */
function plainText(excerpt: string): string {
  return decodeEntities(excerpt.replace(/<\/?mark>/g, '')).toLowerCase();
}

/** A test for the query's words written one after another ("authorization header"), each possibly extended. */
export function phrasePattern(words: readonly string[]): RegExp | undefined {
  if (words.length < 2) return undefined;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|[^\\p{L}\\p{N}_])${escaped.join('[\\p{L}\\p{N}_]*[^\\p{L}\\p{N}_]+')}`, 'u');
}

/**
 * A query that is one identifier (`arena_elo`, `chat_room_id`, `HubUser`) names a field, parameter or schema, so the
 * kinds of pages weigh the same: where a field is defined matters as much as the calls that carry it.
 */
function isIdentifier(query: string): boolean {
  const trimmed = query.trim();
  return /^[\p{L}\p{N}_]+$/u.test(trimmed) && (/_/.test(trimmed) || /\p{Ll}\p{Lu}/u.test(trimmed));
}

function withoutSlash(url: string): string {
  return url.replace(/\/(?=#|$)/, '');
}

/**
 * Pagefind's candidates in the order a reader should see them, one row per page. Pages holding every word come
 * before pages holding some; within each, Pagefind's score times the page's kind weight and name match.
 */
export function rankCandidates(query: string, candidates: readonly Candidate[]): SearchHit[] {
  const words = normalizeQuery(query).split(' ').filter(Boolean);
  const phrase = phrasePattern(words);
  const identifier = isIdentifier(query);
  const seen = new Set<string>();
  const hits: (SearchHit & { complete: boolean })[] = [];
  for (const { score, complete, data } of candidates) {
    const page = withoutSlash(data.url);
    if (seen.has(page)) continue;
    seen.add(page);
    const kind = (['operation', 'schema', 'guide'] as const).find((value) => value === data.meta.kind) ?? 'guide';
    // Sections holding the query as a phrase answer it before sections holding its words apart.
    const phrased = phrase ? data.sub_results.filter((candidate) => phrase.test(plainText(candidate.excerpt))) : [];
    const sub = titleAnswers(data, words) ? undefined : bestSection(data, phrased.length > 0 ? phrased : undefined);
    const pointsAtPage = !sub || withoutSlash(sub.url) === page;
    hits.push({
      url: pointsAtPage ? data.url : sub.url,
      title: data.meta.title ?? data.url,
      heading: pointsAtPage ? undefined : sub.title,
      section: data.meta.section ?? '',
      kind,
      excerpt: pointsAtPage ? data.excerpt : sub.excerpt,
      score:
        score *
        (identifier ? 1 : kindWeights[kind]) *
        nameMatch(data, words) *
        (phrased.length > 0 || (phrase?.test(plainText(data.excerpt)) ?? false) ? 1.5 : 1),
      complete,
    });
  }
  return hits
    .sort((a, b) => Number(b.complete) - Number(a.complete) || b.score - a.score)
    .map(({ complete: _complete, ...hit }) => hit);
}
