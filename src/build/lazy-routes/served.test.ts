import { expect, test } from 'vitest';
import { categoryKey, lazyTableFile, servedModules } from './served';
import { categoryFile } from '../../core/lazy-routes/categoryFile';

const modulePath = '@site/docs/data-api/reference/get-team.mdx';
const files = {
  registry: `export default {\n  "aaaa1111": [() => import(/* webpackChunkName: "aaaa1111" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],};\n`,
  routesChunkNames: JSON.stringify({ '/docs/data-api/get-team-d2e': { content: 'aaaa1111' } }),
  routes: `import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/docs/data-api/get-team',
    component: ComponentCreator('/docs/data-api/get-team', 'd2e'),
    exact: true,
    sidebar: "apiSidebar"
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`,
};
const teams = {
  type: 'category',
  label: 'Teams',
  items: [
    { type: 'link', href: '/docs/data-api/get-team' },
    { type: 'link', href: '/docs/data-api/schemas/team' },
  ],
  customProps: { lazyItems: true },
};
const version = {
  file: '/site/.docusaurus/p/docs.json',
  text: JSON.stringify({ version: { docsSidebars: { apiSidebar: [teams] } } }),
};

test('serves the split tables and the pruned version metadata, each with its original; the categories are files', () => {
  const {
    modules: served,
    tables,
    tableChunks,
    files: categoryFiles,
  } = servedModules(files, [version], {
    isLazyModule: (path) => path.startsWith('@site/docs/'),
    helperRequest: '/abs/lazyRouteGroup.tsx',
    routesPerTable: () => 64,
  });
  expect(Object.keys(served).sort()).toEqual(
    ['registry.js', 'routesChunkNames.json', 'routes.js', version.file].sort(),
  );
  // The lazy table is a file of its own, which routes.js imports by its path.
  expect([...tables.keys()]).toEqual([lazyTableFile(0)]);
  expect(served['routes.js'].text).toContain(JSON.stringify(`./${lazyTableFile(0)}`));
  // The category's items, in a file named by their content, which the call's route names so the page loads it.
  const key = categoryKey(JSON.stringify(teams.items));
  expect(categoryFile(key)).toMatch(/^assets\/sidebar\/[0-9a-f]{16}\.json$/);
  expect([...categoryFiles.keys()]).toEqual([categoryFile(key)]);
  expect(JSON.parse(categoryFiles.get(categoryFile(key)) ?? '')).toEqual(teams.items);
  expect(tables.get(lazyTableFile(0))).toContain(`sidebarCategory: ${JSON.stringify(key)}`);
  expect(JSON.parse(served[version.file].text)).toMatchObject({
    version: { docsSidebars: { apiSidebar: [{ customProps: { lazyCategory: key } }] } },
  });
  expect(served[version.file]).toMatchObject({ original: version.text });
  expect(served[version.file].text).not.toContain('schemas/team');
  expect(served['routes.js'].original).toBe(files.routes);
  // The table's chunks, whose files it registers once bundled (./chunkFiles.ts).
  expect(tableChunks).toEqual([['aaaa1111']]);
});

test('a page of a lazy category whose route is not lazy stops the bundle, naming it', () => {
  const options = { helperRequest: '/abs/lazyRouteGroup.tsx', routesPerTable: () => 64 };
  // The category's other link is no route of the site: nothing to check.
  expect(() => servedModules(files, [version], { ...options, isLazyModule: () => true })).not.toThrow();
  expect(() => servedModules(files, [version], { ...options, isLazyModule: () => false })).toThrow(
    /1 page\(s\) of a lazy sidebar category are not lazy routes .* e\.g\. \/docs\/data-api\/get-team$/,
  );
});
