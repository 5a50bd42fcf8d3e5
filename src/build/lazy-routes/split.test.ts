import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { balancedRoutesPerTable, parseRegistry, splitRouteTables, type GeneratedFiles } from './split';
import { chunkFilesPlaceholder } from './chunkFiles';
import { tableIndex } from '../../core/lazy-routes/tableIndex';

// The shape Docusaurus 3.10 generates (.docusaurus/registry.js, routesChunkNames.json, routes.js), cut down.
const entry = (chunk: string, modulePath: string) =>
  `  "${chunk}": [() => import(/* webpackChunkName: "${chunk}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")]`;
const files: GeneratedFiles = {
  registry: `export default {\n${[
    entry('aaaa1111', '@site/docs/data-api/reference/get-team.mdx'),
    entry('bbbb2222', '@site/getting-started/intro.mdx'),
    entry('cccc3333', '@theme/DocItem'),
    entry('dddd4444', '@site/docs/data-api/reference/schemas/order.mdx'),
  ].join(',\n')},};\n`,
  routesChunkNames: JSON.stringify({
    '/docs/data-api/get-team-d2e': { __comp: 'cccc3333', content: 'aaaa1111' },
    '/docs/data-api/schemas/order-f00': { __comp: 'cccc3333', content: 'dddd4444' },
    '/getting-started/intro-123': { __comp: 'cccc3333', content: 'bbbb2222' },
  }),
  routes: `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/docs/data-api/get-team',
    component: ComponentCreator('/docs/data-api/get-team', 'd2e'),
    exact: true,
    sidebar: "apiSidebar"
  },
  {
    path: '/docs/data-api/schemas/order',
    component: ComponentCreator('/docs/data-api/schemas/order', 'f00'),
    exact: true
  },
  {
    path: '/getting-started/intro',
    component: ComponentCreator('/getting-started/intro', '123'),
    exact: true
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`,
};
const options = {
  isLazyModule: (modulePath: string) => modulePath.startsWith('@site/docs/data-api/reference/'),
  helperRequest: '/abs/lazyRouteGroup.tsx',
  lazyTableRequest: (table: number) => `./lazy-route-tables/table-${table}.js`,
  // One route per table here, so that the two lazy routes land in two tables.
  routesPerTable: () => 1,
};

