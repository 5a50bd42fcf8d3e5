import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { parseRegistry, splitRouteTables, type GeneratedFiles } from './split';

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
];
`,
};
const options = {
  isLazyModule: (modulePath: string) => modulePath.startsWith('@site/docs/data-api/reference/'),
  helperRequest: '/abs/lazyRouteComponent.tsx',
  lazyTableRequest: './registry.js?lazy-route-table',
  // One route per table here, so that the two lazy routes land in two tables.
  routesPerTable: 1,
};

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

  test('lazy routes get a component that loads their lazy table; the others keep ComponentCreator', () => {
    expect(split.lazyRoutes).toEqual(['/docs/data-api/get-team', '/docs/data-api/schemas/order']);
    expect(split.routes).toContain(`lazyRouteComponent(lazyTables[0], '/docs/data-api/get-team', 'd2e')`);
    expect(split.routes).toContain(`lazyRouteComponent(lazyTables[1], '/docs/data-api/schemas/order', 'f00')`);
    expect(split.routes).toContain(`ComponentCreator('/getting-started/intro', '123')`);
    expect(split.routes).not.toContain(`ComponentCreator('/docs/data-api/`);
    expect(split.routes).toMatch(/^import lazyRouteComponent from "\/abs\/lazyRouteComponent\.tsx";/);
    expect(split.routes).toContain(
      `import(/* webpackChunkName: "lazy-route-table-1" */ "./registry.js?lazy-route-table=1")`,
    );
  });

  /** Evaluates lazy tables' bodies against stand-ins for the two tables they import. */
  function evaluate(tables: string[]) {
    const registry: Record<string, unknown> = {};
    const chunkNames: Record<string, unknown> = {};
    for (const table of tables) {
      const body = table
        .replace(/^import .*$/gm, '')
        .replace(/require\.resolveWeak\(("[^"]+")\)/g, '$1')
        .replace(/\(\) => import\([^)]*\)/g, 'null');
      runInNewContext(body, { registry, routesChunkNames: chunkNames });
    }
    return { registry, chunkNames };
  }

  test('the lazy tables together add back exactly what the main tables lost', () => {
    const { registry, chunkNames } = evaluate(split.lazyTables);
    expect(Object.keys(registry).sort()).toEqual(['aaaa1111', 'dddd4444']);
    expect(chunkNames).toEqual({
      '/docs/data-api/get-team-d2e': { __comp: 'cccc3333', content: 'aaaa1111' },
      '/docs/data-api/schemas/order-f00': { __comp: 'cccc3333', content: 'dddd4444' },
    });
  });

  test("each lazy table holds its own routes' entries only, so a page's table does not grow with the site", () => {
    expect(split.lazyTables).toHaveLength(2);
    expect(Object.keys(evaluate([split.lazyTables[1]]).registry)).toEqual(['dddd4444']);
    const together = splitRouteTables(files, { ...options, routesPerTable: 64 });
    expect(together.lazyTables).toHaveLength(1);
    expect(Object.keys(evaluate(together.lazyTables).registry).sort()).toEqual(['aaaa1111', 'dddd4444']);
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

  test('a lazy route routes.js does not create with ComponentCreator fails the build', () => {
    const changed = files.routes.replace(`ComponentCreator('/docs/data-api/get-team', 'd2e')`, `Other('x')`);
    expect(() => splitRouteTables({ ...files, routes: changed }, options)).toThrow(/found 0 times/);
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
