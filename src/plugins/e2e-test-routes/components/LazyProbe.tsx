import type { ReactNode } from 'react';
import Loadable from 'react-loadable';
import Layout from '@theme/Layout';
import Loading from '@theme/Loading';

/**
 * Loads part of its code lazily through the same loader and `@theme/Loading` component that every route uses, so
 * the browser tests can hold or fail that request and watch the spinner, the error box and Retry.
 */
const LazyContent = Loadable({
  loader: () => import(/* webpackChunkName: "e2e-lazy-probe" */ './LazyContent'),
  loading: Loading,
  delay: 200,
});

export default function LazyProbe(): ReactNode {
  return (
    <Layout title="Lazy probe">
      <main className="container margin-vert--lg">
        <h1>Lazy probe</h1>
        <LazyContent />
      </main>
    </Layout>
  );
}
