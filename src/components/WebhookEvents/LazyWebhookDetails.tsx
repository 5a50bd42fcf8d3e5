import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type Details from './WebhookDetails';

/**
 * A webhook page's details in a chunk of their own: the generated pages take their components from the docs page
 * component (a page imports nothing: src/build/pages/pages.ts), whose code every operation page loads,
 * and only webhook pages show these. The build renders them whole (Docusaurus waits for every Suspense boundary); in
 * the browser, the server's markup stays until the chunk has loaded.
 */
const WebhookDetails = lazy(() => import('./WebhookDetails'));

export default function LazyWebhookDetails(props: ComponentProps<typeof Details>): ReactNode {
  return (
    <Suspense fallback={null}>
      <WebhookDetails {...props} />
    </Suspense>
  );
}
