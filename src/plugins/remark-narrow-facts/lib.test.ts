import { readFileSync } from 'node:fs';
import { compile } from '@mdx-js/mdx';
import { describe, expect, test } from 'vitest';
import { apiFacts } from '../../core/openapi/facts';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { factsImports, factsNeeds, narrowFacts, redirectImport, type FactsNeeds } from './lib';

/** Runs the functions inside the real MDX compiler (the one Docusaurus uses) and returns what they saw and wrote. */
async function run(mdx: string, name = 'data', to?: string): Promise<{ needs: FactsNeeds; code: string }> {
  let needs: FactsNeeds = 'all';
  const plugin = () => (tree: unknown) => {
    needs = factsNeeds(tree, name);
    const source = factsImports(tree).get(name);
    if (to && source) redirectImport(tree, source, to);
  };
  const code = String(await compile(mdx, { remarkPlugins: [plugin] }));
  return { needs, code };
}

const header = "import data from '@site/.generated/facts/data-v4.json';\n\n";

describe('what a page uses of its facts', () => {
  test('the calls of its CallLinks (get unless told) and the paths of its PagingFigures', async () => {
    const { needs } = await run(
      `${header}List with <CallLink facts={data} path="/games" />, post with <CallLink facts={data} path="/x" method="post" />.\n\n` +
        `At most <PagingFigure facts={data} path="/games" figure="limitMaximum" />.\n\n<AtAGlance facts={data} reference="/api/data" />\n`,
    );
    expect(needs).toEqual({
      calls: [
        { path: '/games', method: 'get' },
        { path: '/x', method: 'post' },
      ],
      paging: ['/games'],
    });
  });

  test('anything it cannot read with certainty keeps the whole file', async () => {
    const cases = [
      '<PagingTable facts={data} />',
      '<CallList facts={data} />',
      '<Unknown facts={data} />',
      'There are {data.operations.length} calls.',
      '<AtAGlance facts={data.paging} />',
      '<AtAGlance {...data} />',
      '<CallLink facts={[data]} path="/games" />',
      '<EnvSetup apis={[data, data.paging]} />',
      'export const calls = data.operations;',
    ];
    for (const body of cases) expect((await run(`${header}${body}\n`)).needs, body).toBe('all');
  });

  test("a summary component's list of whole names reads the summary only", async () => {
    const { needs } = await run(
      `${header}import chat from '@site/.generated/facts/chat-v1.json';\n\n<EnvSetup apis={[data, chat]} limits={{ MESSAGE_MAX_LENGTH: 'body' }} />\n`,
    );
    expect(needs).toEqual({ calls: [], paging: [] });
  });

  test('other names and imports are not taken for it', async () => {
    const { needs } = await run(
      `${header}import metadata from './x.json';\n\n<AtAGlance facts={metadata} /> and {database} and <CallLink facts={data} path="/a" />\n`,
    );
    expect(needs).toEqual({ calls: [{ path: '/a', method: 'get' }], paging: [] });
  });

  test("the import is pointed at the cut in the compiled page's code", async () => {
    const { code } = await run(
      `${header}<CallLink facts={data} path="/a" />\n`,
      'data',
      '@site/.generated/facts/narrow/x.json',
    );
    expect(code).toContain('"@site/.generated/facts/narrow/x.json"');
    expect(code).not.toContain('facts/data-v4.json');
  });
});

describe('the cut', () => {
  const facts = apiFacts(readVendoredDocument('data'), 'data-v4', '/docs/data-api');

  test('keeps the summary and only the named calls and paging entries', () => {
    const cut = narrowFacts(facts, { calls: [{ path: '/games', method: 'get' }], paging: ['/championships'] });
    expect(cut.operations.flatMap((group) => group.calls.map((call) => `${call.method} ${call.path}`))).toEqual([
      'get /games',
    ]);
    expect(cut.paging.map((entry) => entry.path)).toEqual(['/championships']);
    const { operations, paging, ...summary } = cut;
    const { operations: allOperations, paging: allPaging, ...fullSummary } = facts;
    expect(summary).toEqual(fullSummary);
    expect(operations.length).toBeLessThan(allOperations.length);
    expect(paging.length).toBeLessThan(allPaging.length);
    expect(JSON.stringify(cut).length).toBeLessThan(JSON.stringify(facts).length / 4);
    expect(narrowFacts(facts, 'all')).toBe(facts);
  });

  test("every guide's CallLinks and PagingFigures still find their call in the cut", async () => {
    const guide = readFileSync('getting-started/intro/start-here.mdx', 'utf8');
    const { needs } = await run(guide.replace(/^---[\s\S]*?---\n/, ''));
    expect(needs).not.toBe('all');
    if (needs === 'all') return;
    const cut = narrowFacts(facts, needs);
    for (const call of needs.calls.filter((need) => need.path !== '/rooms/{room_id}/messages')) {
      expect(cut.operations.some((group) => group.calls.some((c) => c.path === call.path))).toBe(true);
    }
  });
});