/** Runs a generated module's text with stand-ins for what it imports; its default export lands in `exported`. */
function runModule(text: string, context: Record<string, unknown>): void {
  const body = text
    .replace(/^import .*$/gm, '')
    .replace(/require\.resolveWeak\(("[^"]+")\)/g, '$1')
    .replace(/\(\) => import\([^)]*\)/g, 'null')
    .replace('export default', 'exported =');
  runInNewContext(body, context);
}

describe('splitting the route tables', () => {
  const split = splitRouteTables(files, options);

  test('reads every registry entry', () => {
    expect(parseRegistry(files.registry).map((e) => e.chunkName)).toEqual([
      'aaaa1111',
      'bbbb2222',
      'cccc3333',
      'dddd4444',
    ]);
  });

  test('the main registry keeps only the entries of modules that are not lazy', () => {
    expect(parseRegistry(split.registry).map((e) => e.chunkName)).toEqual(['bbbb2222', 'cccc3333']);
    expect(split.registry).not.toContain('reference');
  });

  test('the main chunk-name table keeps only the routes that are not lazy', () => {
    expect(Object.keys(JSON.parse(split.routesChunkNames) as object)).toEqual(['/getting-started/intro-123']);
  });

  /** Evaluates a routes module's text with stand-ins for what it imports; returns its default export. */
  function evaluateRoutes(text: string): { path: string; lazyGroup?: unknown; sidebar?: string; hash?: string }[] {
    const context = {
      exported: [] as unknown[],
      ComponentCreator: (path: string, hash: string) => ({ path, hash }),
      createLazyRouteGroup: (folder: string, tables: unknown[], inRoot?: boolean) => ({
        folder,
        tables: tables.length,
        inRoot: inRoot ?? false,
        Component: 'group',
      }),
      registry: {},
      routesChunkNames: {},
    };
    runModule(text, context);
    return (context.exported as { path: string; component: { hash?: string } }[]).map((route) => ({
      ...route,
      hash: route.component.hash,
    }));
  }

  test('lazy routes leave routes.js; one route for their folder comes last in their array', () => {
    expect(split.lazyRoutes).toEqual(['/docs/data-api/get-team', '/docs/data-api/schemas/order']);
    expect(split.routes).not.toContain(`ComponentCreator('/docs/data-api/`);
    expect(split.routes).toMatch(/^import \{ createLazyRouteGroup \} from "\/abs\/lazyRouteGroup\.tsx";/);
    expect(split.routes).toContain(
      `import(/* webpackChunkName: "lazy-route-table-1" */ "./lazy-route-tables/table-1.js")`,
    );
    const routes = evaluateRoutes(split.routes);
    expect(routes.map((route) => route.path)).toEqual(['/getting-started/intro', '/docs/data-api/', '*']);
    expect(routes[1]).toMatchObject({
      lazyGroup: { folder: '/docs/data-api/', tables: 2, inRoot: true },
      sidebar: 'apiSidebar',
    });
  });

  test('the group route is a valid element wherever the array ends: after a kept route without a comma too', () => {
    // A docs root's nested array, as Docusaurus nests a docs instance's routes.
    const lastWithoutComma = `import ComponentCreator from '@docusaurus/ComponentCreator';
export default [
  {
    path: '/docs',
    component: ComponentCreator('/docs', 'abc'),
    routes: [
      {
        path: '/docs/intro',
        component: ComponentCreator('/docs/intro', '123'),
        exact: true
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;
    const kept = splitRouteTables(
      { ...files, routes: `${lastWithoutComma}` },
      { ...options, isLazyModule: () => false },
    );
    expect(kept.routes).toBe(lastWithoutComma);
    const lazyLast = lastWithoutComma.replace(
      /exact: true\n {6}\}\n {4}\]/,
      `exact: true\n      },\n      {\n        path: '/docs/data-api/get-team',\n        component: ComponentCreator('/docs/data-api/get-team', 'd2e'),\n        exact: true\n      }\n    ]`,
    );
    expect(lazyLast).toContain("'/docs/data-api/get-team'");
    const chunkNamesOnlyTeam = JSON.stringify({
      '/docs/data-api/get-team-d2e': { __comp: 'cccc3333', content: 'aaaa1111' },
    });
    const registryOnlyTeam = files.registry.replace(/\n {2}"dddd4444"[^\n]*\]/, '');
    const split2 = splitRouteTables(
      { registry: registryOnlyTeam, routesChunkNames: chunkNamesOnlyTeam, routes: lazyLast },
      options,
    );
    const [docs] = evaluateRoutes(split2.routes) as unknown as { routes: { path: string; lazyGroup?: object }[] }[];
    expect(docs.routes.map((route) => route.path)).toEqual(['/docs/intro', '/docs/data-api/']);
    // Not the root array: the docs root expands it, and shows its own not-found content.
    expect(docs.routes[1].lazyGroup).toMatchObject({ inRoot: false });
  });

  test('a root array without the not-found route last is a format this code does not know: the build fails', () => {
    const withoutCatchAll = files.routes.replace(
      / {2}\{\n {4}path: '\*',\n {4}component: ComponentCreator\('\*'\),\n {2}\},\n/,
      '',
    );
    expect(withoutCatchAll).not.toContain("'*'");
    expect(() => splitRouteTables({ ...files, routes: withoutCatchAll }, options)).toThrow(/not-found route/);
  });

  test("in the root array, a split reference's tag pages' group goes before the not-found route, the index stays", () => {
    const tagEntry = (chunk: string, slug: string) =>
      entry(chunk, `@generated/single-page-reference/default/tags/graph/${slug}.json`);
    const rootFiles: GeneratedFiles = {
      registry: `export default {\n${[
        entry('eeee5555', '@generated/single-page-reference/default/p/api-graph-5e4.json'),
        tagEntry('ffff6666', 'users'),
        tagEntry('abab7777', 'groups'),
        entry('cdcd8888', '@site/src/components/SinglePageReference'),
      ].join(',\n')},};\n`,
      routesChunkNames: JSON.stringify({
        '/api/graph-1a1': { __comp: 'cdcd8888', __props: 'eeee5555' },
        '/api/graph/users-2b2': { __comp: 'cdcd8888', __props: 'ffff6666' },
        '/api/graph/groups-3c3': { __comp: 'cdcd8888', __props: 'abab7777' },
      }),
      routes: `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/api/graph',
    component: ComponentCreator('/api/graph', '1a1'),
    exact: true
  },
  {
    path: '/api/graph/groups',
    component: ComponentCreator('/api/graph/groups', '3c3'),
    exact: true
  },
  {
    path: '/api/graph/users',
    component: ComponentCreator('/api/graph/users', '2b2'),
    exact: true
  },
  {
    path: '/',
    component: ComponentCreator('/', 'e5f'),
    exact: true
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`,
    };
    const root = splitRouteTables(rootFiles, {
      ...options,
      isLazyModule: (modulePath) => modulePath.startsWith('@generated/single-page-reference/default/tags/graph/'),
    });
    expect(root.lazyRoutes).toEqual(['/api/graph/groups', '/api/graph/users']);
    const routes = evaluateRoutes(root.routes);
    // The group answers under /api/graph/ after the exact routes and before `*`, which would answer every path.
    expect(routes.map((route) => route.path)).toEqual(['/api/graph', '/', '/api/graph/', '*']);
    expect(routes[2]).toMatchObject({ lazyGroup: { folder: '/api/graph/', tables: 2 } });
    expect(Object.keys(JSON.parse(root.routesChunkNames) as object)).toEqual(['/api/graph-1a1']);
    expect(evaluate(root.lazyTables).routes.sort()).toEqual(['/api/graph/groups', '/api/graph/users']);
  });

  /** Evaluates lazy tables against stand-ins for the two tables they import; returns what they add and export. */
  function evaluate(tables: string[]) {
    const registry: Record<string, unknown> = {};
    const chunkNames: Record<string, unknown> = {};
    const routes: string[] = [];
    const registered: unknown[] = [];
    for (const table of tables) {
      const context = {
        registry,
        routesChunkNames: chunkNames,
        exported: [] as { path: string }[],
        ComponentCreator: () => null,
        registerChunkFiles: (files: unknown) => registered.push(files),
      };
      runModule(table, context);
      routes.push(...context.exported.map((route) => route.path));
    }
    return { registry, chunkNames, routes, registered };
  }

  test("each table registers its chunks' files (its placeholder until bundled) and names its chunks", () => {
    for (const [index, table] of split.lazyTables.entries()) {
      const { registry, registered } = evaluate([table]);
      expect(registered).toEqual([chunkFilesPlaceholder(index)]);
      expect(split.lazyTableChunks[index]).toEqual(Object.keys(registry));
      // Only server rendering reads an entry's module path; a lazy table is client-only.
      expect(Object.values(registry).map((entry) => (entry as unknown[])[1])).toEqual(
        Object.keys(registry).map(() => ''),
      );
    }
  });

  test('the lazy tables together add back exactly what the main tables lost', () => {
    const { registry, chunkNames, routes } = evaluate(split.lazyTables);
    expect(Object.keys(registry).sort()).toEqual(['aaaa1111', 'dddd4444']);
    expect(chunkNames).toEqual({
      '/docs/data-api/get-team-d2e': { __comp: 'cccc3333', content: 'aaaa1111' },
      '/docs/data-api/schemas/order-f00': { __comp: 'cccc3333', content: 'dddd4444' },
    });
    expect(routes.sort()).toEqual(['/docs/data-api/get-team', '/docs/data-api/schemas/order']);
  });

  test('each route is in the table its path hashes to, alone with its own entries', () => {
    expect(split.lazyTables).toHaveLength(2);
    for (const [index, table] of split.lazyTables.entries()) {
      const { registry, routes } = evaluate([table]);
      for (const route of routes) expect(tableIndex(route, 2)).toBe(index);
      expect(Object.keys(registry)).toHaveLength(routes.length);
    }
    const together = splitRouteTables(files, { ...options, routesPerTable: () => 64 });
    expect(together.lazyTables).toHaveLength(1);
    expect(evaluate(together.lazyTables).routes).toHaveLength(2);
  });

  test('with no lazy modules, every file is served as it was', () => {
    const none = splitRouteTables(files, { ...options, isLazyModule: () => false });
    expect(none.routes).toBe(files.routes);
    expect(none.registry).toBe(files.registry);
    expect(JSON.parse(none.routesChunkNames)).toEqual(JSON.parse(files.routesChunkNames));
  });

  test('a registry in another shape fails the build instead of shipping a half-split table', () => {
    const changed = files.registry.replace('require.resolveWeak', 'resolveWeak');
    expect(() => splitRouteTables({ ...files, registry: changed }, options)).toThrow(/1 of the expected shape|entries/);
  });

  test('a lazy route that is not a leaf of the known shape fails the build', () => {
    const changed = files.routes.replace(`ComponentCreator('/docs/data-api/get-team', 'd2e')`, `Other('x')`);
    expect(() => splitRouteTables({ ...files, routes: changed }, options)).toThrow(/not a leaf route/);
  });
});

describe('routes per table', () => {
  test('grow as the square root of the routes: fewer tables for every page, a larger one for its own pages', () => {
    expect(balancedRoutesPerTable(1)).toBe(1);
    // Ours (about 200 reference pages), then Microsoft Graph's 14,000.
    expect(balancedRoutesPerTable(200)).toBe(7);
    expect(balancedRoutesPerTable(14_000)).toBe(55);
    expect(Math.ceil(14_000 / balancedRoutesPerTable(14_000))).toBe(255);
  });

  test('a split uses it for each group', () => {
    const counted: number[] = [];
    const split = splitRouteTables(files, {
      ...options,
      routesPerTable: (routes) => {
        counted.push(routes);
        return 2;
      },
    });
    expect(counted).toEqual([2]);
    expect(split.lazyTables).toHaveLength(1);
  });
});

describe('the loader', () => {
  const loader = createRequire(import.meta.url)('./loader.cjs') as (this: unknown, source: string) => string;
  const served = { 'routes.js': { original: 'original', text: 'split' } };
  const run = (resourcePath: string, source: string, resourceQuery = '') =>
    loader.call({ getOptions: () => ({ files: served }), resourcePath, resourceQuery }, source);

  test('serves the split text for the file that was split', () => {
    expect(run('/site/.docusaurus/routes.js', 'original')).toBe('split');
  });

  test('refuses a file that changed after the split', () => {
    expect(() => run('/site/.docusaurus/routes.js', 'edited')).toThrow(/changed after it was split/);
  });

  test('passes other files through', () => {
    expect(run('/site/.docusaurus/registry.js', 'as is', '?other')).toBe('as is');
  });
});
