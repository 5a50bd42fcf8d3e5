import { describe, expect, test } from 'vitest';
import {
  getActiveDocContext,
  getActivePlugin,
  getActiveVersion,
} from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
import type { GlobalPluginData } from '@docusaurus/plugin-content-docs/client';
import { hasDocCards, withLightContent, withoutDocList, withoutVersionDocs } from './lib';

const version = (path: string, docs: string[]) => ({
  name: 'current',
  label: 'Next',
  isLast: true,
  path,
  mainDocId: docs[0],
  docs: docs.map((id) => ({ id, path: `${path}/${id}`, sidebar: 'main' })),
  draftIds: [],
  sidebars: { main: { link: { path: `${path}/${docs[0]}`, label: docs[0] } } },
});

const allData: Record<string, GlobalPluginData> = {
  default: { path: '/docs', versions: [version('/docs', ['intro', 'data-api/get-team'])], breadcrumbs: true },
  'getting-started': {
    path: '/getting-started',
    versions: [version('/getting-started', ['intro/start-here'])],
    breadcrumbs: true,
  },
};
const lean = Object.fromEntries(Object.entries(allData).map(([id, data]) => [id, withoutDocList(data)]));

describe('docs global data without the doc list', () => {
  test('drops every listed doc and keeps the rest of each version', () => {
    expect(lean.default.versions[0].docs).toEqual([]);
    expect(lean.default.versions[0]).toEqual({ ...allData.default.versions[0], docs: [], draftIds: [] });
    expect(lean.default.breadcrumbs).toBe(true);
  });

  test.each(['/docs/data-api/get-team', '/getting-started/intro/start-here', '/docs/', '/elsewhere'])(
    'still tells which plugin and version %s belongs to (what the theme asks)',
    (pathname) => {
      const active = getActivePlugin(allData, pathname);
      const leanActive = getActivePlugin(lean, pathname);
      expect(leanActive?.pluginId).toBe(active?.pluginId);
      if (active && leanActive) {
        expect(getActiveVersion(leanActive.pluginData, pathname)?.name).toBe(
          getActiveVersion(active.pluginData, pathname)?.name,
        );
      }
    },
  );

  test('only the active-doc lookup, which this site does not use, loses its answer', () => {
    expect(getActiveDocContext(allData.default, '/docs/data-api/get-team').activeDoc?.id).toBe('data-api/get-team');
    expect(getActiveDocContext(lean.default, '/docs/data-api/get-team').activeDoc).toBeUndefined();
  });
});

describe('version metadata without the docs map', () => {
  const route = {
    path: '/docs',
    props: { version: { version: 'current', docsSidebars: { apiSidebar: [1] }, docs: { intro: { title: 'x' } } } },
    routes: [{ path: '/docs', routes: [{ path: '/docs/intro', props: { other: true } }] }],
  };

  test('empties the docs map of the version root and keeps its sidebars and every route', () => {
    const lean = withoutVersionDocs(route);
    expect(lean.props.version).toEqual({ version: 'current', docsSidebars: { apiSidebar: [1] }, docs: {} });
    expect(lean.routes).toEqual(route.routes);
    // The original is untouched: Docusaurus may hold on to it.
    expect(route.props.version.docs).toEqual({ intro: { title: 'x' } });
  });

  test('a generated-index category (DocCards read the map) is found at any depth', () => {
    interface Item {
      type: string;
      link?: { type: string };
      items: Item[];
    }
    const category = (link?: { type: string }, items: Item[] = []): Item => ({ type: 'category', link, items });
    expect(hasDocCards({ sidebars: { a: [category({ type: 'doc' }, [category()])] } })).toBe(false);
    expect(hasDocCards({ sidebars: { a: [category(undefined, [category({ type: 'generated-index' })])] } })).toBe(true);
  });
});

describe('withLightContent', () => {
  const page = (source: string) => ({
    path: `/docs/${source}`,
    component: '@theme/DocItem',
    exact: true,
    modules: { content: `@site/docs/${source}.mdx` },
    sidebar: 'data',
  });
  const tree = {
    path: '/docs',
    component: '@theme/DocsRoot',
    routes: [
      {
        path: '/docs',
        component: '@theme/DocVersionRoot',
        props: { version: { docs: {} } },
        routes: [{ path: '/docs', component: '@theme/DocRoot', routes: [page('webhooks'), page('data-api/get-team')] }],
      },
    ],
  };

  test("routes a light page to its JSON module, deep in the docs' route tree, and leaves every other route as it was", () => {
    const modules = new Map([['@site/docs/data-api/get-team.mdx', '@generated/light/data-api/get-team.json']]);
    const routed = withLightContent(tree, modules);
    const leaves = routed.routes![0].routes![0].routes!;
    expect(leaves.map((leaf) => leaf.modules?.content)).toEqual([
      '@site/docs/webhooks.mdx',
      '@generated/light/data-api/get-team.json',
    ]);
    // Everything but the module is the route Docusaurus made, and the tree given is not changed.
    expect({ ...leaves[1], modules: undefined }).toEqual({ ...page('data-api/get-team'), modules: undefined });
    expect(routed.routes![0].props).toEqual(tree.routes[0].props);
    expect(tree.routes[0].routes[0].routes[1].modules.content).toBe('@site/docs/data-api/get-team.mdx');
    expect(withLightContent(tree, new Map())).toEqual(tree);
  });

  test('collects the sources it routed to their module, and only those, for the check that none was missed', () => {
    const modules = new Map([
      ['@site/docs/data-api/get-team.mdx', '@generated/light/data-api/get-team.json'],
      ['@site/docs/data-api/no-route.mdx', '@generated/light/data-api/no-route.json'],
    ]);
    const routed = new Set<string>();
    withLightContent(tree, modules, routed);
    expect([...routed]).toEqual(['@site/docs/data-api/get-team.mdx']);
  });
});
