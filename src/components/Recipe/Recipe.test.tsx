import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { apis } from '@site/config/apis';
import { parseDocumentText } from '@site/src/core/openapi/parse';
import { loadRecipes } from '@site/src/build/recipes/load';
import { htmlPage } from '@site/src/build/llms/htmlPage';
import { recipePage } from '@site/src/build/recipes/pages';
import { recipes as options } from '@site/src/build/siteOptions';
import type { RecipeRunnerProps } from '.';
import Recipe, { RecipeIndex } from '.';

// Docusaurus's Mermaid theme draws in the browser only; on the server (and here) it renders its value as a marker.
vi.mock('@theme/Mermaid', () => ({
  default: ({ value }: { value: string }) => <div data-mermaid-stub={value.split('\n')[0]} />,
}));

const root = path.resolve(__dirname, '../../..');
const documents = new Map(
  apis.map((api) => [api.id, parseDocumentText(readFileSync(path.join(root, api.vendored), 'utf8'))]),
);
const history = loadRecipes(root, options.apis).find((recipe) => recipe.slug === 'player-match-history');
if (!history) throw new Error('no player-match-history recipe');
const page = recipePage(history, documents, options.apis);

describe('a recipe page', () => {
  it('draws each workflow as a flowchart: the steps, the goto edges, the ends', () => {
    expect(page.workflows[1].diagram).toBe(
      [
        'flowchart TD',
        '  start(["inputs: apiKey, playerId, game, offset, limit"])',
        '  s0["page: GET /players/{player_id}/history"]',
        '  s1[["nextPages: workflow historyPages"]]',
        '  done(["end"])',
        '  start --> s0',
        '  s0 -->|"historyRead"| done',
        '  s0 -->|"offsetLimitReached"| done',
        '  s0 -->|"morePages"| s1',
        '  s0 -->|"otherwise"| s1',
        '  s1 -->|"success"| done',
      ].join('\n'),
    );
  });

  it('draws no way past an action without criteria, and a failure branch as a dashed edge', () => {
    // readHistory's success action (historyRead: end) has no criteria: it always applies, so the run never goes on
    // to the next step in the list (searchNickname, reached only by findPlayer's failure on a 404).
    expect(page.workflows[0].diagram.split('\n').slice(6)).toEqual([
      '  start --> s0',
      '  s0 -->|"success"| s1',
      '  s0 -.->|"failure: noSuchNickname"| s2',
      '  s1 -->|"historyRead"| done',
      '  s2 -->|"success"| done',
    ]);
  });

  it("says where each step's run goes, with an 'otherwise' only where an action's criteria may not be met", () => {
    const html = renderToStaticMarkup(<Recipe recipe={page} />);
    const then = (stepId: string) =>
      [
        ...(
          new RegExp(`id="step-player-match-history-${stepId}"[\\s\\S]*?<dt>Then</dt><dd><ul>([\\s\\S]*?)</ul>`).exec(
            html,
          )?.[1] ?? ''
        ).matchAll(/<li>([\s\S]*?)<\/li>/g),
      ].map((match) => match[1].replace(/<[^>]+>/g, ''));
    expect(then('read-history').join(' | ')).not.toMatch(/otherwise|searchNickname/);
    expect(then('find-player').at(-1)).toBe('on failure, otherwise: the run stops with the answer');
    expect(then('find-player').join(' | ')).toMatch(/on failure: noSuchNickname/);
    expect(then('search-nickname')).toContain('on failure: the run stops with the answer');
  });

  it('links each step to its call’s page and shows what it sends, keeps and needs', () => {
    const html = renderToStaticMarkup(<Recipe recipe={page} />);
    expect(html).toContain('<a href="/docs/data-api/get-player-by-lookup">');
    expect(html).toContain('<a href="/docs/data-api/get-player-history">');
    expect(html).toContain('<code>$inputs.nickname</code>');
    expect(html).toContain('<code>$steps.findPlayer.outputs.playerId</code>');
    expect(html).toContain('<code>$response.body#/player_id</code>');
    expect(html).toContain('<code>$statusCode == 200</code>');
    expect(html).toContain('<a href="#step-history-pages-next-pages">step nextPages</a>');
    expect(html).toContain('data-mermaid-stub="flowchart TD"');
    // The input's example, and no example for the credential.
    expect(html).toContain('<code>Kestrel</code>');
    expect(html).not.toContain('data-recipe-runner');
  });

  it('keeps a place for the runner, with the first workflow', () => {
    const Runner = ({ recipe, workflow }: RecipeRunnerProps) => <p>run {`${recipe.slug}/${workflow.id}`}</p>;
    const html = renderToStaticMarkup(<Recipe recipe={page} Runner={Runner} />);
    expect(html.match(/data-recipe-runner="([^"]+)"/g)).toEqual(['data-recipe-runner="playerMatchHistory"']);
    expect(html).toContain('<p>run player-match-history/playerMatchHistory</p>');
  });

  it('shows the recipe as a program in each language, every panel in the page (and so in its Markdown twin)', () => {
    const html = renderToStaticMarkup(<Recipe recipe={page} />);
    expect(html.match(/data-recipe-code-tab="([^"]+)"/g)).toEqual([
      'data-recipe-code-tab="shell"',
      'data-recipe-code-tab="node"',
      'data-recipe-code-tab="python"',
    ]);
    // The first is shown; the others are in the page, hidden until chosen.
    expect(html.match(/data-recipe-code-panel="[^"]+"/g)).toHaveLength(3);
    expect(html.match(/hidden="" data-recipe-code-panel/g)).toHaveLength(2);
    for (const [language, grammar] of [
      ['shell', 'bash'],
      ['node', 'javascript'],
      ['python', 'python'],
    ]) {
      expect(html).toMatch(new RegExp(`data-recipe-code-panel="${language}".*?class="prism-code language-${grammar} `));
    }
    expect(html).toContain('<code>player-match-history.py</code>');
    expect(html).toContain('id="run-it-as-code"');
  });

  it('gives the Markdown twin, written from the built page, each program as a fenced code block', () => {
    const body = renderToStaticMarkup(<Recipe recipe={page} />);
    const { markdown } = htmlPage(`<html><head><title>T</title></head><body><main>${body}</main></body></html>`);
    for (const program of page.code) {
      // The twin writer makes every run of blank lines one (Python's two between functions too).
      const code = program.code.trimEnd().replace(/\n{3,}/g, '\n\n');
      expect(markdown).toContain(`\`\`\`${program.prism}\n${code}\n\`\`\``);
    }
  });

  it('lists the recipes on the index', () => {
    const html = renderToStaticMarkup(
      <RecipeIndex
        recipes={[
          { slug: 's', href: '/getting-started/recipes/s', title: 'T', summary: 'S.', apis: ['Data API'], steps: 2 },
        ]}
      />,
    );
    expect(html).toContain('<li><a href="/getting-started/recipes/s">T</a>: S. (Data API; 2 steps)</li>');
  });
});
