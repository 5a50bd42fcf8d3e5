import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { PageRunnerProps } from './pageRunner';

/**
 * The runner as a recipe page mounts it: a chunk of its own, fetched once the page has hydrated, so no guide or
 * operation page carries it (tests/e2e/weight.spec.ts budgets theirs) and the server's HTML has no form that cannot
 * work before the scripts run.
 */
const PageRunner = lazy(() => import('./pageRunner'));

const subscribe = () => () => undefined;

export default function LazyRecipeRunner(props: PageRunnerProps): ReactNode {
  // True in the browser only, once hydrated (the server's snapshot is false and the value never changes after).
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PageRunner {...props} />
    </Suspense>
  );
}
