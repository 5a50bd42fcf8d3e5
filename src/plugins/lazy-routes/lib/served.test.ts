import { expect, test } from 'vitest';
import { categoriesQuery, categoryQuery, lazyTableQuery, servedModules } from './served';

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

test('serves the split tables, the category list and modules, and the pruned version metadata, each with its original', () => {
  const served = servedModules(files, [version], {
    isLazyModule: (path) => path.startsWith('@site/docs/'),
    helperRequest: '/abs/lazyRouteGroup.tsx',
    routesPerTable: 64,
  });
  expect(Object.keys(served).sort()).toEqual(
    [
      'registry.js',
      `registry.js${lazyTableQuery}=0`,
      'routesChunkNames.json',
      'routes.js',
      `registry.js${categoriesQuery}`,
      `registry.js${categoryQuery}=0`,
      version.file,
    ].sort(),
  );
  expect(served[`registry.js${categoriesQuery}`].text).toContain(`"./registry.js${categoryQuery}=0"`);
  expect(JSON.parse(served[`registry.js${categoryQuery}=0`].text.replace(/^export default |;\n$/g, ''))).toEqual(
    teams.items,
  );
  // The call's route says which category to load with it.
  expect(served[`registry.js${lazyTableQuery}=0`].text).toContain('sidebarCategory: 0');
  expect(served[version.file]).toMatchObject({ original: version.text });
  expect(served[version.file].text).not.toContain('schemas/team');
  expect(served['routes.js'].original).toBe(files.routes);
});
