import type { ReactNode } from 'react';
import Layout from '@theme/Layout';

declare global {
  interface Window {
    __e2eCrash?: boolean;
  }
}

/** A widget that throws an error with a cause while the test sets `window.__e2eCrash`. */
function FragileWidget(): ReactNode {
  if (typeof window !== 'undefined' && window.__e2eCrash) {
    throw new Error('Widget failed to render', { cause: new Error('Upstream data was malformed') });
  }
  return <h1>Crash probe rendered</h1>;
}

/** A page whose content crashes inside the layout, as a real page's widget would, to show the crash page. */
export default function CrashProbe(): ReactNode {
  return (
    <Layout title="Crash probe">
      <main className="container margin-vert--lg">
        <FragileWidget />
      </main>
    </Layout>
  );
}
