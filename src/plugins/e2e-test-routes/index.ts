import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** Routes only the browser tests use; the plugin is added to the config only when E2E_TEST_ROUTES=1. */
export const e2eRoutes = {
  crash: '/__e2e/crash',
  lazy: '/__e2e/lazy',
} as const;

export default function e2eTestRoutesPlugin(context: LoadContext): Plugin {
  const component = (name: string) => path.join(__dirname, 'components', name);
  return {
    name: 'e2e-test-routes',
    contentLoaded: ({ actions }) => {
      actions.addRoute({
        path: `${context.baseUrl}${e2eRoutes.crash.slice(1)}`,
        component: component('CrashProbe'),
        exact: true,
      });
      actions.addRoute({
        path: `${context.baseUrl}${e2eRoutes.lazy.slice(1)}`,
        component: component('LazyProbe'),
        exact: true,
      });
      return Promise.resolve();
    },
  };
}
